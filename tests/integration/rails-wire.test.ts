/**
 * Wire payouts on the sandbox wire rail (issue 15, first slice), against the real server on PGlite and
 * PostgreSQL: a wire holds amount plus fee and goes pending, sent, settled (the hold posted, the history
 * shows it); returned before settlement gives amount and fee back, after settlement the amount back and
 * the fee kept, with the reason code in the timeline; a rail report delivered twice changes nothing; a
 * bad IBAN or SWIFT code is refused on its field and an amount over the limit on the amount, with nothing
 * written; concurrent wires never overdraw nor pass the daily limit; another customer's payout or
 * account is refused with 13. The sandbox network's own clock is moved by the scheduler's job.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from '../../server/ledger/money.ts';
import { transferLimits } from '../../server/pricing/pricing.ts';
import { wireSettlementTime } from '../../server/rails/business-days.ts';
import { railAdapters } from '../../server/rails/adapters.ts';
import { advanceRailPayouts, collectRailReports, resendPendingPayouts } from '../../server/rails/payouts.ts';
import { sandboxRail } from '../../server/rails/sandbox-rail.ts';
import { BACKENDS } from './harness.ts';
import { railTestServer, type RailCustomer } from './rails-support.ts';
import { HEALTHY, ledgerHealth } from './ledger-support.ts';

/** A beneficiary with a published valid IBAN and BIC (Commerzbank's example account). */
const ADA = { beneficiaryName: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX' };
/** The wire fee on small amounts: the minimum of schemas/data/transfer-pricing.json, 15.00. */
const MIN_FEE = 15_00n;

type Customer = RailCustomer;

for (const backend of BACKENDS) {
  describe(`wire payouts on ${backend.name}`, () => {
    const railServer = railTestServer(backend);
    const { db, rpc, payoutStatus } = railServer;
    const wire = (from: Customer, amount: string, beneficiary: object = ADA) =>
      rpc('wireTransfer', { idempotencyKey: randomUUID(), accountId: from.account, amount, ...beneficiary }, from.tokens);
    /** The sandbox network settles, returns or fails a payout, as a tester does from /sandbox/rails. */
    const network = (operationId: number, action: string, reasonCode?: string) => railServer.network('wire', operationId, action, reasonCode);
    const usd = railServer.balance;
    /** A fresh customer with `funds` minor units of USD, signed in, sending without a second factor. */
    const newCustomer = (name: string, funds: bigint) => railServer.newCustomer(name, funds);

    it('holds amount plus fee, then posts it when the rail settles; the history and the timeline show it', async () => {
      const ada = await newCustomer('settled', 1_000_00n);
      const sent = await wire(ada, '100.00');
      expect(sent).toMatchObject({ responseCode: '00', status: 'processing', amount: '100.00', fee: '15.00', currencyCode: 'USD' });
      expect(await usd(ada)).toMatchObject({ balance: 1_000_00n, pending: 115_00n });

      expect((await network(sent.operationId!, 'settle')).body).toEqual({ state: 'settled' });
      expect(await usd(ada)).toMatchObject({ balance: 885_00n, pending: 0n });
      const status = await payoutStatus(ada, sent.operationId!);
      expect(status).toMatchObject({ responseCode: '00', state: 'settled', amount: '100.00', fee: '15.00', beneficiaryName: 'Ada Lovelace' });
      expect(status.timeline!.map((step) => step.state)).toEqual(['pending', 'sent', 'settled']);

      const history = (await railServer.client.rpc('transactionHistory', { accountId: ada.account }, { token: ada.tokens.accessToken })).body;
      const line = history.transactions.find((transaction: { description?: string }) => transaction.description === 'Wire to Ada Lovelace');
      expect(line).toMatchObject({ amount: '-115.00', currencyCode: 'USD', operationType: 'Withdrawal', state: 'completed' });
      const details = await rpc('transferDetails', { transactionId: line.transactionId }, ada.tokens);
      expect(details).toMatchObject({ responseCode: '00', transaction: { transferKind: 'wire', transferStatus: 'completed', fee: '15.00' } });
      // The same line in the reader's language.
      const inRussian = await railServer.client.post(
        `/api?method=transactionHistory`,
        { method: 'transactionHistory', accountId: ada.account },
        { authorization: `Bearer ${ada.tokens.accessToken}`, 'accept-language': 'ru' },
      );
      expect(inRussian.body.transactions.map((transaction: { description?: string }) => transaction.description)).toContain('Банковский перевод: Ada Lovelace');
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('gives amount and fee back when the wire is returned before it settles, with the reason in the timeline', async () => {
      const ben = await newCustomer('returned', 1_000_00n);
      const sent = await wire(ben, '200.00');
      expect((await network(sent.operationId!, 'return', 'AC04')).body).toEqual({ state: 'returned' });

      expect(await usd(ben)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      const status = await payoutStatus(ben, sent.operationId!);
      expect(status).toMatchObject({ state: 'returned', reasonCode: 'AC04' });
      expect(status.timeline!.at(-1)).toMatchObject({ state: 'returned', reasonCode: 'AC04' });
      const transfer = await db()
        .selectFrom('transfers')
        .select(['status', 'decline_reason'])
        .where('id', '=', BigInt(sent.operationId!))
        .executeTakeFirstOrThrow();
      expect(transfer).toEqual({ status: 'failed', decline_reason: 'AC04' });
      // A returned payout ends there: the network cannot settle it afterwards.
      expect((await network(sent.operationId!, 'settle')).status).toBe(409);
      expect(await usd(ben)).toMatchObject({ balance: 1_000_00n, pending: 0n });
    });

    it('refunds the amount but keeps the fee when a settled wire is returned later', async () => {
      const cy = await newCustomer('late-return', 1_000_00n);
      const sent = await wire(cy, '300.00');
      await network(sent.operationId!, 'settle');
      expect(await usd(cy)).toMatchObject({ balance: 1_000_00n - 300_00n - MIN_FEE, pending: 0n });

      expect((await network(sent.operationId!, 'return', 'MD07')).body).toEqual({ state: 'returned' });
      expect(await usd(cy)).toMatchObject({ balance: 1_000_00n - MIN_FEE, pending: 0n });
      const status = await payoutStatus(cy, sent.operationId!);
      expect(status.timeline!.map((step) => step.state)).toEqual(['pending', 'sent', 'settled', 'returned']);
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('lets a tester return a payout from the /sandbox/rails page, offering only what the state machine allows', async () => {
      const ned = await newCustomer('page', 1_000_00n);
      const sent = await wire(ned, '60.00');
      const article = async () => {
        const page = (await railServer.client.get('/sandbox/rails')).text;
        return page.slice(page.indexOf(`WIRE-${sent.operationId} `), page.indexOf('</article>', page.indexOf(`WIRE-${sent.operationId} `)));
      };
      expect(await article()).toMatch(/value="settle".*value="return".*value="fail"/s);

      // The page's form, as a browser posts it.
      const posted = await fetch(`${railServer.url}/sandbox/rails/wire/payouts/WIRE-${sent.operationId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'return', reasonCode: 'AC01' }),
        redirect: 'manual',
      });
      expect(posted.status).toBe(303);
      expect(await article()).toContain('returned (AC01: The account number is incorrect.)');
      expect(await article()).not.toContain('name="action"');
      expect(await usd(ned)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      // A reason that is no ISO 20022 code, and an action the network does not know, are refused.
      expect((await network(sent.operationId!, 'return', 'closed')).status).toBe(400);
      expect((await network(sent.operationId!, 'vanish')).status).toBe(400);
    });

    it('ignores a rail report delivered twice: the money moves and the timeline grows once', async () => {
      const dee = await newCustomer('duplicate', 1_000_00n);
      const sent = await wire(dee, '50.00');
      await network(sent.operationId!, 'settle');
      const before = { account: await usd(dee), status: await payoutStatus(dee, sent.operationId!) };

      // The network delivers every report of the payout again, as a rail does after a lost acknowledgement.
      await db().updateTable('rail_sandbox_reports').set({ delivered_at: null }).where('end_to_end_id', '=', `WIRE-${sent.operationId}`).execute();
      const outcome = await collectRailReports(db(), sandboxRail(db(), 'wire'));
      expect(outcome).toEqual({ applied: 0, duplicate: 2, ignored: 0, unknown: 0 });
      expect(await usd(dee)).toEqual(before.account);
      expect(await payoutStatus(dee, sent.operationId!)).toEqual(before.status);
    });

    it('moves sandbox payouts on by the clock: sent after its delay, settled at the wire day’s settlement time', async () => {
      const eve = await newCustomer('clock', 1_000_00n);
      const sent = await wire(eve, '10.00');
      const rails = railAdapters({ sandboxes: true }, db());
      const now = Date.now();
      // Moments after, the network has done nothing yet.
      await advanceRailPayouts(db(), rails, new Date(now + 1_000));
      expect((await payoutStatus(eve, sent.operationId!)).state).toBe('pending');

      await advanceRailPayouts(db(), rails, new Date(now + 60_000));
      expect((await payoutStatus(eve, sent.operationId!)).state).toBe('sent');
      expect(await usd(eve)).toMatchObject({ pending: 10_00n + MIN_FEE });

      const sentAt = await db()
        .selectFrom('rail_sandbox_payouts')
        .select('next_at')
        .where('end_to_end_id', '=', `WIRE-${sent.operationId}`)
        .executeTakeFirstOrThrow();
      expect(sentAt.next_at!.getUTCHours()).toBe(17);
      await advanceRailPayouts(db(), rails, wireSettlementTime(new Date(now + 60_000)));
      expect((await payoutStatus(eve, sent.operationId!)).state).toBe('settled');
      expect(await usd(eve)).toMatchObject({ balance: 1_000_00n - 10_00n - MIN_FEE, pending: 0n });
    });

    it('hands a payout to the rail again when the rail never got it, once a minute', async () => {
      const ola = await newCustomer('resend', 1_000_00n);
      const sent = await wire(ola, '10.00');
      const endToEndId = `WIRE-${sent.operationId}`;
      // The send after the commit was lost: the network has never heard of the payout.
      await db().deleteFrom('rail_sandbox_payouts').where('end_to_end_id', '=', endToEndId).execute();
      const rails = railAdapters({ sandboxes: true }, db());
      const network = () => db().selectFrom('rail_sandbox_payouts').select('state').where('end_to_end_id', '=', endToEndId).executeTakeFirst();

      expect(await resendPendingPayouts(db(), rails, new Date(Date.now() + 1_000))).toBe(0);
      expect(await network()).toBeUndefined();
      const later = new Date(Date.now() + 2 * 60_000);
      expect(await resendPendingPayouts(db(), rails, later)).toBe(1);
      expect(await network()).toEqual({ state: 'pending' });
      // Handed over just now: not again until another minute has passed.
      const again = await resendPendingPayouts(db(), rails, new Date(later.getTime() + 1_000));
      expect(again).toBe(0);
    });

    it('refuses a bad IBAN and a bad SWIFT code, each on its field, and writes nothing', async () => {
      const fay = await newCustomer('bad-bank', 1_000_00n);
      const transfersBefore = await db().selectFrom('transfers').select('id').where('customer_id', '=', fay.customerId).execute();
      // One check digit changed, and a BIC whose country does not exist.
      const refused = await wire(fay, '10.00', { ...ADA, iban: 'DE88 3704 0044 0532 0130 00', swift: 'COBAXXFF' });
      expect(refused.responseCode).toBe('TA1');
      expect(refused.validationErrors!.map((error) => error.field).sort()).toEqual(['iban', 'swift']);
      expect(refused.validationErrors!.find((error) => error.field === 'iban')!.description).toMatch(/IBAN/);
      const shortIban = await wire(fay, '10.00', { ...ADA, iban: 'GB82 WEST 1234 5698 7654' });
      expect(shortIban.validationErrors).toEqual([expect.objectContaining({ field: 'iban' })]);
      expect(await db().selectFrom('transfers').select('id').where('customer_id', '=', fay.customerId).execute()).toEqual(transfersBefore);
      expect(await usd(fay)).toMatchObject({ balance: 1_000_00n, pending: 0n });
    });

    it('refuses a wire over the single-wire limit, and one the balance cannot pay, on the amount', async () => {
      const limits = transferLimits('wire', 2);
      const gus = await newCustomer('over-limit', limits.perTransactionMax + 1_000_00n);
      const over = await wire(gus, formatMinorUnits(limits.perTransactionMax + 1n, 2));
      expect(over.responseCode).toBe('TA1');
      expect(over.validationErrors).toEqual([expect.objectContaining({ field: 'amount' })]);
      const poor = await newCustomer('poor', 100_00n);
      // 90.00 plus the 15.00 fee is more than the 100.00 there is.
      const unpaid = await wire(poor, '90.00');
      expect(unpaid.validationErrors).toEqual([expect.objectContaining({ field: 'amount' })]);
      expect(await usd(poor)).toMatchObject({ balance: 100_00n, pending: 0n });
    });

    it('never overdraws under concurrent wires: exactly as many as the balance pays are held', async () => {
      const hal = await newCustomer('burst', 1_000_00n);
      const answers = await Promise.all(Array.from({ length: 12 }, () => wire(hal, '100.00')));
      const accepted = answers.filter((answer) => answer.responseCode === '00');
      // 8 x 115.00 = 920.00 fits in 1,000.00; a ninth would need 1,035.00.
      expect(accepted).toHaveLength(8);
      expect(answers.filter((answer) => answer.responseCode !== '00').every((answer) => answer.validationErrors?.[0]?.field === 'amount')).toBe(true);
      expect(await usd(hal)).toMatchObject({ balance: 1_000_00n, pending: 920_00n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('never passes the daily limit under concurrent wires', async () => {
      const limits = transferLimits('wire', 2);
      const ivy = await newCustomer('daily', limits.dailyMax * 2n);
      const each = limits.dailyMax / 10n + 1n;
      const answers = await Promise.all(Array.from({ length: 12 }, () => wire(ivy, formatMinorUnits(each, 2))));
      // Each is a little over a tenth of the daily limit, so nine fit and the tenth would pass it.
      expect(answers.filter((answer) => answer.responseCode === '00')).toHaveLength(9);
      const sent = await db()
        .selectFrom('transfers')
        .select((eb) => eb.fn.sum<string>('amount').as('total'))
        .where('customer_id', '=', ivy.customerId)
        .where('kind', '=', 'wire')
        .executeTakeFirstOrThrow();
      expect(BigInt(sent.total) <= limits.dailyMax).toBe(true);
    });

    it("refuses another customer's payout and account with 13, changing nothing", async () => {
      const jo = await newCustomer('owner', 1_000_00n);
      const kim = await newCustomer('other', 1_000_00n);
      const sent = await wire(jo, '20.00');
      expect((await payoutStatus(kim, sent.operationId!)).responseCode).toBe('13');
      const fromJo = await rpc('wireTransfer', { idempotencyKey: randomUUID(), accountId: jo.account, amount: '20.00', ...ADA }, kim.tokens);
      expect(fromJo.responseCode).toBe('13');
      expect(await usd(jo)).toMatchObject({ balance: 1_000_00n, pending: 20_00n + MIN_FEE });
    });

    it('tells the wire fee before sending: the minimum on small amounts, the maximum on large ones', async () => {
      const mo = await newCustomer('fee', 0n);
      const fee = (amount: string) => rpc('wireFee', { accountId: mo.account, amount }, mo.tokens);
      expect(await fee('100.00')).toMatchObject({ responseCode: '00', fee: '15.00', total: '115.00', currencyCode: 'USD' });
      expect(await fee('30000.00')).toMatchObject({ fee: '30.00', total: '30030.00' });
      expect(await fee('100000.00')).toMatchObject({ fee: '50.00' });
      expect((await fee('0')).validationErrors).toEqual([expect.objectContaining({ field: 'amount' })]);
      const other = await newCustomer('fee-other', 0n);
      expect((await rpc('wireFee', { accountId: mo.account, amount: '1.00' }, other.tokens)).responseCode).toBe('13');
    });

    it('answers a retried wire with its first answer, moving the money once', async () => {
      const lu = await newCustomer('retry', 1_000_00n);
      const params = { idempotencyKey: randomUUID(), accountId: lu.account, amount: '40.00', ...ADA };
      const first = await rpc('wireTransfer', params, lu.tokens);
      const again = await rpc('wireTransfer', params, lu.tokens);
      expect(again).toEqual(first);
      expect(await usd(lu)).toMatchObject({ pending: 40_00n + MIN_FEE });
    });
  });
}
