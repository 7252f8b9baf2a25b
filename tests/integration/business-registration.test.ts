/**
 * Business registration through the API, on PGlite and PostgreSQL (document 002 sections 4 and 5): the
 * wizard's dictionaries, its draft kept by a draft token, a draft refused on the field of its broken rule
 * (a share sum, a taken e-mail), a business with a two-level shareholder tree registered, activated with
 * the code of the outbox, its users activated with their own codes (choosing their password) and signing in
 * with the rights the draft gave them.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rules from '../../schemas/data/business-registration-rules.json' with { type: 'json' };
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { DRAFT_CALL_WINDOW_SECONDS, DRAFT_CALLS_PER_TOKEN } from '../../server/registration/business.ts';
import { ApiClient } from '../support/api-client.ts';
import { solvedChallenge } from '../support/bot-challenge.ts';
import { codeIn, draftPerson, outboxTo, uniqueEmail } from './business-draft-support.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const USER_PASSWORD = 'Harbour-pass-2027';
const { minimum: SUM_MIN, maximum: SUM_MAX } = rules.shareholders.levelShareSum;

/**
 * A business whose root shareholders are its director (a user with top rights) and a holding company; the
 * holding has its own director and two person shareholders, one of them a user with balance info only.
 */
function businessDraft(emails: { company: string; director: string; shareholder: string }) {
  return {
    version: rules.draftVersion,
    generalForm: {
      businessName: 'Harbour Tools Ltd',
      tradingName: 'Harbour Tools',
      registrationCountryCode: 'MT',
      registrationNumber: 'C 98765',
      registrationDate: '2016-03-01',
      email: emails.company,
      phone: { countryCode: '+356', number: '2122 3344' },
      website: 'https://harbour.example',
      businessType: 'others',
      address: { address1: '2 Quay Street', city: 'Valletta', postalCode: 'VLT 1010', countryCode: 'MT' },
    },
    financialInfoForm: {
      monthlyDepositAmountId: 2,
      monthlyDepositCurrency: 'EUR',
      monthlyWithdrawalAmountId: 1,
      monthlyWithdrawalCurrency: 'USD',
      sourceIds: [11, 12],
      purposeIds: [11],
      industryId: 11,
      additionalAnswers: { controlAccount: { value: 2, name: 'Lara Vella', date: '2020-01-01' } },
    },
    dueDilligenceForm: { government: { answer: false }, lawsuits: { answer: false }, taxPayers: { answer: false } },
    legalForm: { terms: { privacyPolicy: true, userAgreement: true } },
    persons: [
      draftPerson('dir', 'Borg', { isUser: true, email: emails.director, accessRights: rules.users.topRightsLevel }),
      draftPerson('hdir', 'Borg'),
      draftPerson('p1', 'Borg', { isUser: true, email: emails.shareholder, accessRights: rules.users.authorisedUserLevel, rights: ['balanceInfo'] }),
      draftPerson('p2', 'Borg'),
      // the demo company's user, an existing login: linked, not registered again
      draftPerson('northwind', 'Borg', { isUser: true, email: DEMO_LOGINS.business, accessRights: rules.users.authorisedUserLevel, rights: ['documents'] }),
    ],
    companies: [
      {
        id: 'holding',
        name: 'Harbour Holding Ltd',
        registrationCountryCode: 'CY',
        registrationNumber: 'HE 4242',
        directors: ['hdir'],
        shareholders: [
          { type: 'person', id: 'p1', share: SUM_MAX / 2 },
          { type: 'person', id: 'p2', share: SUM_MAX / 2 },
        ],
      },
    ],
    directors: ['dir'],
    owners: ['dir'],
    shareholders: [
      { type: 'person', id: 'dir', share: SUM_MAX / 2 },
      { type: 'company', id: 'holding', share: SUM_MAX / 2 },
    ],
  };
}

for (const backend of BACKENDS) {
  describe(`business registration on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    const outbox = (to: string, purpose: string) => outboxTo(client, to, purpose);
    const customersNamed = (name: string) => test.server.db.selectFrom('customers').select('id').where('business_name', '=', name).execute();

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    it("answers the wizard's dictionaries from the data files, labels as locale keys", async () => {
      const { body } = await client.rpc('businessRegistrationDictionaries', {});
      expect(body.responseCode).toBe('00');
      expect(body.currencies).toEqual(expect.arrayContaining(['EUR', 'USD']));
      expect(body.countries).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'MT' })]));
      // paxum shows the adult industries (hideAdultIndustriesInRegistration is off)
      expect(body.industryGroups.map((group: { key: string }) => group.key)).toEqual(['adult', 'mainstream', 'financial', 'investment']);
      expect(body.sourcesOfFunds.business[0]).toEqual({ id: 11, key: 'salesRevenue', labelKey: 'business.dictionaries.sourcesOfFunds.business.salesRevenue' });
      const control = body.additionalQuestions.business.find((question: { key: string }) => question.key === 'controlAccount');
      expect(control).toMatchObject({ widget: 'radio', followUp: { when: 2, fields: [{ name: 'name' }, { name: 'date' }] } });
      const another = body.additionalQuestions.business.find((question: { key: string }) => question.key === 'businessAnotherAccount');
      expect(another).toMatchObject({ widget: 'yesNo', followUp: { when: true, fields: [{ name: 'text' }] } });
    });

    it('keeps a draft by its token, refuses one of another version, discards a stored one of another version', async () => {
      const saved = await client.rpc('businessRegistrationDraftSave', { draft: { version: rules.draftVersion, generalForm: { businessName: 'Half done' } } });
      expect(saved.body.responseCode).toBe('00');
      const token: string = saved.body.draftToken;
      const again = await client.rpc('businessRegistrationDraftSave', {
        draftToken: token,
        draft: { version: rules.draftVersion, generalForm: { businessName: 'More done' } },
      });
      expect(again.body.draftToken).toBe(token);
      const loaded = await client.rpc('businessRegistrationDraftGet', { draftToken: token });
      expect(loaded.body).toMatchObject({ discarded: false, draft: { generalForm: { businessName: 'More done' } } });

      const unstorable = await client.rpc('businessRegistrationDraftSave', {
        draftToken: token,
        draft: { version: rules.draftVersion, generalForm: { businessName: 'A\u0000B' } },
      });
      expect(unstorable.body.validationErrors).toEqual([{ field: 'draft.generalForm.businessName', description: expect.any(String) }]);
      expect((await client.rpc('businessRegistrationDraftGet', { draftToken: token })).body.draft.generalForm.businessName).toBe('More done');

      const old = await client.rpc('businessRegistrationDraftSave', { draftToken: token, draft: { version: '1.0' } });
      expect(old.body.responseCode).toBe('TA1');
      expect(old.body.validationErrors).toEqual([{ field: 'draft.version', description: expect.stringContaining(rules.draftVersion) }]);

      // a draft stored by an older wizard is thrown away when loaded
      const tokenHash = createHash('sha256').update(token).digest('base64url');
      await test.server.db.updateTable('business_registration_drafts').set({ version: '3.40' }).where('token_hash', '=', tokenHash).execute();
      expect((await client.rpc('businessRegistrationDraftGet', { draftToken: token })).body).toMatchObject({ discarded: true });
      expect((await client.rpc('businessRegistrationDraftGet', { draftToken: token })).body.draft).toBeUndefined();

      const other = await client.rpc('businessRegistrationDraftSave', { draft: { version: rules.draftVersion } });
      await client.rpc('businessRegistrationDraftDelete', { draftToken: other.body.draftToken });
      const gone = await client.rpc('businessRegistrationDraftGet', { draftToken: other.body.draftToken });
      expect(gone.body).toMatchObject({ responseCode: '00', discarded: false });
      expect(gone.body.draft).toBeUndefined();
    });

    it('limits the public draft calls of one draft and of one address (AE), counting in ten-minute windows', async () => {
      const saved = await client.rpc('businessRegistrationDraftSave', { draft: { version: rules.draftVersion } });
      const token: string = saved.body.draftToken;
      const hash = createHash('sha256').update(token).digest('base64url');
      // this window and the next, so a call that crosses into the next one is counted there too
      const windowMs = DRAFT_CALL_WINDOW_SECONDS * 1000;
      const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
      for (const start of [windowStart, windowStart + windowMs]) {
        await test.server.db
          .insertInto('call_counts')
          .values({ key: `draft:${hash}`, window_start: new Date(start), count: DRAFT_CALLS_PER_TOKEN })
          .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: DRAFT_CALLS_PER_TOKEN }))
          .execute();
      }
      const refused = await client.rpc('businessRegistrationDraftSave', { draftToken: token, draft: { version: rules.draftVersion } });
      expect(refused.body).toMatchObject({ responseCode: 'AE', responseDescription: expect.stringMatching(/Too many draft saves.*10 minutes/) });
      expect((await client.rpc('businessRegistrationDraftGet', { draftToken: token })).body.responseCode).toBe('AE');
      // another draft from the same address is still saved: the address has its own, larger allowance
      expect((await client.rpc('businessRegistrationDraftSave', { draft: { version: rules.draftVersion } })).body.responseCode).toBe('00');
    });

    it('tells the e-mail statuses: free, an account, a business user', async () => {
      expect((await client.rpc('checkEmail', { email: uniqueEmail('nobody') })).body.status).toBe(rules.emailStatuses.free);
      expect((await client.rpc('checkEmail', { email: DEMO_LOGINS.personal })).body.status).toBe(rules.emailStatuses.exists);
      expect((await client.rpc('checkEmail', { email: DEMO_LOGINS.business })).body.status).toBe(rules.emailStatuses.employee);
    });

    it('refuses a registration without a solved bot challenge on challengeToken, before the draft is checked', async () => {
      const emails = { company: uniqueEmail('office'), director: uniqueEmail('director'), shareholder: uniqueEmail('holder') };
      const without = await client.rpc('businessAccountCreate', { draft: businessDraft(emails) });
      expect(without.body.responseCode).toBe('TA1');
      expect(without.body.validationErrors).toEqual([{ field: 'challengeToken', description: 'Tick "I am not a robot" before sending.' }]);
      const madeUp = await client.rpc('businessAccountCreate', { draft: businessDraft(emails), challengeToken: 'not-a-token' });
      expect(madeUp.body.validationErrors).toEqual([{ field: 'challengeToken', description: expect.stringMatching(/expired or was already used/) }]);
      expect(await outbox(emails.company, 'businessActivation')).toEqual([]);
    });

    it('refuses a bad share sum and a taken e-mail on their fields, creating nothing', async () => {
      const emails = { company: uniqueEmail('office'), director: uniqueEmail('director'), shareholder: uniqueEmail('holder') };
      const draft = businessDraft(emails);
      draft.companies[0]!.shareholders = [{ type: 'person', id: 'p1', share: SUM_MIN / 2 }];
      const badSum = await client.rpc('businessAccountCreate', { challengeToken: await solvedChallenge(client.baseUrl), draft });
      expect(badSum.body.responseCode).toBe('TA1');
      expect(badSum.body.validationErrors).toEqual([
        {
          field: 'draft.companies.0.shareholders',
          description: `These shares add up to ${SUM_MIN / 2}%: together they must be from ${SUM_MIN}% to ${SUM_MAX}%.`,
        },
      ]);

      const overShare = businessDraft(emails);
      overShare.shareholders[0]!.share = 100.5;
      const schemaRefusal = await client.rpc('businessAccountCreate', { challengeToken: await solvedChallenge(client.baseUrl), draft: overShare });
      expect(schemaRefusal.body.responseCode).toBe('TA1');
      expect(schemaRefusal.body.validationErrors.map((error: { field: string }) => error.field)).toContain('draft.shareholders.0.share');

      // a person nothing names yet (the wizard would drop them) does not shift the field paths of those after
      const taken = businessDraft({ ...emails, shareholder: DEMO_LOGINS.personal });
      taken.persons.unshift(draftPerson('loose', 'Borg'));
      const takenAnswer = await client.rpc('businessAccountCreate', { challengeToken: await solvedChallenge(client.baseUrl), draft: taken });
      expect(takenAnswer.body.validationErrors).toEqual([{ field: 'draft.persons.3.email', description: expect.stringMatching(/already has an account/) }]);

      expect(await customersNamed('Harbour Tools Ltd')).toEqual([]);
      expect(await outbox(emails.company, 'businessActivation')).toEqual([]);
    });

    it('registers a business with a two-level shareholder tree, activates it and its users, who sign in with their rights', async () => {
      const emails = { company: uniqueEmail('office'), director: uniqueEmail('director'), shareholder: uniqueEmail('holder') };
      const saved = await client.rpc('businessRegistrationDraftSave', { draft: businessDraft(emails) });
      const created = await client.rpc('businessAccountCreate', {
        challengeToken: await solvedChallenge(client.baseUrl),
        draft: businessDraft(emails),
        draftToken: saved.body.draftToken,
      });
      expect(created.body).toMatchObject({ responseCode: '00', email: emails.company.toLowerCase() });
      expect((await client.rpc('businessRegistrationDraftGet', { draftToken: saved.body.draftToken })).body.draft).toBeUndefined();
      expect((await client.rpc('checkEmail', { email: emails.director })).body.status).toBe(rules.emailStatuses.pending);

      const [customer] = await customersNamed('Harbour Tools Ltd');
      const representatives = await test.server.db
        .selectFrom('business_representatives')
        .select(['id', 'kind', 'draft_id', 'parent_id', 'share', 'company_name'])
        .where('customer_id', '=', customer!.id)
        .orderBy('id')
        .execute();
      const holding = representatives.find((row) => row.draft_id === 'holding')!;
      const kinds = rules.representativeKinds;
      expect(holding).toMatchObject({ kind: kinds.companyShareholder, parent_id: null, company_name: 'Harbour Holding Ltd' });
      expect(Number(holding.share)).toBe(SUM_MAX / 2);
      const summary = representatives.map((row) => [row.kind, row.draft_id, row.parent_id === holding.id ? 'holding' : row.parent_id]);
      expect(summary).toEqual(
        expect.arrayContaining([
          [kinds.director, 'dir', null],
          [kinds.owner, 'dir', null],
          [kinds.personShareholder, 'dir', null],
          [kinds.director, 'hdir', 'holding'],
          [kinds.personShareholder, 'p1', 'holding'],
          [kinds.personShareholder, 'p2', 'holding'],
          [kinds.authorisedUser, 'dir', null],
          [kinds.authorisedUser, 'p1', null],
        ]),
      );
      expect(representatives).toHaveLength(10);
      const northwindBefore = await client.signIn(DEMO_LOGINS.business);
      const companiesOf = async (token: string) =>
        (await client.rpc('customerAccessList', {}, { token })).body.customers.map((entry: { customerName: string; accessRights: string[] }) => [
          entry.customerName,
          entry.accessRights,
        ]);
      expect(await companiesOf(northwindBefore.accessToken)).not.toContainEqual(expect.arrayContaining(['Harbour Tools Ltd']));

      // nobody is invited before the company is activated
      expect(await outbox(emails.director.toLowerCase(), 'activation')).toEqual([]);
      const [companyMail] = await outbox(emails.company.toLowerCase(), 'businessActivation');
      expect(companyMail?.subject).toBe("Paxum: activate your company's account");
      const code = codeIn(companyMail);
      // e-mailed links are absolute: without PUBLIC_URL, on the origin the call came to
      expect(companyMail?.body).toContain(`${test.url}/activate-business?email=${encodeURIComponent(emails.company.toLowerCase())}&activationCode=${code}`);
      // the company's code can be sent again, but not within the minute (a login's resend would answer 00 and send nothing)
      const resend = await client.rpc('activationCodeResend', { username: emails.company });
      expect(resend.body).toMatchObject({ responseCode: 'VF', resendAfterSeconds: expect.any(Number) });
      expect(await outbox(emails.company.toLowerCase(), 'businessActivation')).toHaveLength(1);
      const wrong = await client.rpc('businessAccountActivate', { email: emails.company, activationCode: code === '000000' ? '111111' : '000000' });
      expect(wrong.body.responseCode).toBe('VF');
      const activated = await client.rpc('businessAccountActivate', { email: emails.company, activationCode: code });
      expect(activated.body).toMatchObject({
        responseCode: '00',
        message: 'Your account has been activated. Authorized users will now receive the activation links to access the account.',
      });
      expect((await client.rpc('businessAccountActivate', { email: emails.company, activationCode: code })).body.responseCode).toBe('VF');
      expect(await companiesOf(northwindBefore.accessToken)).toContainEqual(['Harbour Tools Ltd', ['documents']]);
      expect(await outbox(DEMO_LOGINS.business, 'activation')).toEqual([]);

      for (const [email, expectedRights] of [
        [emails.director, ['balanceInfo', 'transfers', 'transfersApprove', 'documents', 'companySettings', 'users']],
        [emails.shareholder, ['balanceInfo']],
      ] as const) {
        const [invitation] = await outbox(email.toLowerCase(), 'activation');
        expect(invitation?.subject).toBe('Paxum: your access to Harbour Tools Ltd');
        const userCode = codeIn(invitation);
        expect(invitation?.body).toContain(`${test.url}/activate-employee?username=${encodeURIComponent(email.toLowerCase())}&activationCode=${userCode}`);
        expect((await client.login(email, USER_PASSWORD)).status).not.toBe(200);

        const noPassword = await client.rpc('accountActivate', { username: email, activationCode: userCode });
        expect(noPassword.body.validationErrors).toEqual([{ field: 'password', description: 'Choose a password for your login to activate it.' }]);
        const done = await client.rpc('accountActivate', { username: email, activationCode: userCode, password: USER_PASSWORD });
        expect(done.body.responseCode).toBe('00');
        const access = await client.rpc('businessAccessInfo', {}, { token: done.body.accessToken });
        expect(access.body).toMatchObject({ responseCode: '00', customerId: customer!.id, accessRights: expectedRights, customerName: 'Harbour Tools Ltd' });

        const tokens = await client.signIn(email, USER_PASSWORD);
        const list = await client.rpc('customerAccessList', {}, { token: tokens.accessToken });
        expect(list.body.customers).toEqual([
          expect.objectContaining({ customerId: customer!.id, customerName: 'Harbour Tools Ltd', accessRights: expectedRights }),
        ]);
      }
    });

    it("takes a three-level tree (a holding's shareholder company's shareholders), refusing a bad sum on the third level on its field", async () => {
      const emails = { company: uniqueEmail('office'), director: uniqueEmail('director'), shareholder: uniqueEmail('holder') };
      const threeLevels = (thirdLevelShare: number) => {
        const draft = businessDraft(emails);
        draft.persons.push(draftPerson('sdir', 'Borg'), draftPerson('p3', 'Borg'));
        draft.companies.push({
          id: 'sub',
          name: 'Harbour Sub Holding Ltd',
          registrationCountryCode: 'CY',
          registrationNumber: 'HE 4343',
          directors: ['sdir'],
          shareholders: [{ type: 'person', id: 'p3', share: thirdLevelShare }],
        });
        draft.companies[0]!.shareholders = [
          { type: 'person', id: 'p1', share: SUM_MAX / 2 },
          { type: 'company', id: 'sub', share: SUM_MAX / 2 },
        ];
        return draft;
      };
      const before = await customersNamed('Harbour Tools Ltd');
      const bad = await client.rpc('businessAccountCreate', { challengeToken: await solvedChallenge(client.baseUrl), draft: threeLevels(SUM_MIN / 2) });
      expect(bad.body.responseCode).toBe('TA1');
      expect(bad.body.validationErrors).toEqual([{ field: 'draft.companies.1.shareholders', description: expect.stringContaining(`${SUM_MIN}%`) }]);
      expect(await customersNamed('Harbour Tools Ltd')).toEqual(before);

      const created = await client.rpc('businessAccountCreate', { challengeToken: await solvedChallenge(client.baseUrl), draft: threeLevels(SUM_MAX) });
      expect(created.body.responseCode).toBe('00');
      const known = new Set(before.map((row) => row.id));
      const [customer] = (await customersNamed('Harbour Tools Ltd')).filter((row) => !known.has(row.id));
      const rows = await test.server.db
        .selectFrom('business_representatives')
        .select(['id', 'kind', 'draft_id', 'parent_id'])
        .where('customer_id', '=', customer!.id)
        .execute();
      const idOf = (draftId: string, kind: number) => rows.find((row) => row.draft_id === draftId && row.kind === kind)?.id;
      const kinds = rules.representativeKinds;
      const holding = idOf('holding', kinds.companyShareholder);
      const sub = rows.find((row) => row.draft_id === 'sub')!;
      expect(sub).toMatchObject({ kind: kinds.companyShareholder, parent_id: holding });
      expect(rows).toContainEqual(expect.objectContaining({ draft_id: 'p3', kind: kinds.personShareholder, parent_id: sub.id }));
      expect(rows).toContainEqual(expect.objectContaining({ draft_id: 'sdir', kind: kinds.director, parent_id: sub.id }));
    });

    it('asks holders of 25 % or more for details of each source of funds where the brand enables source of wealth, on the field', async () => {
      // paxumbank enables source of wealth (paxum, the other tests' brand, does not: their holders give none)
      // and its e-mailed links point at its public URL, not at the address the call came to
      const wealthy = await startTestServer(backend, { brand: 'paxumbank', publicUrl: 'https://bank.example' });
      try {
        const wealthyClient = new ApiClient(wealthy.url);
        const emails = { company: uniqueEmail('office'), director: uniqueEmail('director'), shareholder: uniqueEmail('holder') };
        const draft = businessDraft(emails);
        // every holder here holds 50 % of their level; the demo user holds nothing and is asked nothing
        const details = { dir: { 1: 'Salary as managing director since 2012' }, p1: { 1: 'Salary' }, p2: { 1: 'Salary' } } as Record<
          string,
          Record<string, string>
        >;
        draft.persons = draft.persons.map((person) =>
          details[person.id] ? { ...person, sourceOfFunds: [1, 4], sourceDetails: { ...details[person.id], 4: 'Sale of shares, 2019' } } : person,
        );
        const missing = structuredClone(draft);
        delete (missing.persons[0] as { sourceDetails?: Record<string, string> }).sourceDetails![4];
        delete (missing.persons[2] as { sourceOfFunds?: number[] }).sourceOfFunds;
        delete (missing.persons[2] as { sourceDetails?: Record<string, string> }).sourceDetails;
        const refused = await wealthyClient.rpc('businessAccountCreate', { challengeToken: await solvedChallenge(wealthy.url, 'paxumbank'), draft: missing });
        expect(refused.body.responseCode).toBe('TA1');
        expect(refused.body.validationErrors.map((error: { field: string }) => error.field).sort()).toEqual([
          'draft.persons.0.sourceDetails.4',
          'draft.persons.2.sourceOfFunds',
        ]);
        expect(await wealthy.server.db.selectFrom('customers').select('id').where('business_name', '=', 'Harbour Tools Ltd').execute()).toEqual([]);

        const created = await wealthyClient.rpc('businessAccountCreate', { challengeToken: await solvedChallenge(wealthy.url, 'paxumbank'), draft });
        expect(created.body.responseCode).toBe('00');
        const [companyMail] = await outboxTo(wealthyClient, emails.company.toLowerCase(), 'businessActivation');
        expect(companyMail?.body).toContain(`https://bank.example/activate-business?email=${encodeURIComponent(emails.company.toLowerCase())}&activationCode=`);
      } finally {
        await wealthy.close();
      }
    });

    it('refuses registration where the brand does not offer it', async () => {
      const closed = await startTestServer(backend, { brand: 'paydek' });
      try {
        const closedClient = new ApiClient(closed.url);
        const emails = { company: uniqueEmail('office'), director: uniqueEmail('director'), shareholder: uniqueEmail('holder') };
        const answer = await closedClient.rpc('businessAccountCreate', {
          challengeToken: await solvedChallenge(closed.url, 'paydek'),
          draft: businessDraft(emails),
        });
        expect(answer.body.responseCode).toBe('ENOA');
      } finally {
        await closed.close();
      }
    });
  });
}
