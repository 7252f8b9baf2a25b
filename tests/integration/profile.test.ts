import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, pkcePair, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

/** A small valid PDF as a data URL carrying its name. */
const pdfFile = (name = 'bill.pdf') => `data:application/pdf;name=${name};base64,${Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n').toString('base64')}`;
const pngFile = () =>
  `data:image/png;name=back.png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]).toString('base64')}`;

for (const backend of BACKENDS) {
  describe(`profile on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;

    const call = async (method: string, params: object = {}, tokens: Tokens = anna) => (await client.rpc(method, params, { token: tokens.accessToken })).body;
    const ok = async (method: string, params: object = {}, tokens: Tokens = anna) => {
      const body = await call(method, params, tokens);
      expect(body.responseCode, `${method}: ${JSON.stringify(body)}`).toBe('00');
      return body;
    };
    const outbox = async (to: string, purpose: string) => {
      const answer = await client.get(`/sandbox/outbox/messages?to=${encodeURIComponent(to)}&purpose=${purpose}`);
      return JSON.parse(answer.text).messages as { body: string; subject: string | null }[];
    };
    const verifyPhone = (phoneId: number | string, challenge: string, tokens: Tokens = anna) =>
      client.post(`/verification/phones/${phoneId}/verify`, { type: 'sms', codeChallenge: challenge }, { authorization: `Bearer ${tokens.accessToken}` });
    const smsCode = async (to: string) => /\b([0-9]{6})\b/.exec((await outbox(to, 'phoneVerification'))[0]!.body)![1]!;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
    });
    afterAll(() => test?.close());

    it('answers the profile with phones, e-mails, addresses and the tax rule of the residence country', async () => {
      const body = await ok('profileInquiry');
      expect(body.emails[0]).toMatchObject({ email: DEMO_LOGINS.personal, primary: true, confirmed: true });
      expect(body.emails.length).toBeGreaterThanOrEqual(3);
      expect(body.phones.some((phone: { status: string; confirmed: boolean }) => phone.status === 'Primary' && phone.confirmed)).toBe(true);
      expect(body.addresses.some((address: { addressStatus: number }) => address.addressStatus === 2)).toBe(true);
      expect(body.tax).toMatchObject({ countryCode: 'GB', name: 'National Insurance number', shortName: 'NINO', required: false, crs: true });
    });

    it('adds a phone without the plus sign, refuses a duplicate on the phone field, verifies it with the SMS code', async () => {
      const added = await ok('phoneAdd', { phoneCountryCode: '+40', phone: '721 234-567', phoneType: 2 });
      expect(added.phone).toMatchObject({ countryCode: '40', number: '721234567', status: 'Secondary', confirmed: false });
      const duplicate = await call('phoneAdd', { phoneCountryCode: '40', phone: '721234567' });
      expect(duplicate.responseCode).toBe('TA1');
      expect(duplicate.validationErrors).toEqual([{ field: 'phone', description: expect.stringContaining('already') }]);

      const { verifier, challenge } = pkcePair();
      const started = await verifyPhone(added.phone.id, challenge);
      expect(started.status).toBe(200);
      expect(started.body.maskedPhone).toMatch(/567$/);
      const code = await smsCode('40721234567');

      const wrong = await call('phoneConfirm', { phoneId: added.phone.id, codeVerifier: verifier, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.responseCode).toBe('VF');
      expect(wrong.validationErrors[0]).toMatchObject({ field: 'code' });
      const otherBrowser = await call('phoneConfirm', { phoneId: added.phone.id, codeVerifier: pkcePair().verifier, code });
      expect(otherBrowser.responseCode).toBe('VF');
      expect((await ok('phoneInquiry', { phoneId: added.phone.id })).phone.confirmed).toBe(false);

      const confirmed = await ok('phoneConfirm', { phoneId: added.phone.id, codeVerifier: verifier, code });
      expect(confirmed.phone).toMatchObject({ confirmed: true });
      const reused = await call('phoneConfirm', { phoneId: added.phone.id, codeVerifier: verifier, code });
      expect(reused.responseCode).toBe('VF');

      const primary = await ok('phoneSetPrimary', { phoneId: String(added.phone.id) });
      expect(primary.phones[0]).toMatchObject({ id: added.phone.id, status: 'Primary' });
    });

    it('confirms with reqId and approvalCode, and ends a verification after five wrong codes', async () => {
      const added = await ok('phoneAdd', { phoneCountryCode: '1', phone: '5125550147' });
      const first = await verifyPhone(added.phone.id, pkcePair().challenge);
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await call('phoneConfirm', { reqId: first.body.reqId, approvalCode: '999999' })).responseCode).toBe('VF');
      }
      const code = await smsCode('15125550147');
      const locked = await call('phoneConfirm', { reqId: first.body.reqId, approvalCode: code });
      expect(code === '999999' ? 'VF' : locked.responseCode).toBe('VF');

      const second = await verifyPhone(added.phone.id, pkcePair().challenge);
      const confirmed = await ok('phoneConfirm', { reqId: second.body.reqId, approvalCode: await smsCode('15125550147') });
      expect(confirmed.phone.confirmed).toBe(true);
    });

    it('replaces a number (unconfirmed again), deletes phones but never the only confirmed primary', async () => {
      const added = await ok('phoneAdd', { phoneCountryCode: '44', phone: '7700900999' });
      const replaced = await ok('phoneReplace', { phoneId: added.phone.id, phoneCountryCode: '+44', phone: '7700900998', phoneType: 2 });
      expect(replaced.phone).toMatchObject({ id: added.phone.id, number: '7700900998', confirmed: false });
      const afterDelete = await ok('phoneDelete', { phoneId: added.phone.id });
      expect(afterDelete.phones.some((phone: { id: number }) => phone.id === added.phone.id)).toBe(false);

      const { phones } = await ok('profileInquiry', {}, northwind);
      expect(phones).toHaveLength(1);
      const refused = await call('phoneDelete', { phoneId: phones[0].id }, northwind);
      expect(refused.responseCode).toBe('TA1');
      expect((await ok('profileInquiry', {}, northwind)).phones).toHaveLength(1);
    });

    it('adds an e-mail, confirms it by the link, makes it the sign-in e-mail and refuses deleting the primary', async () => {
      const added = await ok('emailAdd', { email: 'Anna.New@Example.com' }, northwind);
      expect(added.email).toMatchObject({ email: 'anna.new@example.com', confirmed: false, primary: false });
      expect((await call('emailSetPrimary', { emailId: added.email.emailId }, northwind)).responseCode).toBe('TA1');
      const [message] = await outbox('anna.new@example.com', 'emailConfirmation');
      const link = new URL(/(http\S+)/.exec(message!.body)![1]!);
      expect(link.pathname).toBe('/customer/email-confirmation');
      const opened = await client.get(`${link.pathname}${link.search}`);
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe('/?emailConfirmation=success');
      expect((await client.get(`${link.pathname}${link.search}`)).headers.get('location')).toBe('/?emailConfirmation=fail');
      expect((await client.get('/customer/email-confirmation?token=nonsense')).headers.get('location')).toBe('/?emailConfirmation=fail');
      expect((await ok('emailInquiry', { emailId: added.email.emailId }, northwind)).email.confirmed).toBe(true);

      // Anna: a confirmed secondary address becomes her sign-in e-mail.
      const { emails } = await ok('profileInquiry');
      const studio = emails.find((email: { email: string }) => email.email === 'anna.novak.studio@example.com');
      const primary = await ok('emailSetPrimary', { emailId: studio.emailId });
      expect(primary.emails[0]).toMatchObject({ email: 'anna.novak.studio@example.com', primary: true });
      const again = await client.signIn('anna.novak.studio@example.com');
      expect(again.accessToken).toBeTruthy();
      expect((await call('emailDelete', { emailId: studio.emailId })).responseCode).toBe('TA1');
      const old = primary.emails.find((email: { email: string }) => email.email === DEMO_LOGINS.personal);
      await ok('emailSetPrimary', { emailId: old.emailId });
      await client.signIn(DEMO_LOGINS.personal);

      // An address another user signs in with cannot become a login.
      const taken = await ok('emailAdd', { email: DEMO_LOGINS.admin });
      await test.server.db.updateTable('customer_emails').set({ confirmed: true }).where('id', '=', taken.email.emailId).execute();
      const refused = await call('emailSetPrimary', { emailId: taken.email.emailId });
      expect(refused.responseCode).toBe('TA1');
      await ok('emailDelete', { emailId: taken.email.emailId });
    });

    it('adds, edits and confirms addresses; a US address needs its state', async () => {
      const missingState = await call('addressAdd', { address1: '1 Congress Ave', city: 'Austin', countryCode: 'US', addressType: 1 });
      expect(missingState.validationErrors).toEqual([{ field: 'stateCode', description: expect.any(String) }]);
      const added = await ok('addressAdd', { address1: '1 Congress Ave', city: 'Austin', countryCode: 'US', stateCode: 'TX', addressType: 3 });
      expect(added.address).toMatchObject({ stateName: 'Texas', addressType: 3, addressStatus: 0, isDocumentRequired: true, customerConfirmed: false });
      const edited = await ok('addressUpdate', {
        addressId: added.address.addressId,
        address1: '2 Congress Ave',
        city: 'Austin',
        countryCode: 'US',
        stateCode: 'TX',
        addressType: 1,
      });
      expect(edited.address.address1).toBe('2 Congress Ave');
      const confirmed = await ok('confirmAddress', { addressId: added.address.addressId });
      expect(confirmed.address.customerConfirmed).toBe(true);
    });

    it('uploads a proof of address as pending and makes the address pending; lists and downloads own files', async () => {
      const { addresses } = await ok('profileInquiry');
      const home = addresses[0];
      const uploaded = await ok('documentUpload', {
        documentType: 10,
        addressId: home.addressId,
        files: { main: pdfFile(), additional: [pngFile()] },
        passwords: { main: 'secret' },
      });
      expect(uploaded.document).toMatchObject({
        statusId: 41,
        documentTypeId: 10,
        documentType: 'Utility bill',
        addressId: home.addressId,
        isSubDocument: false,
      });
      expect(uploaded.document.files.map((file: { role: string }) => file.role)).toEqual(['main', 'additional']);
      expect((await ok('addressInquiry', { addressId: home.addressId })).address).toMatchObject({ addressStatus: 2, isDocumentRequired: false });

      const { documents } = await ok('documentsInquiry');
      expect(documents[0].id).toBe(uploaded.document.id);
      expect(documents.some((document: { statusId: number; rejectReason?: string }) => document.statusId === 26 && document.rejectReason)).toBe(true);
      const file = await ok('documentFileDownload', { documentId: uploaded.document.id, fileId: uploaded.document.files[0].fileId });
      expect(file).toMatchObject({ fileName: 'bill.pdf', mediaType: 'application/pdf' });
      expect(file.content).toBe(pdfFile().replace(';name=bill.pdf', ''));
      // A file id of another document through this document is refused too.
      const other = documents.find((document: { id: number }) => document.id !== uploaded.document.id);
      expect((await call('documentFileDownload', { documentId: uploaded.document.id, fileId: other.files[0].fileId })).responseCode).toBe('13');
      // One document by its id, with its files; another customer's or an unknown id is refused 13.
      const one = await ok('documentInquiry', { documentId: uploaded.document.id });
      expect(one.document).toEqual(documents[0]);
      expect((await call('documentInquiry', { documentId: 999_999 })).responseCode).toBe('13');
    });

    it('refuses files that are not PDF, JPEG or PNG, files over 10 MB, and an identity card without its back side', async () => {
      const before = (await ok('documentsInquiry')).documents.length;
      const text = `data:application/pdf;name=x.pdf;base64,${Buffer.from('just text').toString('base64')}`;
      const notPdf = await call('documentUpload', { documentType: 1, files: { main: text } });
      expect(notPdf.validationErrors).toEqual([{ field: 'files.main', description: expect.stringContaining('PDF, JPEG or PNG') }]);
      const huge = `data:application/pdf;name=big.pdf;base64,${Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10_000_001)]).toString('base64')}`;
      const tooBig = await call('documentUpload', { documentType: 1, files: { main: huge } });
      expect(tooBig.validationErrors).toEqual([{ field: 'files.main', description: expect.stringContaining('10 MB') }]);
      const oneSide = await call('documentUpload', { documentType: 4, files: { main: pdfFile('id.pdf') } });
      expect(oneSide.validationErrors).toEqual([{ field: 'files.backSide', description: expect.any(String) }]);
      const stamp = await call('documentUpload', { documentType: 88, addressId: 1, files: { main: pdfFile() } });
      expect(stamp.responseCode).not.toBe('00');
      expect((await ok('documentsInquiry')).documents).toHaveLength(before);
    });

    it('uploads an identity document with its back side and shows it as the pending identity document', async () => {
      const uploaded = await ok('documentUpload', {
        documentType: 4,
        number: 'AB123456',
        issuedDate: '2022-03-01',
        expiresDate: '2032-03-01',
        files: { main: pdfFile('front.pdf'), backSide: pngFile() },
      });
      expect(uploaded.document.files.map((file: { page?: string }) => file.page)).toEqual(['front', 'backSide']);
      const { identityDocument } = await ok('documentsInquiry');
      expect(identityDocument).toMatchObject({
        documentId: uploaded.document.id,
        typeId: 4,
        type: 'National identity card',
        number: 'AB123456',
        status: 'pending',
        expiresDate: '2032-03-01',
      });
      const expired = await call('documentUpload', { documentType: 1, expiresDate: '2001-01-01', files: { main: pdfFile() } });
      expect(expired.validationErrors[0].field).toBe('expiresDate');
    });

    it('checks the tax number against the per-country table and names it', async () => {
      const wrong = await call('taxNumberUpdate', { taxId: '12345' });
      expect(wrong.validationErrors).toEqual([{ field: 'taxId', description: expect.stringContaining('National Insurance number (NINO)') }]);
      const updated = await ok('taxNumberUpdate', { taxId: 'ab 12 34 56 c' });
      expect(updated.tax).toMatchObject({ taxId: 'AB123456C', shortName: 'NINO' });
      expect((await ok('taxNumberUpdate', { taxId: 'GB 987654321' }, northwind)).tax).toMatchObject({ taxId: 'GB987654321', shortName: 'VRN' });
    });

    it('answers ip info and the dictionaries without a sign-in', async () => {
      expect(await call('ipInfo', {}, { accessToken: '' } as Tokens)).toMatchObject({ responseCode: '00', ip: '127.0.0.1', country_code: 'GB' });
      const countries = await call('countries', {}, { accessToken: '' } as Tokens);
      expect(countries.countries.length).toBeGreaterThan(240);
      expect(countries.countries.find((country: { code: string }) => country.code === 'MD')).toMatchObject({ phoneCode: '373' });
      expect((await call('states', { countryCode: 'CA' }, { accessToken: '' } as Tokens)).states).toContainEqual({ code: 'QC', name: 'Quebec' });
      const types = (await call('documentTypes', {}, { accessToken: '' } as Tokens)).documentTypes;
      expect(types.filter((type: { needsBackSide?: boolean }) => type.needsBackSide).map((type: { id: number }) => type.id)).toEqual([4, 5]);
      expect(types.find((type: { id: number }) => type.id === 88)).toMatchObject({ needsStampPage: true, countries: ['RU', 'UA'] });
      expect((await call('occupations', {}, { accessToken: '' } as Tokens)).occupations.length).toBeGreaterThan(10);
    });

    it('blocks profile changes from an address the privacy check flags (any flag but service)', async () => {
      // The sandbox page's own form, as a tester submits it.
      const form = (url: string, body: string) =>
        test.server.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      const mark = (body: string) => form('/sandbox/ip-privacy', body);
      expect((await mark('ip=127.0.0.1&service=Office+proxy')).statusCode).toBe(200);
      await ok('phoneAdd', { phoneCountryCode: '44', phone: '7700900555' });
      expect((await mark('ip=127.0.0.1&vpn=on')).body).toContain('127.0.0.1 is marked');
      const blocked = await call('phoneAdd', { phoneCountryCode: '44', phone: '7700900556' });
      expect(blocked).toMatchObject({ responseCode: 'ENOA', privacyFlags: ['vpn'] });
      expect(blocked.responseDescription).toContain('VPN');
      const { phones } = await ok('profileInquiry');
      expect(phones.some((phone: { number: string }) => phone.number === '7700900556')).toBe(false);
      expect((await verifyPhone(phones[0].id, pkcePair().challenge)).status).toBe(403);
      await form('/sandbox/ip-privacy/clear', 'ip=127.0.0.1');
      await ok('phoneAdd', { phoneCountryCode: '44', phone: '7700900556' });
    });

    describe("another customer's objects", () => {
      type ProfileObjectIds = { phoneId: number; addressId: number; documentId: number; fileId: number; emailId: number };
      let ids: ProfileObjectIds;
      const snapshot = async () => {
        const db = test.server.db;
        return JSON.stringify(
          await Promise.all([
            db.selectFrom('phones').selectAll().orderBy('id').execute(),
            db.selectFrom('addresses').selectAll().orderBy('id').execute(),
            db.selectFrom('documents').selectAll().orderBy('id').execute(),
            db.selectFrom('customer_emails').select(['id', 'email', 'confirmed', 'is_primary']).orderBy('id').execute(),
            db.selectFrom('users').select(['id', 'email']).orderBy('id').execute(),
            db.selectFrom('phone_verifications').select(['id', 'attempts', 'used_at']).orderBy('id').execute(),
          ]),
        );
      };

      beforeAll(async () => {
        const profile = await ok('profileInquiry', {}, northwind);
        const email = await ok('emailAdd', { email: 'accounts@northwind.example' }, northwind);
        const phone = await ok('phoneAdd', { phoneCountryCode: '44', phone: '2079460001' }, northwind);
        await verifyPhone(phone.phone.id, pkcePair().challenge, northwind);
        const document = await ok('documentUpload', { documentType: 31, addressId: profile.addresses[0].addressId, files: { main: pdfFile() } }, northwind);
        ids = {
          phoneId: phone.phone.id,
          addressId: profile.addresses[0].addressId,
          documentId: document.document.id,
          fileId: document.document.files[0].fileId,
          emailId: email.email.emailId,
        };
      });

      const cases: [string, (ids: ProfileObjectIds) => object][] = [
        ['phoneInquiry', (i) => ({ phoneId: i.phoneId })],
        ['phoneReplace', (i) => ({ phoneId: i.phoneId, phoneCountryCode: '44', phone: '7700900111' })],
        ['phoneConfirm', (i) => ({ phoneId: i.phoneId, codeVerifier: pkcePair().verifier, code: '123456' })],
        ['phoneSetPrimary', (i) => ({ phoneId: i.phoneId })],
        ['phoneDelete', (i) => ({ phoneId: String(i.phoneId) })],
        ['emailInquiry', (i) => ({ emailId: i.emailId })],
        ['emailConfirmationSend', (i) => ({ emailId: i.emailId })],
        ['emailSetPrimary', (i) => ({ emailId: i.emailId })],
        ['emailDelete', (i) => ({ emailId: i.emailId })],
        ['addressInquiry', (i) => ({ addressId: i.addressId })],
        ['addressUpdate', (i) => ({ addressId: i.addressId, address1: 'Taken over 1', city: 'London', countryCode: 'GB', addressType: 1 })],
        ['confirmAddress', (i) => ({ addressId: i.addressId })],
        ['documentUpload', (i) => ({ documentType: 10, addressId: i.addressId, files: { main: pdfFile() } })],
        ['documentFileDownload', (i) => ({ documentId: i.documentId, fileId: i.fileId })],
        ['documentInquiry', (i) => ({ documentId: i.documentId })],
      ];

      it.each(cases)('%s is refused 13 and changes nothing', async (method, params) => {
        const before = await snapshot();
        const answer = await call(method, params(ids));
        expect(answer.responseCode).toBe('13');
        expect(await snapshot()).toBe(before);
      });

      it('refuses confirming with a reqId of another customer and sending a code to their phone', async () => {
        const verification = await test.server.db
          .selectFrom('phone_verifications')
          .select('request_id')
          .where('phone_id', '=', ids.phoneId)
          .executeTakeFirstOrThrow();
        const before = await snapshot();
        expect((await call('phoneConfirm', { reqId: verification.request_id, approvalCode: '123456' })).responseCode).toBe('13');
        expect((await verifyPhone(ids.phoneId, pkcePair().challenge)).status).toBe(403);
        expect(await snapshot()).toBe(before);
      });
    });
  });
}
