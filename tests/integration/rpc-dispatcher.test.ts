import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../server/config/config.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Json, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type Backend, type TestServer } from './harness.ts';

const ACCESS_DENIED = { responseCode: '13', responseDescription: 'Access denied' };

for (const backend of BACKENDS) {
  describe(`RPC dispatcher on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let representative: Tokens;
    let admin: Tokens;
    let annaCustomerId: number;
    let northwindCustomerId: number;
    let northwindAccountId: number;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      [anna, representative, admin] = await Promise.all([
        client.signIn(DEMO_LOGINS.personal),
        client.signIn(DEMO_LOGINS.business),
        client.signIn(DEMO_LOGINS.admin),
      ]);
      annaCustomerId = (await client.rpc('profileInquiry', {}, { token: anna.accessToken })).body.customer.customerId;
      const northwind = await client.rpc('balanceInquiry', {}, { token: representative.accessToken });
      northwindAccountId = northwind.body.accounts[0].accountId;
      northwindCustomerId = northwind.body.accounts[0].customerId;
    });
    afterAll(() => test?.close());

    it('answers IM for an unknown method and for a body that names another method', async () => {
      const unknown = await client.rpc('noSuchMethod', {}, { token: anna.accessToken });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual({ responseCode: 'IM', responseDescription: 'Invalid method' });
      const mismatch = await client.post('/api?method=balanceInquiry', { method: 'profileInquiry' }, { authorization: `Bearer ${anna.accessToken}` });
      expect(mismatch.body.responseCode).toBe('IM');
      const missingQuery = await client.post('/api', { method: 'balanceInquiry' }, { authorization: `Bearer ${anna.accessToken}` });
      expect(missingQuery.body.responseCode).toBe('IM');
    });

    it('answers AU with HTTP 401 without a token, with a forged one, or a garbled header', async () => {
      const expected = { responseCode: 'AU', responseDescription: 'Authorization required. Please sign in again.' };
      for (const token of [undefined, `${anna.accessToken.slice(0, -4)}AAAA`, 'not.a.jwt']) {
        const answer = await client.rpc('balanceInquiry', {}, token ? { token } : {});
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual(expected);
      }
      const basic = await client.post('/api?method=balanceInquiry', { method: 'balanceInquiry' }, { authorization: 'Basic abc' });
      expect(basic.status).toBe(401);
    });

    it('answers TA1 with every field error by dot path, and changes nothing', async () => {
      const answer = await client.rpc(
        'profileUpdate',
        { profile: { firstName: 'x'.repeat(61), birthDay: '1990-02-30', residenceCountryCode: 'gb', nickname: 'Annie' } },
        { token: anna.accessToken },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.responseCode).toBe('TA1');
      expect(answer.body.responseDescription).toBe('Invalid params');
      expect(answer.body.validationErrors).toEqual(
        expect.arrayContaining([
          { field: 'profile.firstName', description: 'must NOT have more than 60 characters' },
          { field: 'profile.birthDay', description: 'must be a valid date' },
          { field: 'profile.residenceCountryCode', description: expect.stringMatching(/must match pattern/) },
          { field: 'profile.nickname', description: 'is not a known field: remove it' },
        ]),
      );
      expect(answer.body.validationErrors).toHaveLength(4);

      const missing = await client.rpc('profileUpdate', {}, { token: anna.accessToken });
      expect(missing.body.validationErrors).toEqual([{ field: 'profile', description: 'is required' }]);

      const history = await client.rpc(
        'transactionHistory',
        { pageSize: 0, sortBy: 'nonsense', excludeOperationTypes: ['x'.repeat(41)] },
        { token: anna.accessToken },
      );
      expect(history.body.validationErrors.map((e: { field: string }) => e.field).sort()).toEqual(['excludeOperationTypes.0', 'pageSize', 'sortBy']);

      const profile = await client.rpc('profileInquiry', {}, { token: anna.accessToken });
      expect(profile.body.profile.firstName).toBe('Anna');
    });

    it('answers TA1 for a body that is not a JSON object', async () => {
      const answer = await client.post('/api?method=balanceInquiry', [1, 2], { authorization: `Bearer ${anna.accessToken}` });
      expect(answer.body.responseCode).toBe('TA1');
    });

    it("refuses another customer's account with 13 and leaks nothing", async () => {
      const answer = await client.rpc('transactionHistory', { accountId: northwindAccountId }, { token: anna.accessToken });
      expect(answer.body).toEqual(ACCESS_DENIED);
      const unknownAccount = await client.rpc('transactionHistory', { accountId: 999_999 }, { token: anna.accessToken });
      expect(unknownAccount.body).toEqual(ACCESS_DENIED);
    });

    it('refuses a Customer-Id header the user holds no access for', async () => {
      for (const customerId of [northwindCustomerId, 999_999, 'abc', '-1']) {
        expect((await client.rpc('balanceInquiry', {}, { token: anna.accessToken, customerId })).body).toEqual(ACCESS_DENIED);
      }
      expect((await client.rpc('profileInquiry', {}, { token: anna.accessToken, customerId: northwindCustomerId })).body).toEqual(ACCESS_DENIED);
    });

    it('lets a representative act for the business through Customer-Id, within the rights of the access row', async () => {
      const withHeader = await client.rpc('balanceInquiry', {}, { token: representative.accessToken, customerId: northwindCustomerId });
      expect(withHeader.body.responseCode).toBe('00');
      expect(withHeader.body.accounts.map((a: { currencyCode: string }) => a.currencyCode)).toEqual(['USD', 'EUR', 'RON', 'CAD']);
      expect((await client.rpc('balanceInquiry', {}, { token: representative.accessToken, customerId: annaCustomerId })).body).toEqual(ACCESS_DENIED);

      const before = await test.server.db.selectFrom('customer_access').select(['user_id', 'rights']).where('customer_id', '=', northwindCustomerId).execute();
      await test.server.db
        .updateTable('customer_access')
        .set({ rights: ['documents'] })
        .where('customer_id', '=', northwindCustomerId)
        .execute();
      try {
        // balanceInquiry declares the balanceInfo right; profileInquiry declares none.
        expect((await client.rpc('balanceInquiry', {}, { token: representative.accessToken, customerId: northwindCustomerId })).body).toEqual(ACCESS_DENIED);
        expect((await client.rpc('profileInquiry', {}, { token: representative.accessToken, customerId: northwindCustomerId })).body.responseCode).toBe('00');
      } finally {
        for (const row of before) {
          await test.server.db
            .updateTable('customer_access')
            .set({ rights: row.rights })
            .where('customer_id', '=', northwindCustomerId)
            .where('user_id', '=', row.user_id)
            .execute();
        }
      }
    });

    it('lets an admin view a customer through Customer-Id', async () => {
      const own = await client.rpc('profileInquiry', {}, { token: admin.accessToken });
      expect(own.body.customer.isAdmin).toBe(true);
      const viewed = await client.rpc('profileInquiry', {}, { token: admin.accessToken, customerId: annaCustomerId });
      expect(viewed.body.customer).toMatchObject({ customerId: annaCustomerId, firstName: 'Anna', login: DEMO_LOGINS.admin, isAdmin: true });
    });
  });
}

/**
 * A test server whose API bundle `change` edits (the server reads it at run time), in a generated
 * folder of its own that `close` removes.
 */
async function serverWithChangedBundle(backend: Backend, change: (bundle: { methods: Record<string, Json> }) => void): Promise<TestServer> {
  const generatedDir = mkdtempSync(path.join(os.tmpdir(), 'bank-generated-'));
  cpSync(path.join(REPOSITORY_ROOT, 'generated'), generatedDir, { recursive: true });
  const bundleFile = path.join(generatedDir, 'api-bundle.json');
  const bundle = JSON.parse(readFileSync(bundleFile, 'utf8'));
  change(bundle);
  writeFileSync(bundleFile, JSON.stringify(bundle));
  const test = await startTestServer(backend, { generatedDir });
  const closeServer = test.close;
  test.close = async () => {
    await closeServer();
    rmSync(generatedDir, { recursive: true, force: true });
  };
  return test;
}

describe('RPC dispatcher against a changed API bundle', () => {
  let test: TestServer;

  beforeAll(async () => {
    // A declared response that the handler cannot meet must be caught before it leaves, as a
    // server error rather than a wrong answer.
    test = await serverWithChangedBundle(BACKENDS[0]!, (bundle) =>
      bundle.methods.balanceInquiry.response.properties.accounts.items.required.push('settlementAccountId'),
    );
  });
  afterAll(() => test?.close());

  it('answers UE with HTTP 500 when a payload does not match the declared response', async () => {
    const client = new ApiClient(test.url);
    const tokens = await client.signIn(DEMO_LOGINS.personal);
    const answer = await client.rpc('balanceInquiry', {}, { token: tokens.accessToken });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ responseCode: 'UE', responseDescription: 'Server error' });
    expect((await client.rpc('profileInquiry', {}, { token: tokens.accessToken })).body.responseCode).toBe('00');
  });
});

for (const backend of BACKENDS) {
  describe(`an answer outside its schema changes nothing, on ${backend.name}`, () => {
    let test: TestServer;

    beforeAll(async () => {
      // Two writing methods whose answers can no longer meet their declared response: one writes
      // through the call's database handle, the other (phoneAdd) opens transactions of its own.
      test = await serverWithChangedBundle(backend, (bundle) => {
        for (const name of ['addressAdd', 'phoneAdd']) bundle.methods[name].response.required.push('neverAnswered');
      });
    });
    afterAll(() => test?.close());

    it('rolls the call back, writes no audit success, and the customer still loads', async () => {
      const client = new ApiClient(test.url);
      const tokens = await client.signIn(DEMO_LOGINS.personal);
      const db = test.server.db;
      const snapshot = async () => ({
        addresses: await db.selectFrom('addresses').selectAll().orderBy('id').execute(),
        phones: await db.selectFrom('phones').selectAll().orderBy('id').execute(),
        successes: await db.selectFrom('audit_log').select('id').where('method', 'in', ['addressAdd', 'phoneAdd']).where('outcome', '=', '00').execute(),
      });
      const before = await snapshot();

      const address = await client.rpc(
        'addressAdd',
        { address1: '9 Rollback Row', city: 'Leeds', countryCode: 'GB', postalCode: 'LS1 4AP', addressType: 2 },
        { token: tokens.accessToken },
      );
      expect(address.status).toBe(500);
      expect(address.body.responseCode).toBe('UE');
      const phone = await client.rpc('phoneAdd', { phoneCountryCode: '44', phone: '7700900555', phoneType: 2 }, { token: tokens.accessToken });
      expect(phone.body.responseCode).toBe('UE');

      expect(await snapshot()).toEqual(before);
      const profile = await client.rpc('profileInquiry', {}, { token: tokens.accessToken });
      expect(profile.body.responseCode).toBe('00');
      expect(JSON.stringify(profile.body)).not.toContain('Rollback Row');
    });
  });
}
