import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { inspectPdf } from '../support/pdf-tools.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

/** Spaces of every kind (Intl groups Russian digits with no-break spaces) as one plain space. */
const spaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

/** Money as a Russian reader writes it ('10 290,40 $'), by the browser's own Intl, not the server's code. */
const russianMoney = (amount: string, currency?: string) =>
  new Intl.NumberFormat('ru', currency ? { style: 'currency', currency } : { minimumFractionDigits: 2 }).format(Number(amount));

/** What every document must be: a sound PDF, tagged, titled, in the language asked for, whose text holds `expected`. */
function expectDocument(bytes: Buffer, title: string, expected: string[]) {
  const { check, text, info } = inspectPdf(bytes);
  expect(check).toContain('No syntax or stream encoding errors');
  expect(info).toMatchObject({ Title: title, Tagged: 'yes' });
  for (const part of expected) expect(spaced(text)).toContain(spaced(part));
  // Not one character fell back to '?': the fonts draw Cyrillic.
  expect(text).not.toMatch(/\?{2,}/);
  return text;
}

for (const backend of BACKENDS) {
  describe(`documents in the customer's language on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;
    const russian = { 'accept-language': 'ru' };
    const rpc = async (method: string, params: object, tokens: Tokens) =>
      (await client.post(`/api?method=${method}`, { method, ...params }, { authorization: `Bearer ${tokens.accessToken}`, ...russian })).body;
    const file = (answer: { responseCode: string; mediaType: string; content: string }) => {
      expect(answer).toMatchObject({ responseCode: '00', mediaType: 'application/pdf' });
      return Buffer.from(answer.content, 'base64');
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
      const user = await test.server.db.selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.personal).executeTakeFirstOrThrow();
      await test.server.db.updateTable('customers').set({ first_name: 'Анна', last_name: 'Смирнова' }).where('id', '=', user.customer_id).execute();
    });
    afterAll(() => test?.close());

    it('writes a statement in Russian with the Cyrillic name, the balances and every amount', async () => {
      const accounts = (await rpc('balanceInquiry', {}, anna)).accounts as Array<{ accountId: number; currencyCode: string; balance: string }>;
      const usd = accounts.find((account) => account.currencyCode === 'USD')!;
      const now = new Date();
      const bytes = file(await rpc('statementDownload', { accountId: usd.accountId, year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }, anna));
      const text = expectDocument(bytes, 'Выписка по счёту', ['Анна Смирнова', 'Исходящий остаток', russianMoney(usd.balance, 'USD'), 'Страница 1 из']);
      const history = await rpc('transactionHistory', { accountId: usd.accountId, pageSize: 100, status: 'completed' }, anna);
      const thisMonth = (history.transactions as Array<{ amount: string; transactionDate: string }>).filter((row) =>
        row.transactionDate.startsWith(now.toISOString().slice(0, 7)),
      );
      for (const row of thisMonth) expect(spaced(text)).toContain(spaced(russianMoney(row.amount)));
    });

    it('writes an invoice in Russian naming the payer, with its amount, fee and total, at its address and as a file', async () => {
      const created = await rpc('invoiceCreate', { toEmail: DEMO_LOGINS.personal, amount: '40.00', currency: 'USD', noteBody: 'Часы в студии' }, northwind);
      expect(created.responseCode).toBe('00');
      const invoice = created.invoice as { id: number; urlPdf: string; fee: string; total: string };
      const answer = await fetch(`${test.url}${invoice.urlPdf}`, { headers: { authorization: `Bearer ${anna.accessToken}`, ...russian } });
      expect(answer.status).toBe(200);
      const expected = [
        'Анна Смирнова',
        'Часы в студии',
        russianMoney('40.00', 'USD'),
        russianMoney(invoice.fee, 'USD'),
        russianMoney(invoice.total, 'USD'),
        'К оплате',
      ];
      expectDocument(Buffer.from(await answer.arrayBuffer()), `Счёт на оплату ${invoice.id}`, expected);
      expectDocument(file(await rpc('invoicePdfGet', { invoiceId: invoice.id }, anna)), `Счёт на оплату ${invoice.id}`, expected);
    });

    it('writes an agreement in Russian made out to the Cyrillic name', async () => {
      const legal = await rpc('legalInfo', {}, anna);
      const agreement = legal.agreements[0] as { id: string; title: string; version: string };
      const bytes = file(await rpc('agreementDownload', { id: agreement.id, pdf: true }, anna));
      expectDocument(bytes, agreement.title, ['Анна Смирнова', 'Выдано', `версия ${agreement.version}`]);
    });

    it("writes a transfer's receipt in Russian with its parties, amount, fee and total, for the customer's own transactions only", async () => {
      const history = await rpc('transactionHistory', { transactionType: 'Transfer', transactionDirection: 'outgoing', pageSize: 50 }, anna);
      const row = (history.transactions as Array<{ transactionId: number }>)[0]!;
      const details = (await rpc('transferDetails', { transactionId: row.transactionId }, anna)).transaction;
      const bytes = file(await rpc('transferReceiptPdf', { transactionId: String(row.transactionId) }, anna));
      const expected = ['Анна Смирнова', 'Квитанция об операции', String(row.transactionId)];
      if (details.sentAmount)
        expected.push(russianMoney(details.sentAmount, details.sentCurrencyCode), russianMoney(details.fee, details.sentCurrencyCode), 'Всего списано');
      else expected.push(russianMoney(details.amount.replace(/^-/, ''), details.currencyCode));
      expectDocument(bytes, 'Квитанция об операции', expected);
      expect((await rpc('transferReceiptPdf', { transactionId: row.transactionId }, northwind)).responseCode).toBe('13');
    });
  });
}
