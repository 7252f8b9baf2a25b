import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../server/adapters/index.ts';
import { openDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/schema.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { MAX_OCCURRENCE_RETRIES } from '../../server/transfers/recurring.ts';
import { startScheduler, type RecurringScheduler } from '../../server/transfers/scheduler.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

/** Waits until `check` holds, asking the database again every 50 ms (the scheduler runs every 100 ms). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  for (let waited = 0; waited < 30_000; waited += 50) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Gave up waiting: ${what}`);
}

for (const backend of BACKENDS) {
  describe(`recurring payments and their scheduler on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let usd: number;
    let eur: number;

    const db = () => test.server.db;
    const call = (method: string, params: object) => client.rpc(method, params, { token: anna.accessToken });
    const payment = (id: number) => db().selectFrom('recurring_payments').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
    const runs = (id: number) => db().selectFrom('recurring_runs').selectAll().where('payment_id', '=', BigInt(id)).orderBy('occurrence_no').execute();
    const makeDue = (id: number) =>
      db()
        .updateTable('recurring_payments')
        .set({ next_run_at: new Date(Date.now() - 60_000) })
        .where('id', '=', BigInt(id))
        .execute();
    const setUp = async (params: object): Promise<number> => {
      const sent = await call('accountTransfer', { idempotencyKey: randomUUID(), fromAccount: usd, toAccount: eur, ...params });
      expect(sent.body.responseCode).toBe('00');
      const row = await db().selectFrom('transfers').select('subscription_id').where('id', '=', BigInt(sent.body.operationId)).executeTakeFirstOrThrow();
      return Number(row.subscription_id);
    };
    /** A second connection to the same database, as another server instance would have. */
    const secondConnection = async (): Promise<{ db: Kysely<Database>; close(): Promise<void> }> => {
      if (backend.name === 'PGlite') return { db: db(), close: async () => undefined };
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db());
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      const other = await openDatabase({ kind: 'postgres', url: url.toString() });
      return { db: other, close: () => other.destroy() };
    };
    const scheduler = (on: Kysely<Database>): RecurringScheduler =>
      startScheduler({ db: on, adapters: createAdapters({ sandboxes: true, gateways: { messages: { sms: '', email: '' } } } as never, on), intervalMs: 0 });

    beforeAll(async () => {
      test = await startTestServer(backend, { schedulerIntervalMs: 100 });
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      const accounts = (await call('balanceInquiry', {})).body.accounts as Array<{ accountId: number; currencyCode: string }>;
      usd = accounts.find((a) => a.currencyCode === 'USD')!.accountId;
      eur = accounts.find((a) => a.currencyCode === 'EUR')!.accountId;
    });
    afterAll(() => test?.close());

    it("runs a due occurrence once through the server's scheduler, and not again after a restart", async () => {
      const id = await setUp({ amount: '2.00', subscriptionFrequency: 'weekly', subscriptionTransactions: 3 });
      expect((await payment(id)).done_count).toBe(1);
      await makeDue(id);
      const ran = await until(
        () => payment(id),
        (row) => row.done_count === 2,
        'the second occurrence',
      );
      expect(ran.status).toBe('active');
      expect(ran.next_run_at!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
      const [first, second] = await runs(id);
      expect([first!.occurrence_no, second!.occurrence_no]).toEqual([1, 2]);
      const transfer = await db().selectFrom('transfers').selectAll().where('id', '=', second!.transfer_id).executeTakeFirstOrThrow();
      expect(transfer).toMatchObject({ status: 'completed', created_by_user_id: null, subscription_id: BigInt(id), amount: 200n });

      await test.restart();
      client = new ApiClient(test.url);
      const other = scheduler(db());
      expect(await other.tick()).toMatchObject({ ran: 0 });
      await other.stop();
      expect(await runs(id)).toHaveLength(2);
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
    });

    it('runs each occurrence once with two schedulers on one database, and finishes after the last', async () => {
      const id = await setUp({ amount: '1.50', subscriptionFrequency: 'daily', subscriptionTransactions: 2 });
      const second = await secondConnection();
      const a = scheduler(db());
      const b = scheduler(second.db);
      try {
        await makeDue(id);
        await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
        const row = await until(
          () => payment(id),
          (p) => p.done_count === 2,
          'the last occurrence',
        );
        expect(row).toMatchObject({ status: 'finished', next_run_at: null });
        expect((await runs(id)).map((run) => run.occurrence_no)).toEqual([1, 2]);
        // Finished: making it "due" again runs nothing.
        await makeDue(id);
        await Promise.all([a.tick(), b.tick()]);
        expect(await runs(id)).toHaveLength(2);
      } finally {
        await a.stop();
        await b.stop();
        await second.close();
      }
    });

    it('records an occurrence refused for want of money, retries it, then fails the payment', async () => {
      const id = await setUp({ amount: '1.00', subscriptionFrequency: 'monthly' });
      // The customer's money runs out: the next occurrence asks for more than the account holds.
      const stored = (await payment(id)).params;
      await db()
        .updateTable('recurring_payments')
        .set({ params: JSON.stringify({ ...stored, amount: '49999.00' }) })
        .where('id', '=', BigInt(id))
        .execute();
      for (let attempt = 1; attempt <= MAX_OCCURRENCE_RETRIES + 1; attempt++) {
        await makeDue(id);
        const row = await until(
          () => payment(id),
          (p) => p.failed_attempts === attempt,
          `failed attempt ${attempt}`,
        );
        expect(row.last_error).toMatch(/does not hold enough/);
        expect(row.done_count).toBe(1);
        if (attempt <= MAX_OCCURRENCE_RETRIES) {
          expect(row.status).toBe('active');
          expect(row.next_run_at!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
        } else {
          expect(row).toMatchObject({ status: 'failed', next_run_at: null });
        }
      }
      expect(await runs(id)).toHaveLength(1);
      const listed = (await call('preapprovedPaymentList', {})).body.payments.find((p: { id: number }) => p.id === id);
      expect(listed).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/does not hold enough/) });
    });

    it('runs nothing more once the customer cancels', async () => {
      const id = await setUp({ amount: '1.25', subscriptionFrequency: 'weekly' });
      expect((await call('preapprovedPaymentCancel', { id })).body.responseCode).toBe('00');
      await makeDue(id);
      const other = scheduler(db());
      expect(await other.tick()).toMatchObject({ ran: 0 });
      await other.stop();
      expect(await runs(id)).toHaveLength(1);
      expect((await payment(id)).status).toBe('canceled');
    });
  });
}
