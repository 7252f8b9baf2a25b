/**
 * moneyCallOutcome, against the real server on PGlite and PostgreSQL: what a client whose network failed
 * before the answer came learns about its money-moving call by the idempotency key it sent. A call the
 * server took reads `answered` with the very answer it gave (and a retry with the key replays it, moving
 * nothing again); a key never sent, a refused call and another customer's key read `none`; a claimed call
 * still running reads `pending`; secrets are never answered; a malformed key is a TA1 on its field.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

interface Account {
  accountId: number;
  balance: string;
  currencyCode: string;
  type: number;
}

for (const backend of BACKENDS) {
  describe(`money call outcome on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;
    let annaCustomerId: number;
    let usd: Account;

    const db = () => test.server.db;
    const call = (method: string, params: Record<string, unknown>, tokens = anna) => client.rpc(method, params, { token: tokens.accessToken });
    const outcome = async (idempotencyKey: string, tokens = anna) => (await call('moneyCallOutcome', { idempotencyKey }, tokens)).body;
    const balance = async () => ((await call('balanceInquiry', {})).body.accounts as Account[]).find((account) => account.accountId === usd.accountId)!.balance;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
      const user = await db().selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.personal).executeTakeFirstOrThrow();
      annaCustomerId = user.customer_id!;
      // Sends at once, without a second factor: the answer is final.
      await db().updateTable('customers').set({ transaction_approve_mode: null }).where('id', '=', annaCustomerId).execute();
      usd = ((await call('balanceInquiry', {})).body.accounts as Account[]).find((account) => account.currencyCode === 'USD' && account.type === 1001)!;
    });
    afterAll(() => test?.close());

    it('answers a taken call with the answer it gave, and a retry with the key moves nothing again', async () => {
      const idempotencyKey = randomUUID();
      const before = await balance();
      const sent = await call('p2pTransfer', { idempotencyKey, accountId: usd.accountId, currency: 'USD', amount: '3.00', toEmail: DEMO_LOGINS.business });
      expect(sent.body.responseCode).toBe('00');
      const { responseCode: _code, responseDescription: _description, ...answer } = sent.body;
      const after = await balance();
      expect(Number(before) - Number(after)).toBeCloseTo(3.25, 2);

      const found = await outcome(idempotencyKey);
      expect(found).toMatchObject({ responseCode: '00', outcome: 'answered', method: 'p2pTransfer' });
      expect(found.answer).toEqual(answer);
      expect(found.answer.status).toBe('completed');

      // What the client does with "answered": nothing more; and a retry with the key is a replay.
      const retried = await call('p2pTransfer', { idempotencyKey, accountId: usd.accountId, currency: 'USD', amount: '3.00', toEmail: DEMO_LOGINS.business });
      expect(retried.body.operationId).toBe(answer.operationId);
      expect(await balance()).toBe(after);
    });

    it('reads none for a key never sent, a refused call and another customer’s key', async () => {
      expect(await outcome(randomUUID())).toMatchObject({ responseCode: '00', outcome: 'none' });
      expect((await outcome(randomUUID())).answer).toBeUndefined();

      const refusedKey = randomUUID();
      const refused = await call('p2pTransfer', {
        idempotencyKey: refusedKey,
        accountId: usd.accountId,
        currency: 'USD',
        amount: '99999999.00',
        toEmail: DEMO_LOGINS.business,
      });
      expect(refused.body.responseCode).not.toBe('00');
      expect(await outcome(refusedKey)).toMatchObject({ outcome: 'none' });

      const annasKey = randomUUID();
      expect(
        (await call('p2pTransfer', { idempotencyKey: annasKey, accountId: usd.accountId, currency: 'USD', amount: '1.00', toEmail: DEMO_LOGINS.business })).body
          .responseCode,
      ).toBe('00');
      expect(await outcome(annasKey)).toMatchObject({ outcome: 'answered' });
      expect(await outcome(annasKey, northwind)).toEqual(expect.objectContaining({ outcome: 'none' }));
      expect((await outcome(annasKey, northwind)).answer).toBeUndefined();
    });

    it('reads pending while a claimed call runs, and never answers a secret', async () => {
      const running = randomUUID();
      await db()
        .insertInto('idempotency_keys')
        .values({ customer_id: annaCustomerId, key: running, method: 'cardActivate', request_hash: 'h', response: 'null' })
        .execute();
      expect(await outcome(running)).toEqual({ responseCode: '00', responseDescription: expect.any(String), outcome: 'pending', method: 'cardActivate' });

      const withSecret = randomUUID();
      await db()
        .insertInto('idempotency_keys')
        .values({
          customer_id: annaCustomerId,
          key: withSecret,
          method: 'cardActivate',
          request_hash: 'h',
          response: JSON.stringify({ status: 'active', pin: '4321' }),
        })
        .execute();
      const found = await outcome(withSecret);
      expect(found).toMatchObject({ outcome: 'answered', answer: { status: 'active' } });
      expect(found.answer.pin).toBeUndefined();
    });

    it('refuses a malformed key on its field and a caller who is not signed in', async () => {
      const bad = await call('moneyCallOutcome', { idempotencyKey: 'short' });
      expect(bad.body.responseCode).toBe('TA1');
      expect(JSON.stringify(bad.body)).toContain('idempotencyKey');
      const missing = await call('moneyCallOutcome', {});
      expect(missing.body.responseCode).toBe('TA1');
      const anonymous = await client.rpc('moneyCallOutcome', { idempotencyKey: randomUUID() });
      expect(anonymous.body.responseCode).toBe('AU');
    });
  });
}
