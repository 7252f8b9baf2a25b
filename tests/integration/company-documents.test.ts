/**
 * Company documents, representatives and actions required (issue 17 items 3 and 7, document 002
 * sections 3, 5 to 7) against Northwind's demo data: documents by category with their states, an
 * upload moving both its category and the action counts, the representative delete (choices for the
 * company, forced for an admin), the admin's assign and remove, and a user without the documents
 * right refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPRESENTATIVE_DEMO_LOGIN } from '../../server/company-documents/demo-seed.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { codeIn, outboxTo } from './business-draft-support.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, TEST_PASSWORD } from './ledger-support.ts';

type Category = { category: string; state: string; documents: Array<{ id: number; statusId: number }> };
type Actions = {
  total: number;
  counts: { documents: number; addresses: number; representatives: number; fields: number };
  documents: Array<{ category: string; link: string }>;
  addresses: Array<{ addressId: number; link: string }>;
  representatives: Array<{ businessRepresentativeId: number; name: string; link: string }>;
  fields: Array<{ field: string; link: string }>;
};
type Representative = {
  businessRepresentativeId: number;
  kind: number;
  name: string;
  isUser: boolean;
  needsAction: boolean;
  documentStatuses: Record<string, number>;
};

const pdf = (name: string) => `data:application/pdf;name=${name};base64,${Buffer.from('%PDF-1.7 company document').toString('base64')}`;

for (const backend of BACKENDS) {
  describe(`company documents on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let owner: Tokens;
    let representative: Tokens;
    let admin: Tokens;
    let northwindId: number;

    const call = async <T = Record<string, unknown>>(method: string, params: object, tokens: Tokens) => {
      const answer = await client.rpc<T & { responseCode: string; validationErrors?: Array<{ field: string }> }>(method, params, { token: tokens.accessToken });
      return answer.body;
    };
    const actions = async (tokens: Tokens = owner) => call<Actions>('companyActionsRequired', {}, tokens);
    const categories = async () => (await call<{ categories: Category[] }>('companyDocumentsInquiry', {}, owner)).categories;
    const categoryOf = async (name: string) => (await categories()).find((category) => category.category === name)!;
    const representatives = async () => (await call<{ representatives: Representative[] }>('businessRepresentativeList', {}, owner)).representatives;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      owner = await client.signIn(DEMO_LOGINS.business);
      representative = await client.signIn(REPRESENTATIVE_DEMO_LOGIN);
      admin = await client.signIn(DEMO_LOGINS.admin);
      northwindId = (await test.server.db.selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow())
        .customer_id!;
    });
    afterAll(() => test?.close());

    it('lists the company documents by category, each in its state', async () => {
      const states = Object.fromEntries((await categories()).map((category) => [category.category, category.state]));
      expect(states).toMatchObject({
        businessRegistration: 'validated',
        businessAddress: 'validated',
        controlDocument: 'pending',
        businessAdditionalDocument: 'expiredSoon',
        registrationAddress: 'none',
        phone: 'notRequired',
      });
      // A representative's proof of identity is theirs, not the company's.
      expect(states.proofOfIdentity).toBe('notRequired');
    });

    it('counts and lists what the company must fix, each with where it is fixed', async () => {
      const answer = await actions();
      // Other people of Northwind's demo (its users) may need action too: the demo's shareholder and owner do.
      expect(answer.counts).toMatchObject({ documents: 1, addresses: 1 });
      expect(answer.total).toBe(answer.counts.documents + answer.counts.addresses + answer.counts.representatives + answer.counts.fields);
      expect(answer.documents).toEqual([{ category: 'registrationAddress', state: 'none', link: '/company-documents/upload?category=registrationAddress' }]);
      expect(answer.fields).toHaveLength(answer.counts.fields);
      for (const item of answer.fields) expect(item.link).toMatch(/^\/company/);
      expect(answer.representatives.map((item) => item.name)).toEqual(expect.arrayContaining(['Maria Lind', 'Tom Reyes']));
      expect(answer.representatives.map((item) => item.name)).not.toContain('Grace Holt');
      expect(answer.representatives[0]!.link).toMatch(/^\/company\/representatives\/\d+$/);
    });

    it('moves the counts as things are fixed: a missing document, an address proof, a representative', async () => {
      const before = await actions(representative);
      const { addressId } = before.addresses[0]!;
      const upload = await call('documentUpload', { documentType: 32, addressId, files: { main: pdf('registered.pdf') } }, representative);
      expect(upload.responseCode).toBe('00');
      expect((await categoryOf('registrationAddress')).state).toBe('pending');
      const after = await actions(representative);
      expect(after.counts).toMatchObject({ documents: 0, addresses: 0 });
      expect(after.total).toBe(before.total - 2);

      const needingBefore = after.counts.representatives;
      const tom = (await representatives()).find((item) => item.name === 'Tom Reyes')!;
      expect(tom.documentStatuses).toEqual({ proofOfIdentity: 0, address: 0 });
      for (const [documentType, category] of [
        [1, 'proofOfIdentity'],
        [10, 'address'],
      ] as const) {
        const answer = await call(
          'documentUpload',
          { documentType, representativeId: tom.businessRepresentativeId, files: { main: pdf(`${category}.pdf`) } },
          representative,
        );
        expect(answer.responseCode).toBe('00');
      }
      const proven = (await representatives()).find((item) => item.name === 'Tom Reyes')!;
      expect(proven).toMatchObject({ documentStatuses: { proofOfIdentity: 1, address: 1 }, needsAction: false });
      expect((await actions()).counts.representatives).toBe(needingBefore - 1);
    });

    it('refuses a representative of another company and a category without its address, on their fields', async () => {
      const foreign = await call('documentUpload', { documentType: 1, representativeId: 999_999, files: { main: pdf('x.pdf') } }, owner);
      expect(foreign.responseCode).toBe('13');
      const noAddress = await call('documentUpload', { documentType: 32, files: { main: pdf('x.pdf') } }, owner);
      expect(noAddress).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'addressId' }] });
    });

    it('groups source-of-wealth documents by the source they prove', async () => {
      const tom = (await representatives()).find((item) => item.name === 'Tom Reyes')!;
      for (const sourceKey of ['salary', 'salary', 'inheritance']) {
        const answer = await call(
          'documentUpload',
          { documentType: 50, representativeId: tom.businessRepresentativeId, sourceKey, files: { main: pdf('sow.pdf') } },
          owner,
        );
        expect(answer.responseCode).toBe('00');
      }
      const info = await call<{ sourceOfWealth: Array<{ key: string; documents: unknown[] }>; address: Record<string, string> }>(
        'businessRepresentativeInfo',
        { businessRepresentativeId: tom.businessRepresentativeId },
        owner,
      );
      expect(info.sourceOfWealth.map((group) => [group.key, group.documents.length]).sort()).toEqual([
        ['inheritance', 1],
        ['salary', 2],
      ]);
      expect(info.address).toMatchObject({ city: 'Bristol' });
    });

    it("gives a representative a new address, unconfirmed until the company confirms it, and refuses another company's", async () => {
      const tom = (await representatives()).find((item) => item.name === 'Tom Reyes')!;
      const created = await call<{ address: Record<string, string> }>(
        'businessRepresentativeAddressCreate',
        { businessRepresentativeId: tom.businessRepresentativeId, address1: '2 Dock Road', city: 'Leeds', countryCode: 'GB' },
        owner,
      );
      expect(created).toMatchObject({ responseCode: '00', address: { address1: '2 Dock Road', confirmed: 'false' } });
      const confirmed = await call('businessRepresentativeAddressConfirm', { businessRepresentativeId: tom.businessRepresentativeId }, owner);
      expect(confirmed).toMatchObject({ responseCode: '00', address: { city: 'Leeds', confirmed: 'true' } });
      const info = await call<{ address: Record<string, string> }>(
        'businessRepresentativeInfo',
        { businessRepresentativeId: tom.businessRepresentativeId },
        owner,
      );
      expect(info.address).toMatchObject({ address1: '2 Dock Road', confirmed: 'true' });
      expect((await call('businessRepresentativeAddressConfirm', { businessRepresentativeId: 999_999 }, owner)).responseCode).toBe('13');
      expect(
        await call(
          'businessRepresentativeAddressCreate',
          { businessRepresentativeId: tom.businessRepresentativeId, address1: '', city: 'Leeds', countryCode: 'GB' },
          owner,
        ),
      ).toMatchObject({
        responseCode: 'TA1',
      });
    });

    it("gives a representative a new phone, sends it a code, confirms it with that code only, and refuses another company's", async () => {
      const tom = (await representatives()).find((item) => item.name === 'Tom Reyes')!;
      const id = tom.businessRepresentativeId;
      const updated = await call('businessRepresentativePhoneUpdate', { businessRepresentativeId: id, phoneCountryCode: '+44', phone: '7700 900-777' }, owner);
      expect(updated).toMatchObject({ responseCode: '00', phone: { countryCode: '44', number: '7700900777', confirmed: 'false' } });
      const code = codeIn((await outboxTo(client, '447700900777', 'representativePhoneVerification'))[0]);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await call('businessRepresentativePhoneConfirm', { businessRepresentativeId: id, code: wrong }, owner)).toMatchObject({
        responseCode: 'VF',
        validationErrors: [{ field: 'code' }],
      });
      expect(await call('businessRepresentativePhoneConfirm', { businessRepresentativeId: id, code }, owner)).toMatchObject({
        responseCode: '00',
        phone: { number: '7700900777', confirmed: 'true' },
      });
      const info = await call<{ phone: Record<string, string> }>('businessRepresentativeInfo', { businessRepresentativeId: id }, owner);
      expect(info.phone).toEqual({ countryCode: '44', number: '7700900777', confirmed: 'true' });
      expect(
        (await call('businessRepresentativePhoneUpdate', { businessRepresentativeId: 999_999, phoneCountryCode: '44', phone: '7700900778' }, owner))
          .responseCode,
      ).toBe('13');
      expect(await call('businessRepresentativePhoneUpdate', { businessRepresentativeId: id, phoneCountryCode: '44', phone: 'abc' }, owner)).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'phone' }],
      });
    });

    it('offers the company choices when deleting a representative who signs in, and keeps or removes their access', async () => {
      const grace = (await representatives()).find((item) => item.name === 'Grace Holt')!;
      expect(grace.isUser).toBe(true);
      const unchosen = await call('businessRepresentativeDelete', { businessRepresentativeId: grace.businessRepresentativeId }, owner);
      expect(unchosen).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'choice' }] });
      expect((await representatives()).some((item) => item.name === 'Grace Holt')).toBe(true);

      const deleted = await call<{ representatives: Representative[] }>(
        'businessRepresentativeDelete',
        { businessRepresentativeId: grace.businessRepresentativeId, choice: 'keepUserAccess' },
        owner,
      );
      expect(deleted.responseCode).toBe('00');
      expect(deleted.representatives.some((item) => item.name === 'Grace Holt')).toBe(false);
      // She kept her access: still reaches the documents.
      expect((await actions(representative)).total).toBeGreaterThanOrEqual(0);
      expect((await call('companyActionsRequired', {}, representative)).responseCode).toBe('00');
    });

    it('lets an admin delete a representative by force, with no choice asked', async () => {
      const maria = (await representatives()).find((item) => item.name === 'Maria Lind')!;
      const refused = await call('adminRepresentativeDelete', { customerId: northwindId, businessRepresentativeId: maria.businessRepresentativeId }, owner);
      expect(refused.responseCode).toBe('13');
      const forced = await call('adminRepresentativeDelete', { customerId: northwindId, businessRepresentativeId: maria.businessRepresentativeId }, admin);
      expect(forced.responseCode).toBe('00');
      expect((await representatives()).map((item) => item.name)).not.toContain('Maria Lind');
      expect((await actions()).representatives.map((item) => item.name)).not.toContain('Maria Lind');
    });

    it('lets an admin remove a document and assign one to a representative', async () => {
      const control = await categoryOf('controlDocument');
      const documentId = control.documents[0]!.id;
      expect((await call('adminDocumentRemove', { documentId }, owner)).responseCode).toBe('13');
      expect((await call('adminDocumentRemove', { documentId }, admin)).responseCode).toBe('00');
      expect((await categoryOf('controlDocument')).state).toBe('none');
      expect((await actions()).documents.map((item) => item.category)).toEqual(['controlDocument']);
      expect(await call('adminDocumentRemove', { documentId }, admin)).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'documentId' }] });

      const other = await call<{ document: { id: number } }>('documentUpload', { documentType: 1, files: { main: pdf('passport.pdf') } }, owner);
      const tom = (await representatives()).find((item) => item.name === 'Tom Reyes')!;
      const assigned = await call(
        'adminDocumentAssign',
        { documentId: other.document.id, customerId: northwindId, representativeId: tom.businessRepresentativeId },
        admin,
      );
      expect(assigned.responseCode).toBe('00');
      const info = await call<{ documents: Array<{ id: number }> }>(
        'businessRepresentativeInfo',
        { businessRepresentativeId: tom.businessRepresentativeId },
        owner,
      );
      expect(info.documents.map((document) => document.id)).toContain(other.document.id);
    });

    it("shows an admin the due diligence only at levels 1 and 4, and updates financial info and due diligence with the wizard's forms", async () => {
      type Company = { customerType: string; financialInfo: Record<string, unknown>; dueDiligenceLevel?: number; dueDiligence?: Record<string, unknown> };
      const company = async () => call<Company>('adminCompanyGet', { customerId: northwindId }, admin);
      // The demo company's financial info as the registration wizard's financial form holds it.
      expect(await company()).toMatchObject({
        customerType: 'business',
        financialInfo: { sourceIds: [11], purposeIds: [11], monthlyDepositAmountId: 2, monthlyDepositCurrency: 'USD', industryId: 11 },
      });
      expect((await company()).dueDiligence).toBeUndefined();
      const financialInfo = {
        monthlyDepositAmountId: 3,
        monthlyDepositCurrency: 'EUR',
        monthlyWithdrawalAmountId: 1,
        monthlyWithdrawalCurrency: 'USD',
        sourceIds: [12, 13],
        purposeIds: [14],
        industryId: 21,
        specifications: 'Studio payroll and client invoices',
        additionalAnswers: { businessAnotherAccount: { value: true, text: 'A second bank in Bristol' } },
      };
      const dueDiligence = { government: { answer: false }, lawsuits: { answer: true, details: 'One settled claim, 2021' }, taxPayers: { answer: false } };

      // The wizard's rules, on their fields: a shape the form refuses, then a choice the dictionaries do not offer.
      const unshaped = await call('adminCompanyComplianceUpdate', { customerId: northwindId, financialInfo: { ...financialInfo, sourceIds: [] } }, admin);
      expect(unshaped).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'financialInfo.sourceIds' }] });
      const unoffered = await call('adminCompanyComplianceUpdate', { customerId: northwindId, financialInfo: { ...financialInfo, industryId: 99 } }, admin);
      expect(unoffered).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'financialInfo.industryId' }] });
      const followUp = { ...dueDiligence, taxPayers: { answer: true } };
      expect(await call('adminCompanyComplianceUpdate', { customerId: northwindId, dueDiligence: followUp }, admin)).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'dueDiligence.taxPayers.details' }],
      });
      expect((await company()).financialInfo).toMatchObject({ industryId: 11, sourceIds: [11] });

      // Only an admin changes them: the company's own owner is refused.
      expect((await call('adminCompanyComplianceUpdate', { customerId: northwindId, financialInfo }, owner)).responseCode).toBe('13');
      const updated = await call('adminCompanyComplianceUpdate', { customerId: northwindId, dueDiligenceLevel: 4, financialInfo, dueDiligence }, admin);
      expect(updated.responseCode).toBe('00');
      expect(await company()).toMatchObject({ dueDiligenceLevel: 4, financialInfo, dueDiligence });
      const profile = await test.server.db
        .selectFrom('business_profiles')
        .select(['industry_id', 'additional_answers'])
        .where('customer_id', '=', northwindId)
        .executeTakeFirstOrThrow();
      expect(profile).toEqual({ industry_id: 21, additional_answers: financialInfo.additionalAnswers });
      await call('adminCompanyComplianceUpdate', { customerId: northwindId, dueDiligenceLevel: 1 }, admin);
      expect((await company()).dueDiligence).toEqual(dueDiligence);
      await call('adminCompanyComplianceUpdate', { customerId: northwindId, dueDiligenceLevel: 2 }, admin);
      expect((await company()).dueDiligence).toBeUndefined();

      // A personal customer has neither: refused as unknown.
      const anna = await test.server.db.selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.personal).executeTakeFirstOrThrow();
      expect((await call('adminCompanyComplianceUpdate', { customerId: anna.customer_id, dueDiligence }, admin)).responseCode).toBe('13');
      expect((await call<Company>('adminCompanyGet', { customerId: anna.customer_id }, admin)).customerType).toBe('personal');
    });

    it('sends and reads the resolution with its signers, and records the declarations and the prohibited escort statement', async () => {
      expect((await call('businessResolutionGet', {}, owner)).accountResolution).toBeUndefined();
      const tom = (await representatives()).find((item) => item.name === 'Tom Reyes')!;
      const stranger = await call('businessResolutionSend', { businessRepresentativeIds: [tom.businessRepresentativeId], signers: [1_000_000] }, owner);
      expect(stranger).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'signers.0' }] });
      const sent = await call(
        'businessResolutionSend',
        { businessRepresentativeIds: [tom.businessRepresentativeId], signers: [tom.businessRepresentativeId] },
        owner,
      );
      expect(sent.responseCode).toBe('00');
      expect((await call('businessResolutionGet', {}, owner)).accountResolution).toMatchObject({
        businessRepresentativeIds: [tom.businessRepresentativeId],
        statusId: 1,
        signers: [{ businessRepresentativeId: tom.businessRepresentativeId, name: 'Tom Reyes' }],
      });

      const declarations = {
        politicallyExposed: true,
        politicallyExposedDetails: 'Ann Holt, city councillor',
        sanctionedCountries: false,
        actsOnOwnBehalf: true,
      };
      expect(await call('companyDeclarationsUpdate', { answers: { ...declarations, informationTrue: true } }, owner)).toMatchObject({
        responseCode: '00',
        answers: { ...declarations, informationTrue: true },
      });
      expect(await call('companyDeclarationsUpdate', { answers: { ...declarations, informationTrue: false } }, owner)).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'answers.informationTrue' }],
      });
      const { politicallyExposedDetails: _left, ...withoutDetails } = declarations;
      expect(await call('companyDeclarationsUpdate', { answers: { ...withoutDetails, informationTrue: true } }, owner)).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'answers.politicallyExposedDetails' }],
      });
      expect(await call('companyDeclarationsGet', {}, owner)).toMatchObject({ answers: { politicallyExposedDetails: 'Ann Holt, city councillor' } });
      expect((await call('prohibitedEscortStatementAccept', { accepted: false }, owner)).responseCode).toBe('TA1');
      expect((await call('prohibitedEscortStatementAccept', { accepted: true }, owner)).responseCode).toBe('00');
      expect(await call('prohibitedEscortStatementGet', {}, owner)).toMatchObject({ answers: { accepted: true } });
    });

    it('lets the representative (no balance-info access) reach the company documents only: its access says so and the rest is refused', async () => {
      expect(await call('businessAccessInfo', {}, representative)).toMatchObject({ responseCode: '00', accessList: { balanceInfo: false, documents: true } });
      expect((await call('companyDocumentsInquiry', {}, representative)).responseCode).toBe('00');
      for (const method of ['balanceInquiry', 'balanceTotal', 'companyInfo', 'companyAddresses', 'accessRightsList']) {
        expect((await call(method, {}, representative)).responseCode, method).toBe('13');
      }
    });

    it('lists a person holding two roles once among the people a resolution names and is signed by, with both roles', async () => {
      // Earlier tests delete some representatives: a person with one role is taken from those left.
      type Person = { businessRepresentativeId: number; name: string; kinds: number[] };
      const before = (await call<{ people: Person[] }>('businessRepresentativeList', {}, owner)).people;
      const single = before.find((person) => person.kinds.length === 1)!;
      const owned = await test.server.db
        .selectFrom('business_representatives')
        .selectAll()
        .where('id', '=', single.businessRepresentativeId)
        .where('entity', '=', 'person')
        .executeTakeFirstOrThrow();
      const otherKind = owned.kind === 2 ? 6 : 2;
      const name = `${owned.first_name} ${owned.last_name}`;
      const second = await test.server.db
        .insertInto('business_representatives')
        .values({
          customer_id: northwindId,
          kind: otherKind,
          entity: 'person',
          draft_id: owned.draft_id,
          first_name: owned.first_name,
          last_name: owned.last_name,
          share: 5,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        const { people } = await call<{ people: Array<{ businessRepresentativeId: number; name: string; kinds: number[] }> }>(
          'businessRepresentativeList',
          {},
          owner,
        );
        expect(people.filter((person) => person.name === name)).toEqual([{ businessRepresentativeId: owned.id, name, kinds: [owned.kind, otherKind] }]);
        expect(people).toHaveLength(new Set((await representatives()).map((item) => item.name)).size);
      } finally {
        await test.server.db.deleteFrom('business_representatives').where('id', '=', second.id).execute();
      }
    });

    it('signs a resolution through the e-signature sandbox, signer by signer, and is signed (status 2) once every signer has', async () => {
      const people = await representatives();
      // Earlier tests delete some representatives: two of those left sign.
      const [grace, tom] = people.map((item) => item.businessRepresentativeId) as [number, number];
      const sent = await call<{ accountResolution: { statusId: number } }>(
        'businessResolutionSend',
        { businessRepresentativeIds: [grace, tom], signers: [grace, tom] },
        owner,
      );
      expect(sent).toMatchObject({ responseCode: '00', accountResolution: { statusId: 1 } });
      const signIn = async (businessRepresentativeId: number) => {
        const answer = await call<{ signData: { signUrl: string } }>('businessResolutionSign', { businessRepresentativeId }, owner);
        expect(answer).toMatchObject({ responseCode: '00', signData: { signUrl: expect.stringMatching(/^\/sandbox\/e-signature\/env_/) } });
        expect((await client.get(answer.signData.signUrl)).text).toContain('Account resolution');
        const response = await fetch(`${test.url}${answer.signData.signUrl}`, {
          method: 'POST',
          body: new URLSearchParams({ outcome: 'signed', signedName: 'Signer' }),
          redirect: 'manual',
        });
        expect([response.status, response.headers.get('location')]).toEqual([303, '/company/resolution']);
      };
      await signIn(grace);
      const half = await call<{ accountResolution: { statusId: number; signers: Array<{ businessRepresentativeId: number; signed?: boolean }> } }>(
        'businessResolutionGet',
        {},
        owner,
      );
      expect(half.accountResolution.statusId).toBe(1);
      expect(half.accountResolution.signers.map((signer) => [signer.businessRepresentativeId, signer.signed])).toEqual([
        [grace, true],
        [tom, false],
      ]);
      expect(await call('businessResolutionSign', { businessRepresentativeId: grace }, owner)).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'businessRepresentativeId' }],
      });
      await signIn(tom);
      expect(await call('businessResolutionGet', {}, owner)).toMatchObject({
        accountResolution: { statusId: 2, signers: [{ signed: true }, { signed: true }] },
      });
      expect(await call('businessResolutionSign', { businessRepresentativeId: tom }, owner)).toMatchObject({ responseCode: 'TA1' });
      expect((await call('businessResolutionSign', { businessRepresentativeId: 999_999 }, owner)).responseCode).toBe('13');
    });

    it('refuses every company documents call to a user without the documents right', async () => {
      const { userId, email } = await createPersonalCustomer(test.server.db, 'Clerk');
      await test.server.db
        .insertInto('customer_access')
        .values({ user_id: userId, customer_id: northwindId, rights: ['balanceInfo', 'transfers'] })
        .execute();
      const clerk = await client.signIn(email, TEST_PASSWORD);
      for (const method of ['companyDocumentsInquiry', 'companyActionsRequired', 'businessRepresentativeList', 'businessResolutionGet']) {
        const answer = await client.rpc(method, {}, { token: clerk.accessToken, customerId: northwindId });
        expect(answer.body.responseCode, method).toBe('13');
      }
    });
  });
}
