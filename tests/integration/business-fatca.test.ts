/**
 * A company's FATCA/CRS self-certification against the real server on both back-ends (document 002 sections
 * 3, 5 and 7; issue 17 item 6): get and update by Northwind's top user, the missing-TIN explanation only for
 * CANNOT_OBTAIN, the per-country table's numbers, a US taxpayer's US tax id added to its tax ids, the W-9 it
 * then signs in the e-signature sandbox moving to pending, a W-8BEN-E for anyone else, and a user without
 * the company settings right, or a personal customer, refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVALS_DEMO_LOGIN } from '../../server/approvals/demo-seed.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const GB = { countryCode: 'GB', taxId: 'GB123456789' };
const answers = (change: object = {}) => ({
  entityType: 'general',
  isPubliclyTraded: false,
  isOwnPubliclyTradedCompany: false,
  isEarnPassiveIncome: false,
  taxIds: [GB],
  isUSTaxPayer: false,
  isDisregardedEntity: false,
  ...change,
});

for (const backend of BACKENDS) {
  describe(`business FATCA/CRS on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    const tokens: Record<string, Tokens> = {};
    const call = async (who: string, method: string, params: object = {}) => (await client.rpc(method, params, { token: tokens[who]!.accessToken })).body;
    const ok = async (who: string, method: string, params: object = {}) => {
      const body = await call(who, method, params);
      expect(body.responseCode, `${method}: ${JSON.stringify(body)}`).toBe('00');
      return body;
    };
    const postForm = async (path: string, form: Record<string, string>) => {
      const response = await fetch(`${test.url}${path}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
      return { status: response.status, location: response.headers.get('location') };
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      tokens.business = await client.signIn(DEMO_LOGINS.business);
      tokens.personal = await client.signIn(DEMO_LOGINS.personal);
      tokens.clerk = await client.signIn(APPROVALS_DEMO_LOGIN);
    });
    afterAll(() => test?.close());

    it('answers no certification and both W-forms to find out before the company answers', async () => {
      const before = await ok('business', 'businessFatcaCrsGet');
      expect(before).not.toHaveProperty('certification');
      expect(before.statuses).toMatchObject({ w9FormDocumentStatus: 'none', w8BenEFormDocumentStatus: 'none' });
      expect((await call('business', 'businessWFormUpload')).responseCode).toBe('TA1');
    });

    it('takes the missing-TIN explanation only for CANNOT_OBTAIN, and needs it there', async () => {
      const noNumber = (tinMissingReason: string, explanation?: string) =>
        call('business', 'businessFatcaCrsUpdate', {
          certification: answers({ taxIds: [{ countryCode: 'ZW', tinMissingReason, ...(explanation ? { tinMissingExplanation: explanation } : {}) }] }),
        });
      expect(await noNumber('COUNTRY_DOES_NOT_ISSUE', 'We asked twice')).toMatchObject({ responseCode: 'TA1' });
      expect(await noNumber('NO_TIN_IS_REQUIRED', 'We asked twice')).toMatchObject({ responseCode: 'TA1' });
      expect(await noNumber('CANNOT_OBTAIN')).toMatchObject({ responseCode: 'TA1' });
      expect((await test.server.db.selectFrom('fatca_certifications').selectAll().where('subject', 'like', 'company:%').execute()).length).toBe(0);

      expect((await noNumber('COUNTRY_DOES_NOT_ISSUE')).certification.taxIds).toEqual([{ countryCode: 'ZW', tinMissingReason: 'COUNTRY_DOES_NOT_ISSUE' }]);
      const cannot = await noNumber('CANNOT_OBTAIN', 'The registry is closed until spring');
      expect(cannot.certification.taxIds).toEqual([
        { countryCode: 'ZW', tinMissingReason: 'CANNOT_OBTAIN', tinMissingExplanation: 'The registry is closed until spring' },
      ]);
    });

    it('checks each number against the per-country table: its format, and a required one missing only when it cannot be obtained', async () => {
      const refused = await call('business', 'businessFatcaCrsUpdate', { certification: answers({ taxIds: [{ countryCode: 'FR', taxId: '12' }] }) });
      expect(refused).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'certification.taxIds.0.taxId', description: expect.stringContaining('SIREN') }],
      });
      const required = await call('business', 'businessFatcaCrsUpdate', {
        certification: answers({ taxIds: [{ countryCode: 'FR', tinMissingReason: 'NO_TIN_IS_REQUIRED' }] }),
      });
      expect(required).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'certification.taxIds.0.tinMissingReason' }] });
      const rule = await ok('business', 'taxIdRule', { countryCode: 'US', kind: 'business' });
      expect(rule.rule).toEqual({ name: 'Employer Identification Number', shortName: 'EIN', required: true, crs: false });
    });

    it('adds a US taxpayer its US tax id, generates the W-9 from the answers and moves it to pending once signed in the sandbox', async () => {
      const noUsId = await call('business', 'businessFatcaCrsUpdate', { certification: answers({ isUSTaxPayer: true }) });
      expect(noUsId).toMatchObject({ responseCode: 'TA1' });

      const saved = await ok('business', 'businessFatcaCrsUpdate', {
        certification: answers({ isUSTaxPayer: true, usTaxId: '12-3456789', isDisregardedEntity: true }),
      });
      expect(saved.certification.taxIds).toEqual([GB, { countryCode: 'US', taxId: '12-3456789' }]);
      expect(saved.certification).not.toHaveProperty('usTaxId');
      expect(saved).toMatchObject({
        wForm: 'w9',
        statuses: { taxResidencySelfCertificationDocumentStatus: 'pending', w9FormDocumentStatus: 'none', w8BenEFormDocumentStatus: 'notRequired' },
      });

      const signing = await ok('business', 'businessWFormUpload');
      expect(signing).toMatchObject({
        formKind: 'w9',
        signData: { clientId: 'sandbox-client-w9', signUrl: expect.stringMatching(/^\/sandbox\/e-signature\//) },
      });
      const page = (await client.get(signing.signData.signUrl)).text;
      expect(page).toContain('Form W-9');
      expect(page).toContain('Northwind Studio Ltd');
      expect(page).toContain('12-3456789');
      expect(await postForm(signing.signData.signUrl, { outcome: 'signed', signedName: 'Nora West' })).toEqual({
        status: 303,
        location: '/self-certification-business',
      });
      expect((await ok('business', 'businessFatcaCrsGet')).statuses.w9FormDocumentStatus).toBe('pending');
      const access = await ok('business', 'businessAccessInfo');
      expect(JSON.stringify(access)).toContain('"taxResidencySelfCertificationDocumentStatus":"pending"');
    });

    it('asks any other company for a W-8BEN-E', async () => {
      const controllingPersons = [
        { firstName: 'Nora', lastName: 'West', dateOfBirth: '1980-04-02', countryCode: 'GB', taxId: 'AB123456C', isUSTaxPayer: false },
      ];
      const saved = await ok('business', 'businessFatcaCrsUpdate', {
        certification: answers({ entityType: 'financial-institution', giin: '98Q96B.00000.LE.250', isEarnPassiveIncome: true, controllingPersons }),
      });
      expect(saved).toMatchObject({ wForm: 'w8bene', statuses: { w9FormDocumentStatus: 'notRequired', w8BenEFormDocumentStatus: 'none' } });
      expect(saved.certification.controllingPersons).toEqual(controllingPersons);
      const noGiin = await call('business', 'businessFatcaCrsUpdate', { certification: answers({ entityType: 'financial-institution' }) });
      expect(noGiin.responseCode).toBe('TA1');
      const signing = await ok('business', 'businessWFormUpload');
      expect(signing.formKind).toBe('w8bene');
      expect((await client.get(signing.signData.signUrl)).text).toContain('Form W-8BEN-E');
    });

    it('refuses a user without the company settings right, and a personal customer', async () => {
      expect((await call('clerk', 'businessFatcaCrsGet')).responseCode).not.toBe('00');
      expect((await call('clerk', 'businessFatcaCrsUpdate', { certification: answers() })).responseCode).not.toBe('00');
      expect((await call('clerk', 'businessWFormUpload')).responseCode).not.toBe('00');
      expect((await call('personal', 'businessFatcaCrsGet')).responseCode).toBe('13');
      expect((await ok('business', 'verificationStatusGet')).status.requiredActions ?? []).not.toContain('fatca');
    });
  });
}
