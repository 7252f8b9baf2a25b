/**
 * The verification area against the real server on both back-ends: the facts behind the account
 * verification status, limits and their uploads, due diligence, KYC, identity verification through the
 * provider sandbox (complete, fail, name mismatch, video), FATCA/CRS with W-form signing through the
 * e-signature sandbox, the representative's secret link, and refusals on other customers' objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { DEMO_REPRESENTATIVE_SECRET, VERIFICATION_DEMO_LOGINS } from '../../server/verification/demo-seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const PNG = 'data:image/png;name=scan.png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF = `data:application/pdf;name=certificate.pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64')}`;

for (const backend of BACKENDS) {
  describe(`verification on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    const tokens: Record<string, Tokens> = {};

    const call = async (who: string, method: string, params: object = {}) => (await client.rpc(method, params, { token: tokens[who]!.accessToken })).body;
    const ok = async (who: string, method: string, params: object = {}) => {
      const body = await call(who, method, params);
      expect(body.responseCode, `${method}: ${JSON.stringify(body)}`).toBe('00');
      return body;
    };
    const status = async (who: string) => (await ok(who, 'verificationStatusGet')).status;
    /** A sandbox page form posted as a browser would; answers the status and where it redirects. */
    const postForm = async (path: string, form: Record<string, string>) => {
      const response = await fetch(`${test.url}${path}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
      return { status: response.status, location: response.headers.get('location') };
    };
    const documentCount = async () =>
      Number((await test.server.db.selectFrom('documents').select(test.server.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      for (const [who, login] of Object.entries({ ...DEMO_LOGINS, ...VERIFICATION_DEMO_LOGINS })) tokens[who] = await client.signIn(login);
    });
    afterAll(() => test?.close());

    it('decides the demo customers: Anna and Northwind checked, the limited one limited, the unverified one with three actions', async () => {
      expect((await status('personal')).state).toBe('checked');
      expect((await status('business')).state).toBe('checked');
      expect((await status('limited')).state).toBe('limited');
      const unverified = await status('unverified');
      expect(unverified).toEqual({
        state: 'hasRequiredActions',
        requiredActions: ['fatca', 'identity', 'phone'],
        checklist: [{ action: 'fatca' }, { action: 'identity' }, { action: 'phone' }],
      });
      expect((await status('kyc')).state).toBe('hasRequiredActions');
    });

    it('lists limit reasons with their requirements; uploading all of them moves the status to processing', async () => {
      const { limited, reasons, state, requirements: listed } = await ok('limited', 'customerLimitReasonGet');
      expect(limited).toBe(true);
      expect(state).toBe('limited');
      expect(reasons.map((reason: { reasonId: number }) => reason.reasonId)).toEqual([1, 4]);
      const requirements = reasons.flatMap((reason: { requirementDocuments: { requirementId: number; kind: string }[] }) => reason.requirementDocuments);
      expect(requirements.map((r: { kind: string }) => r.kind)).toEqual(['identityDocument', 'proofOfAddress', 'explanationLetter', 'sourceOfWealth']);
      // The same requirements one after another, each with its reason and still to be uploaded.
      expect(listed.map((r: { requirementId: number; reasonId: number; uploadNeeded: boolean }) => [r.requirementId, r.reasonId, r.uploadNeeded])).toEqual(
        requirements.map((r: { requirementId: number }, index: number) => [r.requirementId, index < 2 ? 1 : 4, true]),
      );
      expect((await ok('personal', 'customerLimitReasonGet')).state).toBe('notLimited');

      const before = await documentCount();
      const foreign = await call('personal', 'customerLimitDocumentUpload', { requirementId: requirements[0].requirementId, file: PNG });
      expect(foreign.responseCode).toBe('13');
      expect(await documentCount()).toBe(before);

      const notAFile = await call('limited', 'customerLimitDocumentUpload', {
        requirementId: requirements[0].requirementId,
        file: `data:text/plain;base64,${Buffer.from('hello').toString('base64')}`,
      });
      expect(notAFile.responseCode).toBe('TA1');
      expect(notAFile.validationErrors[0].field).toBe('file');

      for (const [index, requirement] of requirements.entries()) {
        const answer = await ok('limited', 'customerLimitDocumentUpload', { requirementId: requirement.requirementId, file: PNG });
        const uploaded = answer.reasons
          .flatMap((r: { requirementDocuments: { requirementId: number; uploadedDocuments: { statusId: number }[] }[] }) => r.requirementDocuments)
          .find((r: { requirementId: number }) => r.requirementId === requirement.requirementId).uploadedDocuments;
        expect(uploaded).toEqual([expect.objectContaining({ id: answer.documentId, statusId: 0, fileName: 'scan.png' })]);
        expect((await status('limited')).state).toBe(index === requirements.length - 1 ? 'processing' : 'limited');
        const after = await ok('limited', 'customerLimitReasonGet');
        expect(after.state).toBe(index === requirements.length - 1 ? 'processing' : 'limited');
        expect(after.requirements.map((r: { uploadNeeded: boolean }) => r.uploadNeeded)).toEqual(
          requirements.map((_: unknown, other: number) => other > index),
        );
      }
    });

    it('shows the due diligence request at level 1 and takes its upload; another customer has none to upload to', async () => {
      const { dueDiligence } = await ok('unverified', 'dueDiligenceInfoGet');
      expect(dueDiligence).toMatchObject({
        level: 1,
        required: true,
        document: { kind: 'proofOfAddress', category: 'address' },
        address: { city: 'Lisboa' },
        uploadedDocuments: [],
      });
      const before = await documentCount();
      expect((await call('personal', 'dueDiligenceDocumentUpload', { isDueDiligence: true, file: PNG })).responseCode).toBe('13');
      expect(await documentCount()).toBe(before);
      const answer = await ok('unverified', 'dueDiligenceDocumentUpload', { isDueDiligence: true, file: PNG });
      expect(answer.dueDiligence.required).toBe(false);
      expect(answer.dueDiligence.uploadedDocuments).toEqual([expect.objectContaining({ id: answer.documentId, statusId: 0 })]);
      expect((await ok('personal', 'dueDiligenceInfoGet')).dueDiligence).toEqual({ required: false, duplicateDocuments: false, uploadedDocuments: [] });
    });

    it('completes an identity verification on the provider sandbox: the identity is confirmed', async () => {
      expect((await status('unverified')).requiredActions).toContain('identity');
      const started = await ok('unverified', 'customerJumioDocumentCreate');
      expect(started.redirectUrl).toMatch(/^\/sandbox\/identity\/idv_/);
      expect(started.sessionPath).toBe(`/identity-verification/${started.workflowRunId}/${started.token}`);
      const page = await client.get(started.redirectUrl);
      expect(page.status).toBe(200);
      expect(page.text).toContain('value="Varga"');

      const session = { workflowRunId: started.workflowRunId, token: started.token };
      expect((await client.rpc('identityVerificationSessionGet', session)).body.session.status).toBe('started');
      expect((await client.rpc('identityVerificationSessionGet', { ...session, token: 'wrong-token-of-the-run' })).body.responseCode).toBe('13');

      const decided = await postForm(started.redirectUrl, {
        outcome: 'completed',
        documentType: 'passport',
        number: 'P123',
        firstName: 'Uma',
        lastName: 'Varga',
        expiresDate: '2034-01-31',
      });
      expect(decided).toEqual({ status: 303, location: started.sessionPath });
      const after = (await client.rpc('identityVerificationSessionGet', session)).body.session;
      expect(after).toMatchObject({ status: 'completed', identityDocumentStatusId: 2 });
      const answer = await ok('unverified', 'verificationStatusGet');
      expect(answer.facts.identity).toBe('confirmed');
      expect(answer.status.requiredActions).not.toContain('identity');
      expect(answer.status.checklist).not.toContainEqual({ action: 'identity' });

      // The provider resends; the run is decided once.
      await postForm(started.redirectUrl, { outcome: 'failed', reason: 'late' });
      expect((await client.rpc('identityVerificationSessionGet', session)).body.session.status).toBe('completed');
    });

    it('fails an identity verification, and files a name mismatch when the document names someone else', async () => {
      const failed = await ok('kyc', 'customerJumioDocumentCreate');
      await postForm(failed.redirectUrl, { outcome: 'failed', reason: 'The document photo is unreadable' });
      const session = (await client.rpc('identityVerificationSessionGet', { workflowRunId: failed.workflowRunId, token: failed.token })).body.session;
      expect(session).toMatchObject({ status: 'failed', rejectReason: 'The document photo is unreadable', identityDocumentStatusId: 26 });
      expect((await ok('kyc', 'verificationStatusGet')).facts.identity).toBe('rejected');

      const mismatch = await ok('kyc', 'customerJumioDocumentCreate');
      await postForm(mismatch.redirectUrl, { outcome: 'completed', documentType: 'idCard', number: 'C1', firstName: 'Someone', lastName: 'Else' });
      expect((await ok('kyc', 'verificationStatusGet')).facts.identity).toBe('nameMismatch');
    });

    it('runs a video identity job: pending, scheduled, completed', async () => {
      const started = await ok('kyc', 'customerJumioDocumentCreate');
      await postForm(started.redirectUrl, { outcome: 'videoRequested' });
      const { session } = (await client.rpc('identityVerificationSessionGet', { workflowRunId: started.workflowRunId, token: started.token })).body;
      expect(session.status).toBe('videoRequested');
      const id = session.videoIdentityJobId;
      expect((await client.rpc('videoIdentityJobGet', { id })).body.job.status).toBe('pending');
      expect((await client.rpc('videoIdentityJobGet', { id: 'vij_unknownunknownunknown' })).body.responseCode).toBe('13');
      expect((await client.rpc('videoIdentityJobSchedule', { id, scheduledFor: '2001-01-01T10:00:00Z' })).body.responseCode).toBe('TA1');

      const when = new Date(Date.now() + 86_400_000).toISOString();
      const scheduled = (await client.rpc('videoIdentityJobSchedule', { id, scheduledFor: when })).body.job;
      expect(scheduled).toMatchObject({ status: 'scheduled', callUrl: `${started.redirectUrl}/video` });
      expect((await ok('kyc', 'verificationStatusGet')).facts.videoIdentity).toBe('scheduled');
      expect(await postForm(scheduled.callUrl, { outcome: 'completed' })).toEqual({ status: 303, location: `/video-identity-job/${id}` });
      expect((await client.rpc('videoIdentityJobGet', { id })).body.job.status).toBe('completed');
      expect((await ok('kyc', 'verificationStatusGet')).facts.identity).toBe('confirmed');
      expect((await client.rpc('videoIdentityJobSchedule', { id, scheduledFor: when })).body.responseCode).toBe('TA1');
    });

    it('refuses a webhook without the provider signature', async () => {
      const response = await fetch(`${test.url}/webhooks/identity-verification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'session.completed', sessionId: 'x' }),
      });
      expect(response.status).toBe(401);
    });

    it('starts a verification on the REST paths for the own customer only', async () => {
      const own = await client.post('/identity-verification', {}, { authorization: `Bearer ${tokens.unverified!.accessToken}` });
      expect(own.status).toBe(200);
      expect(own.body.redirectUrl).toMatch(/^\/sandbox\/identity\//);
      const anna = (await ok('personal', 'profileInquiry')).customer.customerId;
      const other = await client.post(`/customers/${anna}/identity-verification`, {}, { authorization: `Bearer ${tokens.unverified!.accessToken}` });
      expect(other.status).toBe(403);
      const facts = await client.post(`/verification/customer/${anna}/verify`, {}, { authorization: `Bearer ${tokens.personal!.accessToken}` });
      expect(facts.body.facts.identity).toBe('confirmed');
    });

    it('self-certifies FATCA/CRS and signs the W-8BEN through the e-signature sandbox', async () => {
      const initial = await ok('unverified', 'personalFatcaCrsGet');
      expect(initial.certification).toBeUndefined();
      expect(initial.statuses.w8BenFormDocumentStatus).toBe('none');
      expect((await call('unverified', 'personalWFormUpload')).responseCode).toBe('TA1');

      const saved = await ok('unverified', 'personalFatcaCrsUpdate', {
        certification: { usCitizen: false, usResident: false, bornInUs: false, taxResidencies: [{ countryCode: 'PT', taxId: '123456789' }] },
      });
      expect(saved).toMatchObject({
        wForm: 'w8ben',
        statuses: {
          w9FormDocumentStatus: 'notRequired',
          w8BenFormDocumentStatus: 'none',
          certificateOfLossOfNationalityDocumentStatus: 'notRequired',
          taxResidencySelfCertificationDocumentStatus: 'pending',
        },
      });

      const declined = await ok('unverified', 'personalWFormUpload');
      await postForm(declined.signData.signUrl, { outcome: 'declined' });
      expect((await ok('unverified', 'personalFatcaCrsGet')).statuses.w8BenFormDocumentStatus).toBe('none');

      const signing = await ok('unverified', 'personalWFormUpload');
      expect(signing).toMatchObject({
        formKind: 'w8ben',
        signData: { clientId: 'sandbox-client-w8ben', signUrl: expect.stringMatching(/^\/sandbox\/e-signature\/env_/) },
      });
      expect((await client.get(signing.signData.signUrl)).text).toContain('Form W-8BEN');
      expect(await postForm(signing.signData.signUrl, { outcome: 'signed', signedName: 'Uma Varga' })).toEqual({
        status: 303,
        location: '/self-certification',
      });
      const after = await ok('unverified', 'personalFatcaCrsGet');
      expect(after.statuses.w8BenFormDocumentStatus).toBe('pending');
      expect((await status('unverified')).requiredActions).toEqual(['phone']);
    });

    it('asks a US-born non-citizen for the certificate of loss of nationality and takes it as file[document]', async () => {
      const saved = await ok('kyc', 'personalFatcaCrsUpdate', {
        certification: { usCitizen: false, usResident: false, bornInUs: true, taxResidencies: [{ countryCode: 'PT', noTaxIdReason: 'Not issued yet' }] },
      });
      expect(saved.statuses.certificateOfLossOfNationalityDocumentStatus).toBe('none');
      const uploaded = await ok('kyc', 'certificateOfLossOfNationalityUpload', { file: { document: PDF } });
      expect(uploaded.statuses.certificateOfLossOfNationalityDocumentStatus).toBe('pending');
      const us = await ok('kyc', 'personalFatcaCrsUpdate', {
        certification: { usCitizen: true, usResident: false, bornInUs: true, taxResidencies: [{ countryCode: 'US', taxId: '123-45-6789' }] },
      });
      expect(us).toMatchObject({
        wForm: 'w9',
        statuses: { w9FormDocumentStatus: 'none', w8BenFormDocumentStatus: 'notRequired', certificateOfLossOfNationalityDocumentStatus: 'notRequired' },
      });
      expect((await ok('kyc', 'personalWFormUpload')).formKind).toBe('w9');
    });

    it('keeps the personal self-certification from a business', async () => {
      const before = await test.server.db.selectFrom('fatca_certifications').selectAll().execute();
      expect((await call('business', 'personalFatcaCrsGet')).responseCode).toBe('13');
      expect(
        (
          await call('business', 'personalFatcaCrsUpdate', {
            certification: { usCitizen: false, usResident: false, bornInUs: false, taxResidencies: [{ countryCode: 'GB' }] },
          })
        ).responseCode,
      ).toBe('13');
      expect(await test.server.db.selectFrom('fatca_certifications').selectAll().execute()).toEqual(before);
    });

    it('lets a representative self-certify with the secret of their link only', async () => {
      const info = (await client.rpc('businessRepresentativeFatcaCrsGet', { authSecret: DEMO_REPRESENTATIVE_SECRET })).body;
      expect(info).toMatchObject({
        responseCode: '00',
        businessName: 'Northwind Studio Ltd',
        representative: { firstName: 'Liam', lastName: 'Hart' },
        fatca: { statuses: { taxResidencySelfCertificationDocumentStatus: 'none' } },
      });
      expect((await client.rpc('businessRepresentativeFatcaCrsGet', { authSecret: 'not-the-secret-of-anyone' })).body.responseCode).toBe('13');
      const saved = (
        await client.rpc('businessRepresentativeFatcaCrsUpdate', {
          authSecret: DEMO_REPRESENTATIVE_SECRET,
          certification: { usCitizen: false, usResident: false, bornInUs: false, taxResidencies: [{ countryCode: 'GB', taxId: 'AB123456C' }] },
        })
      ).body;
      expect(saved.fatca).toMatchObject({ wForm: 'w8ben', statuses: { taxResidencySelfCertificationDocumentStatus: 'pending' } });
      const signing = (await client.rpc('businessRepresentativeWFormUpload', { authSecret: DEMO_REPRESENTATIVE_SECRET })).body;
      await postForm(signing.signData.signUrl, { outcome: 'signed', signedName: 'Liam Hart' });
      expect(
        (await client.rpc('businessRepresentativeFatcaCrsGet', { authSecret: DEMO_REPRESENTATIVE_SECRET })).body.fatca.statuses.w8BenFormDocumentStatus,
      ).toBe('pending');
      // The company's own status is not the representative's.
      expect((await status('business')).state).toBe('checked');
    });

    it('answers KYC: the request, the questionnaire for each variant, personal details', async () => {
      expect((await ok('kyc', 'kycRequestGet')).customerKycRequest.status).toBe('required');
      expect((await ok('kyc', 'kycCustomerInfoGet')).customerInfo).toMatchObject({ customerType: 'personal', firstName: 'Kira', isNeedKyc: true });
      const wrongVariant = await call('kyc', 'kycInfoUpdate', {
        answers: { industry: 'Media', sourceOfFunds: 'salary', purposeOfAccount: 'receivingIncome', expectedMonthlyVolume: 'upTo1000' },
      });
      expect(wrongVariant.responseCode).toBe('TA1');
      expect(wrongVariant.validationErrors.map((e: { field: string }) => e.field).sort()).toEqual(['answers.industry', 'answers.occupation']);
      const submitted = await ok('kyc', 'kycInfoUpdate', {
        answers: { occupation: 'Nurse', sourceOfFunds: 'salary', purposeOfAccount: 'receivingIncome', expectedMonthlyVolume: 'upTo1000' },
      });
      expect(submitted.customerKycRequest).toMatchObject({ status: 'submitted', answers: { occupation: 'Nurse' } });
      expect(submitted.customerInfo.isNeedKyc).toBe(false);

      const young = await call('kyc', 'kycCustomerPersonalInfoUpdate', {
        firstName: 'Kira',
        lastName: 'Sousa',
        birthDay: `${new Date().getFullYear() - 10}-01-01`,
        nationality: 'PT',
        residenceCountryCode: 'PT',
      });
      expect(young.validationErrors).toEqual([{ field: 'birthDay', description: 'You must be at least 18 years old.' }]);
      const updated = await ok('kyc', 'kycCustomerPersonalInfoUpdate', {
        firstName: 'Kira',
        lastName: 'Sousa-Lima',
        birthDay: '1990-02-03',
        nationality: 'BR',
        residenceCountryCode: 'PT',
      });
      expect(updated.customerInfo).toMatchObject({ lastName: 'Sousa-Lima', nationality: 'BR', birthDay: '1990-02-03' });
      expect(
        (
          await call('business', 'kycCustomerPersonalInfoUpdate', {
            firstName: 'A',
            lastName: 'B',
            birthDay: '1990-02-03',
            nationality: 'GB',
            residenceCountryCode: 'GB',
          })
        ).responseCode,
      ).toBe('13');
      const business = await ok('business', 'kycInfoUpdate', {
        answers: {
          industry: 'Design',
          website: 'https://northwind.example',
          sourceOfFunds: 'business',
          purposeOfAccount: 'businessPayments',
          expectedMonthlyVolume: 'upTo50000',
        },
      });
      expect(business.customerKycRequest.status).toBe('submitted');
    });

    it('refuses every verification method without a session', async () => {
      for (const method of [
        'verificationStatusGet',
        'customerLimitReasonGet',
        'dueDiligenceInfoGet',
        'kycRequestGet',
        'personalFatcaCrsGet',
        'customerJumioDocumentCreate',
      ]) {
        expect((await client.rpc(method, {})).body.responseCode).toBe('AU');
      }
    });
  });
}
