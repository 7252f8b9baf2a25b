/**
 * The company profile through the API (document 002 sections 3 and 7, issue 17 item 3): Northwind's info
 * read and changed (its tax id checked by the per-country table), an address created, confirmed and
 * deleted, its phone changed and confirmed with the SMS code, e-mails added, confirmed with the code of
 * their link, made primary and deleted; every method refused to a user of the company without the
 * companySettings right and to a personal customer, and bad input refused TA1 on its field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, pkcePair, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, TEST_PASSWORD } from './ledger-support.ts';

const INFO = {
  name: 'Northwind Studio Ltd',
  registrationCountryCode: 'GB',
  tradingName: 'Northwind Pictures',
  email: 'studio@northwind.example',
  registrationNumber: '09876543',
  registrationDate: '2014-05-20',
  businessTaxId: 'gb 123 456 789',
  website: 'https://pictures.northwind.example',
  description: 'Illustration and animation.',
};

for (const backend of BACKENDS) {
  describe(`company profile on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let owner: Tokens;
    let clerk: Tokens;
    let anna: Tokens;
    let northwindId: number;

    const call = async (method: string, params: object = {}, tokens: Tokens = owner) =>
      (await client.rpc(method, params, { token: tokens.accessToken, ...(tokens === clerk ? { customerId: northwindId } : {}) })).body;
    const ok = async (method: string, params: object = {}, tokens: Tokens = owner) => {
      const body = await call(method, params, tokens);
      expect(body.responseCode, `${method}: ${JSON.stringify(body)}`).toBe('00');
      return body;
    };
    const outbox = async (to: string, purpose: string) => {
      const answer = await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to, purpose })}`);
      return JSON.parse(answer.text).messages as { body: string }[];
    };
    const linkToken = async (to: string) => {
      const messages = await outbox(to, 'emailConfirmation');
      return /token=([A-Za-z0-9_-]+)/.exec(messages[0]!.body)![1]!;
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      owner = await client.signIn(DEMO_LOGINS.business);
      anna = await client.signIn(DEMO_LOGINS.personal);
      const northwind = await test.server.db.selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow();
      northwindId = northwind.customer_id!;
      const { userId, email } = await createPersonalCustomer(test.server.db, 'Clerk');
      await test.server.db
        .insertInto('customer_access')
        .values({ user_id: userId, customer_id: northwindId, rights: ['balanceInfo', 'transfers', 'documents', 'users'] })
        .execute();
      clerk = await client.signIn(email, TEST_PASSWORD);
    });
    afterAll(() => test?.close());

    it('reads the demo company info and changes it, storing the tax id normalized', async () => {
      const before = await ok('companyInfo');
      expect(before.info).toMatchObject({
        name: 'Northwind Studio Ltd',
        registrationCountryCode: 'GB',
        tradingName: 'Northwind',
        email: 'hello@northwind.example',
        businessTaxId: 'GB123456789',
        verified: true,
        limited: false,
        phone: { status: 'Primary', confirmed: true },
      });
      const updated = await ok('companyInfoUpdate', INFO);
      expect(updated.info).toMatchObject({ ...INFO, businessTaxId: 'GB123456789' });
      expect((await ok('companyInfo')).info).toMatchObject({ tradingName: 'Northwind Pictures', website: 'https://pictures.northwind.example' });
    });

    it('refuses bad info on its field and changes nothing', async () => {
      const wrongTaxId = await call('companyInfoUpdate', { ...INFO, businessTaxId: '12-34' });
      expect(wrongTaxId.responseCode).toBe('TA1');
      expect(wrongTaxId.validationErrors.map((error: { field: string }) => error.field)).toEqual(['businessTaxId']);
      const requiredInUs = await call('companyInfoUpdate', { ...INFO, registrationCountryCode: 'US', businessTaxId: '' });
      expect(requiredInUs.responseCode).toBe('TA1');
      expect(requiredInUs.validationErrors.map((error: { field: string }) => error.field)).toEqual(['businessTaxId']);
      const badEmail = await call('companyInfoUpdate', { ...INFO, email: 'not an e-mail' });
      expect(badEmail.responseCode).toBe('TA1');
      expect(badEmail.validationErrors.map((error: { field: string }) => error.field)).toContain('email');
      expect((await ok('companyInfo')).info).toMatchObject({ registrationCountryCode: 'GB', email: INFO.email });
    });

    it('creates an address with a state where the country has states, confirms and deletes it', async () => {
      const before: number = (await ok('companyAddresses')).addresses.length;
      const noState = await call('companyAddressCreate', { address1: '1 Main Street', city: 'Austin', countryCode: 'US', addressType: 2 });
      expect(noState.responseCode).toBe('TA1');
      expect(noState.validationErrors.map((error: { field: string }) => error.field)).toEqual(['stateCode']);

      const created = await ok('companyAddressCreate', {
        address1: '1 Main Street',
        city: 'Austin',
        postalCode: '73301',
        countryCode: 'US',
        stateCode: 'TX',
        addressType: 2,
      });
      expect(created.address).toMatchObject({ address1: '1 Main Street', countryCode: 'US', stateCode: 'TX', stateName: 'Texas', confirmed: false });
      const { addressId } = created.address;
      expect((await ok('companyAddresses')).addresses.map((address: { addressId: number }) => address.addressId)).toContain(addressId);
      await ok('companyAddressConfirm', { addressId });
      const left = await ok('companyAddressDelete', { addressId });
      expect(left.addresses.map((address: { addressId: number }) => address.addressId)).not.toContain(addressId);
      expect(left.addresses).toHaveLength(before);
      // (the last address staying, and one with documents kept, are the profile's rules: address-delete.test.ts)
    });

    it('changes the phone, which waits for its SMS code, and confirms it', async () => {
      const updated = await ok('companyPhoneUpdate', { phoneCountryCode: '+44', phone: '20 7946 0999' });
      expect(updated.phone).toMatchObject({ countryCode: '44', number: '2079460999', status: 'Primary', confirmed: false });
      const bad = await call('companyPhoneUpdate', { phoneCountryCode: '+44', phone: 'call me' });
      expect(bad.responseCode).toBe('TA1');
      expect(bad.validationErrors.map((error: { field: string }) => error.field)).toEqual(['phone']);

      const { verifier, challenge } = pkcePair();
      const started = await client.post(
        `/verification/phones/${updated.phone.id}/verify`,
        { type: 'sms', codeChallenge: challenge },
        { authorization: `Bearer ${owner.accessToken}` },
      );
      expect(started.status).toBe(200);
      const code = /\b([0-9]{6})\b/.exec((await outbox('442079460999', 'phoneVerification'))[0]!.body)![1]!;
      const wrong = await call('companyPhoneConfirm', { phoneId: updated.phone.id, codeVerifier: verifier, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.responseCode).toBe('VF');
      const confirmed = await ok('companyPhoneConfirm', { phoneId: updated.phone.id, codeVerifier: verifier, code });
      expect(confirmed.phone).toMatchObject({ id: updated.phone.id, confirmed: true });
      expect((await ok('companyPhones')).phones[0]).toMatchObject({ number: '2079460999', confirmed: true });
    });

    it('adds an e-mail, confirms it with the code of its link, makes it primary (the company e-mail) and deletes the old one', async () => {
      const listed = await ok('companyEmails');
      expect(listed.emails[0]).toMatchObject({ email: 'hello@northwind.example', primary: true, confirmed: true });
      expect(listed.emails.some((email: { email: string; confirmed: boolean }) => email.email === 'billing@northwind.example' && !email.confirmed)).toBe(true);

      const added = await ok('companyEmailAdd', { email: 'Finance@Northwind.example' });
      expect(added.email).toMatchObject({ email: 'finance@northwind.example', confirmed: false, primary: false });
      const { emailId } = added.email;
      const again = await call('companyEmailAdd', { email: 'finance@northwind.example' });
      expect(again.responseCode).toBe('TA1');
      expect(again.validationErrors.map((error: { field: string }) => error.field)).toEqual(['email']);

      const notYet = await call('companyEmailSetPrimary', { emailId });
      expect(notYet.responseCode).toBe('TA1');
      const firstToken = await linkToken('finance@northwind.example');
      await ok('companyEmailConfirmRequest', { emailId });
      const secondToken = await linkToken('finance@northwind.example');
      expect(secondToken).not.toBe(firstToken);
      const stale = await call('companyEmailConfirm', { emailId, token: firstToken });
      expect(stale.responseCode).toBe('TA1');
      expect(stale.validationErrors.map((error: { field: string }) => error.field)).toEqual(['token']);

      expect((await ok('companyEmailConfirm', { emailId, token: secondToken })).email).toMatchObject({ emailId, confirmed: true });
      const primary = await ok('companyEmailSetPrimary', { emailId });
      expect(primary.emails[0]).toMatchObject({ emailId, primary: true });
      expect((await ok('companyInfo')).info.email).toBe('finance@northwind.example');

      const old = primary.emails.find((email: { email: string }) => email.email === 'hello@northwind.example');
      const left = await ok('companyEmailDelete', { emailId: old.emailId });
      expect(left.emails.map((email: { email: string }) => email.email)).not.toContain('hello@northwind.example');
      const keepPrimary = await call('companyEmailDelete', { emailId });
      expect(keepPrimary.responseCode).toBe('TA1');
    });

    it('refuses every company method to a user of the company without companySettings, and to a personal customer', async () => {
      const calls: [string, object][] = [
        ['companyInfo', {}],
        ['companyInfoUpdate', INFO],
        ['companyAddresses', {}],
        ['companyAddressCreate', { address1: '2 Quay', city: 'Bristol', countryCode: 'GB', addressType: 2 }],
        ['companyPhones', {}],
        ['companyPhoneUpdate', { phoneCountryCode: '44', phone: '2079460111' }],
        ['companyEmails', {}],
        ['companyEmailAdd', { email: 'clerk@northwind.example' }],
      ];
      for (const [method, params] of calls) {
        expect((await call(method, params, clerk)).responseCode, `${method} by the clerk`).toBe('13');
        expect((await call(method, params, anna)).responseCode, `${method} by a personal customer`).toBe('13');
      }
      expect((await ok('companyInfo')).info.name).toBe('Northwind Studio Ltd');
      expect((await ok('companyEmails')).emails.map((email: { email: string }) => email.email)).not.toContain('clerk@northwind.example');
    });
  });
}
