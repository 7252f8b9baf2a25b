/**
 * Address delete (document 002 section 7; issue 11, item 6): a customer deletes an address of theirs,
 * never another customer's (13, nothing changes), never their only one, and never one that documents
 * were sent for; each refusal says why on addressId.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, TEST_PASSWORD } from './ledger-support.ts';

const ADDRESS = { address1: '7 Delete Lane', city: 'London', countryCode: 'GB', postalCode: 'N1 9GU', addressType: 2 };

for (const backend of BACKENDS) {
  describe(`address delete on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
    });
    afterAll(() => test?.close());

    const call = (method: string, params: object, tokens: Tokens) => client.rpc(method, params, { token: tokens.accessToken });
    const addressIds = async () => (await test.server.db.selectFrom('addresses').select('id').orderBy('id').execute()).map((row) => row.id);

    it("deletes the customer's own address and answers those left", async () => {
      const added = await call('addressAdd', ADDRESS, anna);
      expect(added.body.responseCode).toBe('00');
      const id = added.body.address.addressId;
      const deleted = await call('addressDelete', { addressId: id }, anna);
      expect(deleted.body.responseCode).toBe('00');
      expect(deleted.body.addresses.map((address: { addressId: number }) => address.addressId)).not.toContain(id);
      expect(await addressIds()).not.toContain(id);
    });

    it("refuses another customer's address with 13 and changes nothing", async () => {
      const added = await call('addressAdd', ADDRESS, anna);
      const before = await addressIds();
      expect((await call('addressDelete', { addressId: added.body.address.addressId }, northwind)).body.responseCode).toBe('13');
      expect(await addressIds()).toEqual(before);
    });

    it('keeps the only address, saying why on addressId', async () => {
      const { customerId, email } = await createPersonalCustomer(test.server.db, 'single-address');
      const tokens = await client.signIn(email, TEST_PASSWORD);
      const only = await call('addressAdd', ADDRESS, tokens);
      expect(only.body.responseCode).toBe('00');
      const refused = await call('addressDelete', { addressId: only.body.address.addressId }, tokens);
      expect(refused.body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'addressId', description: expect.stringMatching(/only address/) }],
      });
      expect(await test.server.db.selectFrom('addresses').select('id').where('customer_id', '=', customerId).execute()).toHaveLength(1);
    });
  });
}
