/**
 * Every call is audited (issue 11, item 7): a success has exactly one audit row, written before its
 * answer (in the same transaction as the money for a money-moving call, and for its replay too), and
 * a refusal whose text the database cannot store (NUL, a lone surrogate) still leaves its row, with
 * those characters shown as U+FFFD.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

for (const backend of BACKENDS) {
  describe(`audit of every call on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
    });
    afterAll(() => test?.close());

    const rows = (method: string) => test.server.db.selectFrom('audit_log').select(['outcome', 'params']).where('method', '=', method).orderBy('id').execute();
    /** The audit row is written before or after the answer; wait until it is there. */
    const settle = async (method: string, count: number) => {
      for (let tries = 0; tries < 500 && (await rows(method)).length < count; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
      return rows(method);
    };

    it('writes one row for a success, read-only or money-moving, and one for its replay', async () => {
      expect((await client.rpc('profileInquiry', {}, { token: anna.accessToken })).body.responseCode).toBe('00');
      expect((await settle('profileInquiry', 1)).map((row) => row.outcome)).toEqual(['00']);

      const accounts = (await client.rpc('balanceInquiry', {}, { token: anna.accessToken })).body.accounts as Array<{
        accountId: number;
        currencyCode: string;
      }>;
      const usd = accounts.find((account) => account.currencyCode === 'USD')!;
      const eur = accounts.find((account) => account.currencyCode === 'EUR')!;
      const transfer = { idempotencyKey: randomUUID(), fromAccount: usd.accountId, toAccount: eur.accountId, amount: '1.00' };
      expect((await client.rpc('accountTransfer', transfer, { token: anna.accessToken })).body.responseCode).toBe('00');
      expect((await client.rpc('accountTransfer', transfer, { token: anna.accessToken })).body.responseCode).toBe('00');
      expect((await settle('accountTransfer', 2)).map((row) => row.outcome)).toEqual(['00', '00']);
    });

    it('keeps the row of a refusal whose text holds NUL or a lone surrogate, showing them as U+FFFD', async () => {
      const body = `{"method":"supportTicketCreate","subject":"bad \\u0000 and \\ud800 here","message":"x"}`;
      const answer = await fetch(`${test.url}/api?method=supportTicketCreate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${anna.accessToken}` },
        body,
      });
      const refused = await answer.json();
      expect(refused.responseCode).toBe('TA1');
      expect(refused.validationErrors.map((error: { field: string }) => error.field)).toContain('subject');
      const [row] = await settle('supportTicketCreate', 1);
      expect(row!.outcome).toBe('TA1');
      const params = typeof row!.params === 'string' ? JSON.parse(row!.params) : row!.params;
      expect(params.subject).toBe('bad \uFFFD and \uFFFD here');
    });
  });
}
