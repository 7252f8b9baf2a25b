/**
 * Limits hold under concurrency (issue 11, item 1): a customer a little under a daily limit sends many
 * transfers at once, and what is held or sent today never passes the limit, for each kind of transfer
 * that counts against one. The refused ones are TA1 on the amount, never a 500. On PostgreSQL the
 * requests really run side by side; the check locks the customer before it reads today's total.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferLimits } from '../../server/transfers/pricing.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, fund, openAccount, TEST_PASSWORD } from './ledger-support.ts';

const BURST = 20;

for (const backend of BACKENDS) {
  describe.skipIf(backend.unavailable)(`limits under concurrency on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    /** A fresh payer with 100,000.00 USD and an empty EUR account, signed in. */
    const payer = async (name: string) => {
      const db = test.server.db;
      const { customerId, email } = await createPersonalCustomer(db, name);
      const usd = await openAccount(db, customerId, 'USD');
      const eur = await openAccount(db, customerId, 'EUR');
      await fund(db, usd, 100_000_00n);
      const tokens: Tokens = await client.signIn(email, TEST_PASSWORD);
      return { customerId, usd, eur, tokens };
    };
    const sentToday = async (customerId: number, kind: string) => {
      const row = await test.server.db
        .selectFrom('transfers')
        .select((eb) => eb.fn.sum<string>('amount').as('total'))
        .where('customer_id', '=', customerId)
        .where('kind', '=', kind)
        .where('status', 'not in', ['declined', 'canceled', 'failed'])
        .executeTakeFirstOrThrow();
      return BigInt(row.total ?? 0);
    };

    const kinds = [
      {
        kind: 'p2p',
        method: 'p2pTransfer',
        params: async (from: { usd: number }, amount: string) => {
          payee ??= (await createPersonalCustomer(test.server.db, 'payee')).email;
          return { accountId: from.usd, amount, toEmail: payee };
        },
      },
      { kind: 'account', method: 'accountTransfer', params: async (from: { usd: number; eur: number }, amount: string) => ({ fromAccount: from.usd, toAccount: from.eur, amount }) },
    ];
    let payee: string | undefined;

    for (const { kind, method, params } of kinds) {
      it(`never lets ${BURST} concurrent ${method} calls pass the ${kind} daily limit`, async () => {
        const from = await payer(`limit-${kind}`);
        const call = async (amount: string) =>
          (await client.rpc(method, { idempotencyKey: randomUUID(), ...(await params(from, amount)) }, { token: from.tokens.accessToken })).body;
        const { perTransactionMax, dailyMax } = transferLimits(kind, 2);
        // Up to a little under the limit, in steps the single limit allows.
        let left = dailyMax - 1_000_00n;
        while (left > 0n) {
          const step = left > perTransactionMax ? perTransactionMax : left;
          expect((await call((Number(step) / 100).toFixed(2))).responseCode).toBe('00');
          left -= step;
        }
        // 1,000.00 left today; each of the burst asks for 600.10, so exactly one fits.
        const answers = await Promise.all(Array.from({ length: BURST }, () => call('600.10')));
        const codes = answers.map((answer) => answer.responseCode);
        const refused = answers.filter((answer) => answer.responseCode === 'TA1');
        const total = await sentToday(from.customerId, kind);
        console.log(`[${backend.name}] ${kind}: ${BURST} at once at the edge: ${codes.filter((code) => code === '00').length} accepted, ${refused.length} refused; ${total} of ${dailyMax} minor units used`);
        expect(total).toBeLessThanOrEqual(dailyMax);
        expect(codes.filter((code) => code === '00')).toHaveLength(1);
        expect(refused).toHaveLength(BURST - 1);
        for (const answer of refused) expect(answer.validationErrors).toEqual([{ field: 'amount', description: expect.stringMatching(/daily limit/) }]);
      });
    }
  });
}
