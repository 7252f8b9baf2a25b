import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { inspectPdf } from '../support/pdf-tools.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { currentBalance } from '../../server/ledger/system-balances.ts';

const ANNA_PHONE = '447700900123';
const STRANGER = 'kyc@example.com';
const cents = (amount: string) => Math.round(Number(amount) * 100);

for (const backend of BACKENDS) {
  describe(`invoices on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;
    let stranger: Tokens;

    const call = (method: string, params: object, tokens: Tokens) => client.rpc(method, params, { token: tokens.accessToken });
    const account = async (tokens: Tokens, currency: string) =>
      (
        (await call('balanceInquiry', {}, tokens)).body.accounts as Array<{ accountId: number; currencyCode: string; balance: string; pendingAmount: string }>
      ).find((a) => a.currencyCode === currency)!;
    const latestSmsCode = async (): Promise<string> => {
      const answer = await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to: ANNA_PHONE, purpose: 'transferConfirmation' })}`);
      const code = /^([0-9]{6}) is your code/.exec(JSON.parse(answer.text).messages[0]?.body ?? '')?.[1];
      if (!code) throw new Error('no transfer code was sent to Anna');
      return code;
    };
    const snapshot = async () => {
      const db = test.server.db;
      return {
        invoices: await db.selectFrom('invoices').selectAll().orderBy('id').execute(),
        accounts: await db
          .selectFrom('accounts as a')
          .select(['a.id', currentBalance.as('balance'), 'a.pending'])
          .orderBy('a.id')
          .execute(),
        transfers: await db.selectFrom('transfers').select(['id', 'status']).orderBy('id').execute(),
      };
    };
    const pdf = (path: string, tokens?: Tokens) => fetch(`${test.url}${path}`, { headers: tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {} });
    const createInvoice = async (params: Record<string, unknown> = {}) => {
      const answer = await call(
        'invoiceCreate',
        { toEmail: DEMO_LOGINS.personal, amount: '40.00', currency: 'USD', noteBody: 'Studio hours', ...params },
        northwind,
      );
      expect(answer.body.responseCode).toBe('00');
      return answer.body.invoice;
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
      stranger = await client.signIn(STRANGER);
    });
    afterAll(() => test?.close());

    it('shows the demo invoices on both sides with the unpaid and awaitingPayment filters', async () => {
      const received = await call('invoiceListReceived', { filter: 'unpaid' }, anna);
      expect(received.body).toMatchObject({
        responseCode: '00',
        total: 1,
        invoices: [{ payeeName: 'Northwind Studio Ltd', amount: '120.00', currencyCode: 'USD', status: 'unpaid', direction: 'received' }],
      });
      const sent = await call('invoiceListSent', { filter: 'awaitingPayment' }, northwind);
      expect(sent.body.invoices.map((i: { id: number }) => i.id)).toContain(received.body.invoices[0].id);
      const annaSent = await call('invoiceListSent', {}, anna);
      expect(annaSent.body.invoices).toMatchObject([{ payerName: 'Northwind Studio Ltd', amount: '45.00', currencyCode: 'EUR' }]);
    });

    it('creates an invoice the payer sees and is told of by e-mail', async () => {
      const invoice = await createInvoice({ amount: '12.34', dueDate: '2099-01-31' });
      expect(invoice).toMatchObject({
        payeeName: 'Northwind Studio Ltd',
        payerName: 'Anna Novak',
        payerEmail: DEMO_LOGINS.personal,
        amount: '12.34',
        fee: '0.25',
        total: '12.59',
        status: 'unpaid',
        statusId: 1,
        dueDate: '2099-01-31',
      });
      const seen = await call('invoiceGet', { id: invoice.id }, anna);
      expect(seen.body.invoice).toMatchObject({ id: invoice.id, direction: 'received', noteBody: 'Studio hours' });
      const mail = await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to: DEMO_LOGINS.personal, purpose: 'invoice' })}`);
      expect(JSON.parse(mail.text).messages[0]).toMatchObject({ channel: 'email', subject: expect.stringContaining(`Invoice ${invoice.id}`) });
      const refused = await call('invoiceCreate', { toEmail: DEMO_LOGINS.business, amount: '1.00', currency: 'USD' }, northwind);
      expect(refused.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'toEmail' }] });
      const noAccount = await call('invoiceCreate', { toEmail: DEMO_LOGINS.personal, amount: '1.00', currency: 'GBP' }, northwind);
      expect(noAccount.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'currency' }] });
    });

    it('pays an invoice exactly once through a p2p transfer confirmed by sms, retries of the key included', async () => {
      const invoice = await createInvoice({ amount: '40.00' });
      const payerBefore = await account(anna, 'USD');
      const payeeBefore = await account(northwind, 'USD');
      const params = { idempotencyKey: randomUUID(), invoiceId: invoice.id, accountId: payerBefore.accountId };
      const [first, second] = await Promise.all([call('invoicePay', params, anna), call('invoicePay', params, anna)]);
      expect(first.body).toMatchObject({
        responseCode: '00',
        status: 'awaitingConfirmation',
        approveType: 'sms',
        toAmount: '40.00',
        amount: '40.00',
        fee: '0.25',
      });
      expect(second.body).toEqual(first.body);
      expect((await call('invoicePay', params, anna)).body).toEqual(first.body);
      const transfers = await test.server.db
        .selectFrom('transfers')
        .select(['id', 'kind', 'invoice_id'])
        .where('invoice_id', '=', BigInt(invoice.id))
        .execute();
      expect(transfers).toEqual([{ id: BigInt(first.body.operationId), kind: 'invoice', invoice_id: BigInt(invoice.id) }]);
      expect((await call('invoiceGet', { id: invoice.id }, anna)).body.invoice).toMatchObject({ status: 'unpaid', paymentStatus: 'awaitingConfirmation' });

      const approved = await call('transferApprove', { trxid: first.body.operationId, approvalCode: await latestSmsCode() }, anna);
      expect(approved.body).toMatchObject({ responseCode: '00', status: 'completed' });
      expect((await call('invoiceGet', { id: invoice.id }, anna)).body.invoice).toMatchObject({
        status: 'paid',
        statusId: 2,
        payerAccountId: payerBefore.accountId,
      });
      expect((await call('invoiceGet', { id: invoice.id }, northwind)).body.invoice).toMatchObject({ status: 'paid', direction: 'sent' });
      expect(cents(payerBefore.balance) - cents((await account(anna, 'USD')).balance)).toBe(4025);
      expect(cents((await account(northwind, 'USD')).balance) - cents(payeeBefore.balance)).toBe(4000);
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);

      const before = await snapshot();
      const again = await call('invoicePay', { ...params, idempotencyKey: randomUUID() }, anna);
      expect(again.body).toMatchObject({ responseCode: 'TA1', responseDescription: 'This invoice has already been paid.' });
      const unpaid = await call('invoiceListReceived', { filter: 'unpaid' }, anna);
      expect(unpaid.body.invoices.map((i: { id: number }) => i.id)).not.toContain(invoice.id);
      expect(await snapshot()).toEqual(before);
    });

    it('replaces a payment still waiting for its code with a new attempt, releasing the first hold', async () => {
      const invoice = await createInvoice({ amount: '5.00' });
      const { accountId, pendingAmount } = await account(anna, 'USD');
      const first = await call('invoicePay', { idempotencyKey: randomUUID(), invoiceId: invoice.id, accountId }, anna);
      const second = await call('invoicePay', { idempotencyKey: randomUUID(), invoiceId: invoice.id, accountId }, anna);
      expect(second.body.operationId).not.toBe(first.body.operationId);
      expect((await call('transferStatus', { trxid: first.body.operationId }, anna)).body.status).toBe('canceled');
      expect(cents((await account(anna, 'USD')).pendingAmount) - cents(pendingAmount)).toBe(525);
      await call('transferApprove', { trxid: second.body.operationId, approvalCode: await latestSmsCode() }, anna);
      expect((await call('invoiceGet', { id: invoice.id }, northwind)).body.invoice.status).toBe('paid');
    });

    it('rejects with a note the payee sees, after which it cannot be paid', async () => {
      const invoice = await createInvoice({ amount: '9.00' });
      const rejected = await call('invoiceReject', { invoiceId: invoice.id, note: 'Not ordered' }, anna);
      expect(rejected.body).toMatchObject({ responseCode: '00', invoice: { status: 'rejected', statusId: 3, rejectNote: 'Not ordered' } });
      expect((await call('invoiceGet', { id: invoice.id }, northwind)).body.invoice).toMatchObject({ status: 'rejected', rejectNote: 'Not ordered' });
      const before = await snapshot();
      const { accountId } = await account(anna, 'USD');
      const pay = await call('invoicePay', { idempotencyKey: randomUUID(), invoiceId: invoice.id, accountId }, anna);
      expect(pay.body).toMatchObject({ responseCode: 'TA1', responseDescription: expect.stringMatching(/rejected/) });
      expect((await call('invoiceReject', { invoiceId: invoice.id }, anna)).body.responseCode).toBe('TA1');
      expect((await call('invoiceCancel', { invoiceId: invoice.id }, northwind)).body.responseCode).toBe('TA1');
      expect(await snapshot()).toEqual(before);
    });

    it('lets the payee withdraw an unpaid invoice', async () => {
      const invoice = await createInvoice({ amount: '3.00' });
      const canceled = await call('invoiceCancel', { invoiceId: invoice.id }, northwind);
      expect(canceled.body).toMatchObject({ responseCode: '00', invoice: { status: 'canceled', statusId: 4 } });
      const { accountId } = await account(anna, 'USD');
      expect((await call('invoicePay', { idempotencyKey: randomUUID(), invoiceId: invoice.id, accountId }, anna)).body.responseCode).toBe('TA1');
    });

    it('writes the invoice PDF for its payee and payer only', async () => {
      const invoice = await createInvoice({ amount: '15.00' });
      for (const tokens of [anna, northwind]) {
        const answer = await pdf(invoice.urlPdf, tokens);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/pdf');
        const bytes = Buffer.from(await answer.arrayBuffer());
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(bytes.toString('latin1')).toContain(`Invoice ${invoice.id}`);
      }
      expect((await pdf(invoice.urlPdf, stranger)).status).toBe(403);
      expect((await pdf(invoice.urlPdf)).status).toBe(401);
    });

    it('answers the same PDF as a file to save, for its payee and payer only', async () => {
      const invoice = await createInvoice({ amount: '16.00' });
      for (const tokens of [anna, northwind]) {
        const answer = await call('invoicePdfGet', { invoiceId: invoice.id }, tokens);
        expect(answer.body).toMatchObject({ responseCode: '00', fileName: `invoice-${invoice.id}.pdf`, mediaType: 'application/pdf' });
        const bytes = Buffer.from(answer.body.content, 'base64');
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(bytes.toString('latin1')).toContain(`Invoice ${invoice.id}`);
      }
      expect((await call('invoicePdfGet', { invoiceId: invoice.id }, stranger)).body.responseCode).toBe('13');
    });

    it("creates a funding invoice carrying the account's payment instructions", async () => {
      const eur = await account(anna, 'EUR');
      const created = await call('fundingInvoiceCreate', { amount: '250.00', accountId: eur.accountId }, anna);
      expect(created.body).toMatchObject({
        responseCode: '00',
        invoice: {
          isFunding: true,
          isSystem: true,
          amount: '250.00',
          currencyCode: 'EUR',
          payeeAccountId: eur.accountId,
          direction: 'sent',
          noteBody: 'Funding of your EUR account by bank transfer',
        },
      });
      // The server's own note, in the reader's language.
      const spanish = await client.post(
        '/api?method=invoiceGet',
        { method: 'invoiceGet', id: created.body.invoiceId },
        { authorization: `Bearer ${anna.accessToken}`, 'accept-language': 'es' },
      );
      expect(spanish.body.invoice.noteBody).toBe('Recarga de su cuenta en EUR por transferencia bancaria');
      const { text } = inspectPdf(Buffer.from(await (await pdf(created.body.invoice.urlPdf, anna)).arrayBuffer()));
      expect(text).toContain('IBAN');
      expect(text).toContain(`INV-${created.body.invoiceId}`);
      const byDefault = await call('fundingInvoiceCreate', { amount: '10.00' }, anna);
      expect(byDefault.body.invoice).toMatchObject({ currencyCode: 'USD', isFunding: true });
      const bad = await call('fundingInvoiceCreate', { amount: '0' }, anna);
      expect(bad.body).toMatchObject({
        responseCode: 'TA1',
        responseDescription: 'Failed to generate invoice. Please, try again.',
        validationErrors: [{ field: 'amount' }],
      });
    });

    it("refuses anyone else's invoice with 13 on every method and changes nothing", async () => {
      const invoice = await createInvoice({ amount: '7.00' });
      const strangerUsd = await account(stranger, 'USD').catch(() => undefined);
      const annaUsd = await account(anna, 'USD');
      const northwindUsd = await account(northwind, 'USD');
      const before = await snapshot();
      const calls: Array<[string, object, Tokens]> = [
        ['invoiceGet', { id: invoice.id }, stranger],
        ['invoicePay', { idempotencyKey: randomUUID(), invoiceId: invoice.id, accountId: strangerUsd?.accountId ?? annaUsd.accountId }, stranger],
        ['invoiceReject', { invoiceId: invoice.id, note: 'no' }, stranger],
        ['invoiceCancel', { invoiceId: invoice.id }, stranger],
        // The payee may not pay or reject their own invoice, the payer may not withdraw it.
        ['invoicePay', { idempotencyKey: randomUUID(), invoiceId: invoice.id, accountId: northwindUsd.accountId }, northwind],
        ['invoiceReject', { invoiceId: invoice.id }, northwind],
        ['invoiceCancel', { invoiceId: invoice.id }, anna],
        // The payer may not pay from someone else's account.
        ['invoicePay', { idempotencyKey: randomUUID(), invoiceId: invoice.id, accountId: northwindUsd.accountId }, anna],
        ['fundingInvoiceCreate', { amount: '5.00', accountId: annaUsd.accountId }, northwind],
      ];
      for (const [method, params, tokens] of calls) {
        const answer = await call(method, params, tokens);
        expect(answer.body.responseCode, method).toBe('13');
      }
      for (const list of ['invoiceListReceived', 'invoiceListSent']) {
        const answer = await call(list, {}, stranger);
        expect(
          answer.body.invoices.map((i: { id: number }) => i.id),
          list,
        ).not.toContain(invoice.id);
      }
      expect(await snapshot()).toEqual(before);
    });
  });
}
