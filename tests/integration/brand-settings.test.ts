import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Json, type Tokens } from '../support/api-client.ts';
import { ANNA_PHONE, outboxMessages } from '../support/outbox.ts';
import { inspectPdf } from '../support/pdf-tools.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

/**
 * The brand settings a customer meets (issue 19 item 5), on a server running as aplus (it offers en and
 * es only): its contacts and links, the app links sent through the outbox, the account confirmation
 * letter on its letterhead, and its legal texts per language. One backend: nothing here depends on it.
 */
describe('brand settings on a server running as aplus', () => {
  let test: TestServer;
  let client: ApiClient;
  let anna: Tokens;
  let northwind: Tokens;

  /** One RPC call in `language` (the Accept-Language the application sends), answering the body. */
  const call = async (tokens: Tokens | undefined, method: string, params: object = {}, language = 'en'): Promise<Json> =>
    (
      await client.post(
        `/api?method=${method}`,
        { method, ...params },
        {
          'accept-language': language,
          ...(tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {}),
        },
      )
    ).body;

  beforeAll(async () => {
    test = await startTestServer(BACKENDS[0]!, { brand: 'aplus' });
    client = new ApiClient(test.url);
    anna = await client.signIn(DEMO_LOGINS.personal);
    northwind = await client.signIn(DEMO_LOGINS.business);
  });
  afterAll(() => test?.close());

  it("answers the brand's contacts, with the business fee schedule for business customers", async () => {
    const personal = await call(anna, 'brandContacts');
    expect(personal).toMatchObject({
      responseCode: '00',
      projectName: 'A+ Payments',
      supportEmail: 'support@aplus.example',
      feeLink: 'https://www.aplus.example/fees/personal',
      whatsAppUrl: 'https://wa.me/15550100456',
      appDeepLink: 'aplus://open',
    });
    expect(await call(northwind, 'brandContacts')).toMatchObject({ feeLink: 'https://www.aplus.example/fees/business' });
    expect(await call(undefined, 'brandContacts')).toMatchObject({ responseCode: 'AU' });
  });

  it('sends the app links through the outbox to the customer, refuses bad input TA1 and a fourth send in the hour AE', async () => {
    expect(await call(undefined, 'appLinksSend', { channel: 'sms' })).toMatchObject({ responseCode: 'AU' });
    expect(await call(anna, 'appLinksSend', { channel: 'fax' })).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'channel' }] });
    expect(await call(anna, 'appLinksSend', {})).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'channel' }] });

    expect(await call(anna, 'appLinksSend', { channel: 'sms' }, 'es')).toMatchObject({
      responseCode: '00',
      channel: 'sms',
      sentTo: expect.stringContaining('123'),
    });
    await expect.poll(async () => (await outboxMessages(test.url, ANNA_PHONE, 'appLinks'))[0]?.body ?? '').toContain('aplus://open');
    const [sms] = await outboxMessages(test.url, ANNA_PHONE, 'appLinks');
    expect(sms!.body).toContain('Descargue la aplicación de A+ Payments');
    expect(sms!.body).toContain('https://play.google.com/store/apps/details?id=example.aplus.app');

    expect(await call(anna, 'appLinksSend', { channel: 'email' })).toMatchObject({ responseCode: '00', channel: 'email' });
    await expect.poll(async () => (await outboxMessages(test.url, DEMO_LOGINS.personal, 'appLinks'))[0]?.body ?? '').toContain('https://apps.apple.com/');

    expect(await call(anna, 'appLinksSend', { channel: 'email' })).toMatchObject({ responseCode: '00' });
    expect(await call(anna, 'appLinksSend', { channel: 'email' })).toMatchObject({ responseCode: 'AE' });
    // The refused fourth call sent nothing: two e-mails in all.
    expect(await outboxMessages(test.url, DEMO_LOGINS.personal, 'appLinks')).toHaveLength(2);
  });

  it("writes the account confirmation letter on the brand's letterhead, in the reader's language, with the holder's accounts", async () => {
    const accounts = (await call(northwind, 'balanceInquiry')).accounts as Array<{ currencyCode: string; accountStatusId: number }>;
    const { instructions } = await call(northwind, 'paymentInstructions');
    const file = await call(northwind, 'accountConfirmationLetter', { pdf: true }, 'es');
    expect(file).toMatchObject({
      responseCode: '00',
      mediaType: 'application/pdf',
      fileName: expect.stringMatching(/^account-confirmation-\d+-\d{4}-\d{2}-\d{2}\.pdf$/),
    });
    const { text, info } = inspectPdf(Buffer.from(file.content, 'base64'));
    expect(info).toMatchObject({ Tagged: 'yes' });
    expect(text).toContain('Carta de confirmación de cuenta');
    expect(text).toContain('A+ Payments');
    expect(text).toContain('Northwind Studio Ltd');
    expect(text).toContain('letters@aplus.example');
    for (const account of accounts.filter((candidate) => candidate.accountStatusId === 1)) expect(text).toContain(account.currencyCode);
    expect(instructions.length).toBeGreaterThan(0);
    for (const instruction of instructions) expect(text.replace(/\s/g, '')).toContain((instruction.iban ?? instruction.bankAccountNumber).replace(/\s/g, ''));
    expect(await call(undefined, 'accountConfirmationLetter', {})).toMatchObject({ responseCode: 'AU' });
  });

  it("shows the brand's legal texts in the reader's language, in the brand's default language for one it does not offer", async () => {
    const english = await call(undefined, 'termsOfService', {}, 'en');
    const spanish = await call(undefined, 'termsOfService', {}, 'es');
    const russian = await call(undefined, 'termsOfService', {}, 'ru');
    expect(english).toMatchObject({ responseCode: '00', title: 'Terms of Service', language: 'en' });
    expect(spanish).toMatchObject({ responseCode: '00', title: 'Condiciones del servicio', language: 'es', version: english.version });
    expect(russian).toMatchObject({ title: 'Terms of Service', language: 'en' });
    expect(JSON.stringify(spanish.sections)).toContain('support@aplus.example');
    expect(JSON.stringify(english.sections)).not.toContain('paxum');

    const { agreements } = await call(anna, 'legalInfo', {}, 'es');
    expect(agreements[0]).toMatchObject({ id: 'terms-of-service', title: 'Condiciones del servicio' });
    const pdf = await call(anna, 'agreementDownload', { id: 'privacy-policy', pdf: true }, 'es');
    const { text } = inspectPdf(Buffer.from(pdf.content, 'base64'));
    expect(text).toContain('Política de privacidad');
    expect(text).toContain('support@aplus.example');
  });
});
