/**
 * Access management of a business (document 001's /company-access, document 002 section 6), through the
 * API on PGlite and PostgreSQL: a business registered and activated with the code of the outbox, its users
 * activated with their own codes; the top user gives another user access level by level, which the rights
 * matrix applies on that user's next call, and takes it away; only top rights change access and the company
 * keeps a top user; a representative becomes a user who activates from the outbox; strict mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rules from '../../schemas/data/business-registration-rules.json' with { type: 'json' };
import { ApiClient } from '../support/api-client.ts';
import { solvedChallenge } from '../support/bot-challenge.ts';
import { codeIn, draftPerson, outboxTo, uniqueEmail } from './business-draft-support.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const PASSWORD = 'Quay-pass-2027';
const NO_ACCESS = {
  balanceInfo: 'noAccess',
  transfers: 'noAccess',
  transfersApprove: 'noAccess',
  documents: 'noAccess',
  companySettings: 'noAccess',
  users: 'noAccess',
};
const TOP = {
  balanceInfo: 'read',
  transfers: 'initiate',
  transfersApprove: 'confirmed',
  documents: 'uploading',
  companySettings: 'fullAccess',
  users: 'fullAccess',
};

/** A company whose director has top rights, a clerk who may read balances, and a shareholder (with an e-mail) who is no user. */
function draft(emails: { company: string; director: string; clerk: string; holder: string }) {
  return {
    version: rules.draftVersion,
    generalForm: {
      businessName: 'Quay Traders Ltd',
      registrationCountryCode: 'MT',
      registrationNumber: 'C 11223',
      registrationDate: '2018-05-01',
      email: emails.company,
      phone: { countryCode: '+356', number: '2122 5566' },
      businessType: 'others',
      address: { address1: '1 Quay Street', city: 'Valletta', postalCode: 'VLT 1011', countryCode: 'MT' },
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
      draftPerson('dir', 'Vella', { isUser: true, email: emails.director, accessRights: rules.users.topRightsLevel }),
      draftPerson('clerk', 'Vella', { isUser: true, email: emails.clerk, accessRights: rules.users.authorisedUserLevel, rights: ['balanceInfo'] }),
      draftPerson('holder', 'Vella', { email: emails.holder }),
    ],
    companies: [],
    directors: ['dir'],
    owners: ['dir'],
    shareholders: [
      { type: 'person', id: 'dir', share: 60 },
      { type: 'person', id: 'holder', share: 40 },
    ],
  };
}

for (const backend of BACKENDS) {
  describe(`company access on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    const emails = { company: uniqueEmail('quay'), director: uniqueEmail('dir'), clerk: uniqueEmail('clerk'), holder: uniqueEmail('holder') };
    const tokens: Record<'director' | 'clerk', string> = { director: '', clerk: '' };

    const outbox = (to: string, purpose: string) => outboxTo(client, to, purpose);
    /** Activates a user from the link of their invitation, choosing a password; answers their access token. */
    const activateFromOutbox = async (email: string) => {
      const [invitation] = await outbox(email, 'activation');
      const code = codeIn(invitation);
      expect(invitation?.body).toContain(`/activate-employee?username=${encodeURIComponent(email.toLowerCase())}&activationCode=${code}`);
      const done = await client.rpc('accountActivate', { username: email, activationCode: code, password: PASSWORD });
      expect(done.body.responseCode).toBe('00');
      return done.body.accessToken as string;
    };
    const as = (who: keyof typeof tokens) => ({ token: tokens[who] });
    const codeOf = async (method: string, who: keyof typeof tokens, params: object = {}) => (await client.rpc(method, params, as(who))).body.responseCode;
    const clerkId = async () => {
      const { body } = await client.rpc('accessRightsList', {}, as('director'));
      return body.users.find((user: { email: string }) => user.email === emails.clerk.toLowerCase()).userId as number;
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      const created = await client.rpc('businessAccountCreate', { draft: draft(emails), challengeToken: await solvedChallenge(test.url) });
      expect(created.body.responseCode).toBe('00');
      const [companyMail] = await outbox(emails.company, 'businessActivation');
      expect(companyMail?.body).toContain(`/activate-business?email=${encodeURIComponent(emails.company.toLowerCase())}&activationCode=`);
      const activated = await client.rpc('businessAccountActivate', { email: emails.company, activationCode: codeIn(companyMail) });
      expect(activated.body.responseCode).toBe('00');
      tokens.director = await activateFromOutbox(emails.director);
      tokens.clerk = await activateFromOutbox(emails.clerk);
    });
    afterAll(() => test?.close());

    it("lists the company's users with the level each holds on every area", async () => {
      const { body } = await client.rpc('accessRightsList', {}, as('director'));
      expect(body).toMatchObject({ responseCode: '00', isStrictMode: false });
      expect(body.users).toEqual([
        expect.objectContaining({ email: emails.director.toLowerCase(), name: 'Name-dir Vella', accessRights: 2, activated: true, self: true, ...TOP }),
        expect.objectContaining({
          email: emails.clerk.toLowerCase(),
          name: 'Name-clerk Vella',
          accessRights: 5,
          activated: true,
          self: false,
          ...NO_ACCESS,
          balanceInfo: 'read',
        }),
      ]);
      // access management itself needs the users right
      expect(await codeOf('accessRightsList', 'clerk')).toBe('13');
    });

    it('gives a user read on an area, which they then read and cannot act on; taken away, they are refused', async () => {
      const userId = await clerkId();
      expect(await codeOf('balanceTotal', 'clerk')).toBe('00');
      expect(await codeOf('ipAccessList', 'clerk')).toBe('13');

      const given = await client.rpc('accessRightsUpdate', { userId, ...NO_ACCESS, balanceInfo: 'read', companySettings: 'fullAccess' }, as('director'));
      expect(given.body).toMatchObject({
        responseCode: '00',
        user: { userId, balanceInfo: 'read', companySettings: 'fullAccess', transfers: 'noAccess', accessRights: 5 },
      });
      expect(await codeOf('ipAccessList', 'clerk')).toBe('00');
      expect((await client.rpc('businessAccessInfo', {}, as('clerk'))).body.accessList).toMatchObject({
        balanceInfo: true,
        companySettings: true,
        transfers: false,
      });
      // without the users right the clerk cannot change access, their own included
      expect(await codeOf('accessRightsUpdate', 'clerk', { userId, ...TOP })).toBe('13');

      const removed = await client.rpc('accessRightsUpdate', { userId, ...NO_ACCESS }, as('director'));
      expect(removed.body.responseCode).toBe('00');
      expect(await codeOf('balanceTotal', 'clerk')).toBe('13');
      expect(await codeOf('ipAccessList', 'clerk')).toBe('13');
      expect((await client.rpc('customerAccessList', {}, as('clerk'))).body.customers).toEqual([
        expect.objectContaining({ accessRights: [], authorised: false }),
      ]);
    });

    it('only a user with top rights changes access, and the company keeps one', async () => {
      const userId = await clerkId();
      // the users right without the others is not top rights
      await client.rpc('accessRightsUpdate', { userId, ...NO_ACCESS, users: 'fullAccess' }, as('director'));
      expect(await codeOf('accessRightsList', 'clerk')).toBe('00');
      const refused = await client.rpc('accessRightsUpdate', { userId, ...TOP }, as('clerk'));
      expect(refused.body).toMatchObject({
        responseCode: '13',
        responseDescription: "Only a user with top rights can change the company's users and their access.",
      });
      expect(await codeOf('businessStrictModeSet', 'clerk', { isStrictMode: true })).toBe('13');

      const { body } = await client.rpc('accessRightsList', {}, as('director'));
      const director = body.users.find((user: { self: boolean }) => user.self).userId;
      const last = await client.rpc('accessRightsUpdate', { userId: director, ...TOP, transfers: 'noAccess' }, as('director'));
      expect(last.body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'users', description: expect.stringMatching(/last user with top rights/) }],
      });
      expect(await codeOf('balanceTotal', 'director')).toBe('00');
      // bad input is refused on its field
      const bad = await client.rpc('accessRightsUpdate', { userId, ...NO_ACCESS, balanceInfo: 'fullAccess' }, as('director'));
      expect(bad.body.responseCode).toBe('TA1');
      expect(bad.body.validationErrors).toEqual([expect.objectContaining({ field: 'balanceInfo' })]);
      const stranger = await client.rpc('businessAuthorizedUserGet', { userId: 1 }, as('director'));
      expect(stranger.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'userId' }] });
    });

    it('makes a representative a user, who activates from the outbox with no access until given', async () => {
      const { body } = await client.rpc('businessPotentialUsers', {}, as('director'));
      expect(body.potentialUsers).toEqual([
        expect.objectContaining({ name: 'Name-holder Vella', email: emails.holder.toLowerCase(), kinds: [rules.representativeKinds.personShareholder] }),
      ]);
      const added = await client.rpc('businessRepresentativeAdd', { representativeId: body.potentialUsers[0].representativeId }, as('director'));
      expect(added.body).toMatchObject({ responseCode: '00', email: emails.holder.toLowerCase() });
      const again = await client.rpc('businessRepresentativeAdd', { representativeId: body.potentialUsers[0].representativeId }, as('director'));
      expect(again.body.responseCode).toBe('TA1');
      expect((await client.rpc('businessPotentialUsers', {}, as('director'))).body.potentialUsers).toEqual([]);

      const pending = await client.rpc('businessAuthorizedUserGet', { userId: added.body.userId }, as('director'));
      expect(pending.body.user).toMatchObject({ name: 'Name-holder Vella', activated: false, accessRights: 5, ...NO_ACCESS });
      const token = await activateFromOutbox(emails.holder);
      expect((await client.rpc('balanceTotal', {}, { token })).body.responseCode).toBe('13');
      const after = await client.rpc('businessAuthorizedUserGet', { userId: added.body.userId }, as('director'));
      expect(after.body.user.activated).toBe(true);
    });

    it('turns strict mode on, which the access info reports', async () => {
      const set = await client.rpc('businessStrictModeSet', { isStrictMode: true }, as('director'));
      expect(set.body).toMatchObject({ responseCode: '00', isStrictMode: true });
      expect((await client.rpc('businessAccessInfo', {}, as('clerk'))).body.isStrictMode).toBe(true);
      expect((await client.rpc('accessRightsList', {}, as('director'))).body.isStrictMode).toBe(true);
    });
  });
}
