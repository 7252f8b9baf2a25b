import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriod, chargeDueMonthlyCardFees } from '../../server/cards/monthly-fees.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

/**
 * The monthly card fee (card-products.json `fees.monthly`): charged from the settlement account
 * once per card and month, from the month after activation, never twice, and a month the account
 * cannot pay is recorded unpaid and tried again a day later.
 */
for (const backend of BACKENDS) {
  describe(`monthly card fees on ${backend.name}`, () => {
    let test: TestServer;
    let card: { id: number; settlement: number; balance: bigint };

    const balanceOf = async (accountId: number) =>
      (await test.server.db.selectFrom('accounts').select('balance').where('id', '=', accountId).executeTakeFirstOrThrow()).balance;
    const monthlyFees = () =>
      test.server.db.selectFrom('ledger_transactions').select(['id', 'description']).where('description', 'like', 'Card monthly fee%').execute();

    beforeAll(async () => {
      test = await startTestServer(backend, { schedulerIntervalMs: 0 });
      const db = test.server.db;
      // Anna's active demo card, as if activated last month.
      const row = await db
        .selectFrom('cards as c')
        .innerJoin('accounts as a', 'a.id', 'c.account_id')
        .select(['c.id', 'a.settlement_account_id'])
        .where('c.status_id', '=', 2)
        .where('c.role', '=', 'current')
        .orderBy('c.id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('cards')
        .set({ activated_at: new Date('2026-10-15T10:00:00Z') })
        .where('id', '=', row.id)
        .execute();
      card = { id: row.id, settlement: row.settlement_account_id!, balance: await balanceOf(row.settlement_account_id!) };
    });
    afterAll(() => test?.close());

    it('charges nothing in the month of activation', async () => {
      const outcome = await chargeDueMonthlyCardFees(test.server.db, new Date('2026-10-20T00:00:00Z'));
      expect(outcome.charged).toBe(0);
      expect(await monthlyFees()).toHaveLength(0);
    });

    it('charges the next month once, however often and however concurrently it runs', async () => {
      const november = new Date('2026-11-02T08:00:00Z');
      const runs = await Promise.all([1, 2, 3].map(() => chargeDueMonthlyCardFees(test.server.db, november)));
      expect(runs.reduce((sum, run) => sum + run.charged, 0)).toBe(1);
      expect(await chargeDueMonthlyCardFees(test.server.db, new Date('2026-11-28T08:00:00Z'))).toEqual({ charged: 0, unpaid: 0 });
      const fees = await monthlyFees();
      expect(fees).toHaveLength(1);
      expect(fees[0]!.description).toMatch(/^Card monthly fee: /);
      expect(await balanceOf(card.settlement)).toBeLessThan(card.balance);
      const row = await test.server.db.selectFrom('card_monthly_fees').selectAll().where('card_id', '=', card.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ period: billingPeriod(november), status: 'charged' });
    });

    it('records a month the account cannot pay as unpaid, moves nothing, and tries again a day later', async () => {
      const db = test.server.db;
      const before = await balanceOf(card.settlement);
      await db
        .updateTable('accounts')
        .set({ balance_min: before + 1n })
        .where('id', '=', card.settlement)
        .execute();
      const december = new Date('2026-12-01T09:00:00Z');
      expect(await chargeDueMonthlyCardFees(db, december)).toEqual({ charged: 0, unpaid: 1 });
      expect(await balanceOf(card.settlement)).toBe(before);
      // Not again within the day.
      expect(await chargeDueMonthlyCardFees(db, new Date('2026-12-01T20:00:00Z'))).toEqual({ charged: 0, unpaid: 0 });
      await db.updateTable('accounts').set({ balance_min: 0n }).where('id', '=', card.settlement).execute();
      expect(await chargeDueMonthlyCardFees(db, new Date('2026-12-02T10:00:00Z'))).toEqual({ charged: 1, unpaid: 0 });
      expect(await monthlyFees()).toHaveLength(2);
      expect(await balanceOf(card.settlement)).toBeLessThan(before);
    });

    it('charges no cancelled card', async () => {
      const db = test.server.db;
      await db.updateTable('cards').set({ status_id: 4 }).where('id', '=', card.id).execute();
      expect(await chargeDueMonthlyCardFees(db, new Date('2027-01-05T09:00:00Z'))).toEqual({ charged: 0, unpaid: 0 });
      expect((await checkLedgerInvariant(db)).holds).toBe(true);
    });
  });
}
