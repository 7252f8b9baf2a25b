/**
 * The public API (issue 18): API keys and allowed IP ranges managed through their declared REST paths,
 * and the merchant API the keys open. The server trusts no proxy, so a request's address is its socket's,
 * 127.0.0.1: the allowed-range tests put that address inside or outside a range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { REQUESTS_PER_WINDOW } from '../../server/public-api/key-gate.ts';
import { ApiClient, type Json, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, fund, openAccount, TEST_PASSWORD } from './ledger-support.ts';

interface Answered {
  status: number;
  body: Json;
  headers: Headers;
}

for (const backend of BACKENDS) {
  describe(`public API on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let merchant: { customerId: number; tokens: Tokens; accountId: number };
    let payee: { customerId: number; email: string; accountId: number };

    /** A call of a REST path; `token` signs in, `key` is a merchant API key. */
    const call = async (
      verb: string,
      path: string,
      options: { token?: string; key?: string; body?: unknown; headers?: Record<string, string> } = {},
    ): Promise<Answered> => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.key) headers.authorization = `Bearer ${options.key}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${test.url}${path}`, {
        method: verb,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
    };
    const manage = (verb: string, path: string, body?: unknown) =>
      call(verb, path, { token: merchant.tokens.accessToken, ...(body !== undefined ? { body } : {}) });

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      const { db } = test.server;
      const owner = await createPersonalCustomer(db, 'merchant');
      const accountId = await openAccount(db, owner.customerId, 'USD');
      await fund(db, accountId, 100_000n);
      merchant = { customerId: owner.customerId, accountId, tokens: await client.signIn(owner.email, TEST_PASSWORD) };
      const receiver = await createPersonalCustomer(db, 'payee');
      payee = { ...receiver, accountId: await openAccount(db, receiver.customerId, 'USD') };
    }, 120_000);
    afterAll(() => test?.close());

    it('creates a key shown once, opens the merchant API with it from an allowed address only, and refuses it once disabled or deleted', async () => {
      const created = await manage('POST', '/public-api/apikey', { customerId: merchant.customerId, name: 'Shop' });
      expect(created.status).toBe(200);
      const { key, apiKey } = created.body;
      expect(key).toMatch(/^mk_/);
      expect(key.startsWith(apiKey.prefix)).toBe(true);
      const stored = await test.server.db.selectFrom('api_keys').select('key_hash').where('id', '=', apiKey.id).executeTakeFirstOrThrow();
      expect(stored.key_hash).not.toContain(key.slice(apiKey.prefix.length));
      const listed = await manage('GET', `/public-api/apikey?customerId=${merchant.customerId}`);
      expect(listed.body.apiKeys).toEqual([expect.not.objectContaining({ key: expect.anything() })]);

      // No range: any address.
      const balance = await call('GET', '/merchant-api/v1/balance', { key });
      expect(balance.status).toBe(200);
      expect(balance.body.accounts).toEqual([{ accountId: merchant.accountId, currencyCode: 'USD', balance: '1000.00', available: '1000.00' }]);
      expect((await call('GET', '/merchant-api/v1/balance', { headers: { 'x-api-key': key } })).status).toBe(200);

      // A range elsewhere: refused from here.
      const elsewhere = await manage('POST', '/public-api/allowedip', {
        customerId: merchant.customerId,
        name: 'Office',
        ipFrom: '10.0.0.1',
        ipTo: '10.0.0.9',
      });
      expect(elsewhere.status).toBe(200);
      const refused = await call('GET', '/merchant-api/v1/balance', { key });
      expect(refused.status).toBe(403);
      expect(refused.body.responseCode).toBe('13');
      // A range holding 127.0.0.1: allowed again.
      const here = await manage('POST', '/public-api/allowedip', { customerId: merchant.customerId, name: 'Local', ipFrom: '127.0.0.1', ipTo: '127.0.0.1' });
      expect(here.status).toBe(200);
      expect((await call('GET', '/merchant-api/v1/balance', { key })).status).toBe(200);
      // That range disabled: refused again.
      const disabledRange = await manage('PUT', `/public-api/allowedip/${here.body.allowedIp.id}`, { customerId: merchant.customerId, enabled: false });
      expect(disabledRange.body.allowedIp.enabled).toBe(false);
      expect((await call('GET', '/merchant-api/v1/balance', { key })).status).toBe(403);
      for (const range of [elsewhere, here]) {
        expect((await manage('DELETE', `/public-api/allowedip/${range.body.allowedIp.id}?customerId=${merchant.customerId}`)).body).toEqual({ deleted: true });
      }

      // Disabled, then deleted: refused.
      await manage('PUT', `/public-api/apikey/${apiKey.id}`, { customerId: merchant.customerId, enabled: false });
      expect((await call('GET', '/merchant-api/v1/balance', { key })).status).toBe(401);
      await manage('PUT', `/public-api/apikey/${apiKey.id}`, { customerId: merchant.customerId, enabled: true });
      expect((await call('GET', '/merchant-api/v1/balance', { key })).status).toBe(200);
      expect((await manage('DELETE', `/public-api/apikey/${apiKey.id}?customerId=${merchant.customerId}`)).body).toEqual({ deleted: true });
      const deleted = await call('GET', '/merchant-api/v1/balance', { key });
      expect(deleted.status).toBe(401);
      expect(deleted.body.responseCode).toBe('AU');
      expect((await call('GET', '/merchant-api/v1/balance', { key: 'mk_not-a-key' })).status).toBe(401);

      // Every request made with the key is in the log, refused ones too; newest first.
      const log = await manage('GET', `/public-api/apirequest?customerId=${merchant.customerId}&apiKeyId=${apiKey.id}`);
      expect(log.status).toBe(200);
      const statuses = (log.body.requests as { status: number; path: string }[]).map((request) => request.status).reverse();
      expect(statuses).toEqual([200, 200, 403, 200, 403, 401, 200, 401]);
      expect(log.body.requests[0]).toMatchObject({ method: 'GET', path: '/merchant-api/v1/balance', apiKeyName: 'Shop', ip: '127.0.0.1' });
      const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      expect((await manage('GET', `/public-api/apirequest?customerId=${merchant.customerId}&fromDate=${tomorrow}`)).body.requests).toEqual([]);
    });

    it('pays out by key once per Idempotency-Key, through the ledger', async () => {
      const { key } = (await manage('POST', '/public-api/apikey', { customerId: merchant.customerId, name: 'Payouts' })).body;
      const payout = { accountId: merchant.accountId, amount: '25.00', toEmail: payee.email };
      const first = await call('POST', '/merchant-api/v1/payouts', { key, body: payout, headers: { 'idempotency-key': 'payout-0001' } });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ status: 'completed', amount: '25.00', currencyCode: 'USD', toEmail: payee.email });
      const again = await call('POST', '/merchant-api/v1/payouts', { key, body: payout, headers: { 'idempotency-key': 'payout-0001' } });
      expect(again.body).toEqual(first.body);
      const transfers = await test.server.db.selectFrom('transfers').select('id').where('customer_id', '=', merchant.customerId).execute();
      expect(transfers).toHaveLength(1);
      const received = await test.server.db.selectFrom('accounts').select('balance').where('id', '=', payee.accountId).executeTakeFirstOrThrow();
      expect(received.balance).toBe(2500n);

      // The same key with another body, or no key: refused on the header, nothing moved.
      const otherBody = await call('POST', '/merchant-api/v1/payouts', {
        key,
        body: { ...payout, amount: '30.00' },
        headers: { 'idempotency-key': 'payout-0001' },
      });
      expect(otherBody.status).toBe(400);
      const keyless = await call('POST', '/merchant-api/v1/payouts', { key, body: payout });
      expect(keyless.status).toBe(400);
      expect(keyless.body.errors).toEqual([expect.objectContaining({ field: 'Idempotency-Key' })]);
      // Fields at fault are named.
      const badAmount = await call('POST', '/merchant-api/v1/payouts', {
        key,
        body: { ...payout, amount: '-5' },
        headers: { 'idempotency-key': 'payout-0002' },
      });
      expect(badAmount.status).toBe(400);
      expect(badAmount.body.errors.map((error: { field: string }) => error.field)).toEqual(['amount']);
      const tooMuch = await call('POST', '/merchant-api/v1/payouts', {
        key,
        body: { ...payout, amount: '5000.00' },
        headers: { 'idempotency-key': 'payout-0003' },
      });
      expect(tooMuch.body.errors.map((error: { field: string }) => error.field)).toEqual(['amount']);
      expect(await test.server.db.selectFrom('transfers').select('id').where('customer_id', '=', merchant.customerId).execute()).toHaveLength(1);

      // The payment's status, for the payer and the payee; the payee lists it as received.
      expect((await call('GET', `/merchant-api/v1/payments/${first.body.id}`, { key })).body.status).toBe('completed');
      const payeeTokens = await client.signIn(payee.email, TEST_PASSWORD);
      const payeeKey = (await call('POST', '/public-api/apikey', { token: payeeTokens.accessToken, body: { customerId: payee.customerId, name: 'Till' } })).body
        .key;
      const payments = await call('GET', '/merchant-api/v1/payments', { key: payeeKey });
      expect(payments.body.payments).toEqual([expect.objectContaining({ id: first.body.id, amount: '25.00', currencyCode: 'USD' })]);
      expect((await call('GET', '/merchant-api/v1/payments/999999', { key: payeeKey })).status).toBe(404);
    });

    it('counts requests per key and answers 429 with Retry-After past the limit', async () => {
      const { key } = (await manage('POST', '/public-api/apikey', { customerId: merchant.customerId, name: 'Busy' })).body;
      let answer: Answered | undefined;
      // The count is per fixed window: calls that straddle a window's end are counted in two, so up to
      // twice the limit (and some) may be needed before one window is over it.
      for (let i = 0; i < 2 * REQUESTS_PER_WINDOW + 10; i++) {
        answer = await call('GET', '/merchant-api/v1/balance', { key });
        if (answer.status !== 200) break;
      }
      expect(answer?.status).toBe(429);
      expect(answer?.body.responseCode).toBe('AE');
      expect(Number(answer?.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('refuses bad input on its fields, and callers who may not act for the customer', async () => {
      const backwards = await manage('POST', '/public-api/allowedip', { customerId: merchant.customerId, name: 'Back', ipFrom: '10.0.0.9', ipTo: '10.0.0.1' });
      expect(backwards.status).toBe(400);
      expect(backwards.body).toMatchObject({ responseCode: 'TA1', errors: [expect.objectContaining({ field: 'ipTo' })] });
      const notAnAddress = await manage('POST', '/public-api/allowedip', { customerId: merchant.customerId, name: 'Bad', ipFrom: '999.1.1.1', ipTo: '::1' });
      expect(notAnAddress.body.errors[0].field).toBe('ipFrom');
      const noName = await manage('POST', '/public-api/apikey', { customerId: merchant.customerId, name: '' });
      expect(noName.status).toBe(400);
      expect(noName.body.errors[0].field).toBe('name');
      const badQuery = await manage('GET', '/public-api/apirequest?customerId=abc');
      expect(badQuery.status).toBe(400);
      expect(badQuery.body.errors[0].field).toBe('customerId');
      expect((await manage('PUT', '/public-api/apikey/2147483647', { customerId: merchant.customerId, enabled: false })).status).toBe(404);

      const anna = await client.signIn(DEMO_LOGINS.personal);
      const foreign = await call('GET', `/public-api/apikey?customerId=${merchant.customerId}`, { token: anna.accessToken });
      expect(foreign.status).toBe(403);
      expect(foreign.body.responseCode).toBe('13');
      expect((await call('GET', `/public-api/apikey?customerId=${merchant.customerId}`)).status).toBe(401);
      // An admin viewing the customer may read, not change.
      const admin = await client.signIn(DEMO_LOGINS.admin);
      expect((await call('GET', `/public-api/apikey?customerId=${merchant.customerId}`, { token: admin.accessToken })).status).toBe(200);
      expect((await call('POST', '/public-api/apikey', { token: admin.accessToken, body: { customerId: merchant.customerId, name: 'Admin' } })).status).toBe(
        403,
      );
    });
  });
}
