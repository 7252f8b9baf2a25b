/**
 * Transfer options (issue 15 item 1; document 001 section 3, 'Transfer option'), against the real server:
 * a customer without a verified address sees every rail disabled with the reason and where to fix it; a
 * verified address opens the rails that need nothing more, while crypto still asks for an identity
 * document, instant payment for a tax number; an expired proof of address disables them again as out of
 * date; a newer home address not yet verified no longer matches the active one (an office does not count); a brand that does not offer a
 * rail and a business user without the transfers right see it disabled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferOptions, type TransferOption } from '../../server/rails/transfer-options.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, TEST_PASSWORD } from './ledger-support.ts';

interface Answer {
  responseCode: string;
  options?: TransferOption[];
}

const address = (customerId: number, status: number) => ({
  customer_id: customerId,
  address1: '1 Test Street',
  address2: null,
  city: 'London',
  postal_code: 'EC1A 1BB',
  country_code: 'GB',
  state_code: null,
  state_name: null,
  address_type: 1,
  address_status: status,
  confirmed: status === 1,
});

for (const backend of BACKENDS) {
  describe(`transfer options on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    const db = () => test.server.db;
    const options = async (tokens: Tokens, permission?: 'own' | '3d') => {
      const answer = (await client.rpc('transferOptions', permission ? { permission } : {}, { token: tokens.accessToken })).body as Answer;
      expect(answer.responseCode).toBe('00');
      return new Map(answer.options!.map((option) => [option.type, option]));
    };
    const newCustomer = async (name: string) => {
      const { customerId, email } = await createPersonalCustomer(db(), name);
      return { customerId, tokens: await client.signIn(email, TEST_PASSWORD) };
    };

    it('disables the wire of a customer without a verified address, saying why and where to fix it', async () => {
      const { tokens } = await newCustomer('no-address');
      const wire = (await options(tokens)).get('wire')!;
      expect(wire).toMatchObject({
        permission: '3d',
        isDisabled: true,
        reason: 'addressNotVerified',
        hasRequirements: true,
        isCustomerAddressMatchesActive: false,
        isCustomerAddressDateValid: false,
        details: { route: '/transfer/external/wire', fixRoute: '/profile', missing: ['activeAddressVerified', 'addressDateValid'] },
      });
      expect([...(await options(tokens)).keys()]).toEqual(['wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac']);
    });

    it('opens the rails a verified address is enough for, and names what the others still need', async () => {
      const { customerId, tokens } = await newCustomer('verified');
      await db().insertInto('addresses').values(address(customerId, 1)).execute();
      // An office waiting for its proof is not where the customer lives: it changes nothing.
      await db()
        .insertInto('addresses')
        .values({ ...address(customerId, 2), address_type: 5 })
        .execute();
      const found = await options(tokens);
      expect(found.get('wire')).toMatchObject({
        isDisabled: false,
        hasRequirements: false,
        isCustomerAddressMatchesActive: true,
        isCustomerAddressDateValid: true,
      });
      expect(found.get('wire')!.reason).toBeUndefined();
      expect(found.get('crypto_eft')).toMatchObject({
        isDisabled: true,
        reason: 'documentMissing',
        isExtraParamsValid: false,
        details: { fixRoute: '/profile/identity-document' },
      });
      expect(found.get('instant_payment')).toMatchObject({ isDisabled: true, reason: 'taxNumberMissing', details: { fixRoute: '/profile/tax' } });
      // createPersonalCustomer gives no phone: Interac asks for one.
      expect(found.get('interac')).toMatchObject({ isDisabled: true, reason: 'phoneMissing' });

      await db().updateTable('customers').set({ tax_id: 'AB123456C' }).where('id', '=', customerId).execute();
      expect((await options(tokens)).get('instant_payment')).toMatchObject({ isDisabled: false, isExtraParamsValid: true });
    });

    it('disables them again when the proof of address has expired, or a newer address is not verified yet', async () => {
      const { customerId, tokens } = await newCustomer('expired');
      const { id } = await db().insertInto('addresses').values(address(customerId, 1)).returning('id').executeTakeFirstOrThrow();
      await db()
        .insertInto('documents')
        .values({
          customer_id: customerId,
          category: 'address',
          document_type_id: 10,
          status_id: 2,
          address_id: id,
          parent_document_id: null,
          issued_date: '2020-01-01',
          expires_date: '2021-01-01',
          reject_reason: null,
          created_by_user_id: null,
          attributes: JSON.stringify({}),
        })
        .execute();
      expect((await options(tokens)).get('wire')).toMatchObject({
        isDisabled: true,
        reason: 'addressOutOfDate',
        isCustomerAddressMatchesActive: true,
        isCustomerAddressDateValid: false,
      });
      // A withdrawal by card to one's own card needs only the verified address.
      expect((await options(tokens, 'own')).get('oct')).toMatchObject({ permission: 'own', isDisabled: false });

      await db().insertInto('addresses').values(address(customerId, 0)).execute();
      expect((await options(tokens)).get('wire')).toMatchObject({ isDisabled: true, reason: 'addressNotVerified', isCustomerAddressMatchesActive: false });
    });

    it('disables a rail the brand does not offer, and every rail for a business user without the transfers right', async () => {
      const { customerId } = await newCustomer('brand');
      await db().insertInto('addresses').values(address(customerId, 1)).execute();
      const aplus = await transferOptions(db(), { customerId, permission: '3d', brand: 'aplus', now: new Date() });
      expect(aplus.find((option) => option.type === 'interac')).toMatchObject({ isDisabled: true, reason: 'notOffered' });
      expect(aplus.find((option) => option.type === 'wire')).toMatchObject({ isDisabled: false });
      const viewer = await transferOptions(db(), { customerId, permission: '3d', rights: ['balanceInfo'], now: new Date() });
      expect(viewer.every((option) => option.isDisabled && option.reason === 'noRight')).toBe(true);
    });
  });
}
