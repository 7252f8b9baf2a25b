/**
 * The new-business variant of the registration wizard through the API, on PGlite and PostgreSQL (document
 * 002 section 2, issue 17): a signed-in personal customer registers a business and at once acts for it with
 * top rights (rights level 2, every right), with no activation e-mail to them or the company, while the
 * draft's other new user is invited at once; the registrant must be among the persons; their own login is
 * no "taken" e-mail here but still is for the public variant; nobody signed out may call it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rules from '../../schemas/data/business-registration-rules.json' with { type: 'json' };
import { ALL_BUSINESS_RIGHTS } from '../../server/db/schema.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { solvedChallenge } from '../support/bot-challenge.ts';
import { draftPerson, outboxTo, uniqueEmail } from './business-draft-support.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, TEST_PASSWORD } from './ledger-support.ts';

const { maximum: SUM_MAX } = rules.shareholders.levelShareSum;

/** A one-level business: the registrant directs and holds it; `colleague` is a second, authorised user. */
function newBusinessDraft(name: string, emails: { company: string; registrant: string; colleague: string }) {
  return {
    version: rules.draftVersion,
    generalForm: {
      businessName: name,
      registrationCountryCode: 'MT',
      registrationNumber: 'C 4321',
      registrationDate: '2019-05-01',
      email: emails.company,
      phone: { countryCode: '+356', number: '2133 4455' },
      businessType: 'others',
      address: { address1: '5 Dock Road', city: 'Valletta', postalCode: 'VLT 1020', countryCode: 'MT' },
    },
    financialInfoForm: {
      monthlyDepositAmountId: 1,
      monthlyDepositCurrency: 'EUR',
      monthlyWithdrawalAmountId: 1,
      monthlyWithdrawalCurrency: 'EUR',
      sourceIds: [11],
      purposeIds: [11],
      industryId: 11,
    },
    dueDilligenceForm: { government: { answer: false }, lawsuits: { answer: false }, taxPayers: { answer: false } },
    legalForm: { terms: { privacyPolicy: true, userAgreement: true } },
    persons: [
      // what the draft says of the registrant's rights does not count: they get top rights
      draftPerson('me', 'Registrant', { isUser: true, email: emails.registrant, accessRights: rules.users.authorisedUserLevel, rights: ['documents'] }),
      draftPerson('colleague', 'Registrant', {
        isUser: true,
        email: emails.colleague,
        accessRights: rules.users.topRightsLevel,
      }),
    ],
    companies: [],
    directors: ['me'],
    owners: ['me'],
    shareholders: [{ type: 'person', id: 'me', share: SUM_MAX }],
  };
}

for (const backend of BACKENDS) {
  describe(`new-business registration by a signed-in customer on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let registrant: { email: string; tokens: Tokens };

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      const { email } = await createPersonalCustomer(test.server.db, 'Registrant');
      registrant = { email, tokens: await client.signIn(email, TEST_PASSWORD) };
    });
    afterAll(() => test?.close());

    const call = (method: string, params: object, customerId?: number) =>
      client.rpc(method, params, { token: registrant.tokens.accessToken, ...(customerId ? { customerId } : {}) });

    it('starts the wizard with the registrant as its first user, top rights, under their login', async () => {
      const { body } = await call('businessRegistrationStart', {});
      expect(body.responseCode).toBe('00');
      expect(body.persons).toEqual([
        expect.objectContaining({ email: registrant.email, firstName: 'Registrant', isUser: true, accessRights: rules.users.topRightsLevel }),
      ]);
    });

    it('registers the business, acts for it at once with every right, and invites only the other user', async () => {
      const company = uniqueEmail('newco');
      const colleague = uniqueEmail('colleague');
      const { body } = await call('businessAccountCreateSignedIn', {
        challengeToken: await solvedChallenge(test.url),
        draft: newBusinessDraft('Dockside Newco Ltd', { company, registrant: registrant.email, colleague }),
      });
      expect(body.responseCode).toBe('00');
      expect(body.email).toBe(company.toLowerCase());
      const customerId: number = body.customerId;

      const access = await call('businessAccessInfo', {}, customerId);
      expect(access.body.responseCode).toBe('00');
      expect([...access.body.accessRights].sort()).toEqual([...ALL_BUSINESS_RIGHTS].sort());
      const list = await call('customerAccessList', {});
      expect(list.body.customers).toEqual(expect.arrayContaining([expect.objectContaining({ customerId, authorised: true })]));

      expect(await outboxTo(client, company, 'businessActivation')).toEqual([]);
      expect(await outboxTo(client, registrant.email, 'activation')).toEqual([]);
      expect(await outboxTo(client, colleague, 'activation')).toHaveLength(1);
    });

    it('refuses, on draft.persons, a draft without the registrant', async () => {
      const draft = newBusinessDraft('Nobody Of Mine Ltd', { company: uniqueEmail('nobody'), registrant: uniqueEmail('other'), colleague: uniqueEmail('c') });
      const { body } = await call('businessAccountCreateSignedIn', { challengeToken: await solvedChallenge(test.url), draft });
      expect(body.responseCode).toBe('TA1');
      expect(body.validationErrors).toEqual([{ field: 'draft.persons', description: expect.stringContaining('you register this business') }]);
      const created = await test.server.db.selectFrom('customers').select('id').where('business_name', '=', 'Nobody Of Mine Ltd').execute();
      expect(created).toEqual([]);
    });

    it("keeps the public variant's rule: the registrant's login is an e-mail already registered there", async () => {
      const draft = newBusinessDraft('Public Way Ltd', { company: uniqueEmail('public'), registrant: registrant.email, colleague: uniqueEmail('c') });
      const { body } = await client.rpc('businessAccountCreate', { draft, challengeToken: await solvedChallenge(test.url) });
      expect(body.responseCode).toBe('TA1');
      expect(body.validationErrors).toEqual([{ field: 'draft.persons.0.email', description: expect.stringContaining('already has an account') }]);
    });

    it('refuses the start and the submit to nobody signed in', async () => {
      const draft = newBusinessDraft('Anonymous Ltd', { company: uniqueEmail('anon'), registrant: uniqueEmail('anon'), colleague: uniqueEmail('c') });
      expect((await client.rpc('businessAccountCreateSignedIn', { draft })).body.responseCode).toBe('AU');
      expect((await client.rpc('businessRegistrationStart', {})).body.responseCode).toBe('AU');
    });
  });
}
