import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { touchSession } from '../auth/sessions.ts';
import { resolveActingCustomer } from '../customers/acting-customer.ts';
import type { Database } from '../db/schema.ts';
import { paymentInstructionsOf } from '../accounts/payment-instructions.ts';
import { codeDescription } from '../rpc/response-codes.ts';
import { formatMoney, requestLanguage } from '../i18n/texts.ts';
import { documentAudience, formatDate, localeTexts, renderDocument, type DocumentAudience, type DocumentBlock } from '../documents/pdf/index.ts';
import { toInvoice, visibleInvoice, type InvoiceRow } from './invoices.ts';

/**
 * The invoice as a PDF in the reader's language on the brand's letterhead: its parties, amount, fee and
 * total, note, and how to pay it (for a funding invoice, the bank details to pay it in).
 *
 * @example
 * const bytes = await invoicePdf(db, row, customerId, { brand: 'paxum', language: 'ru' });
 */
export async function invoicePdf(db: Kysely<Database>, row: InvoiceRow, customerId: number, audience: DocumentAudience = documentAudience()): Promise<Buffer> {
  const invoice = toInvoice(row, customerId);
  const t = localeTexts(audience.language);
  const money = (amount: string) => formatMoney(audience.language, { amount, currency: invoice.currencyCode });
  const party = (name: string | undefined, email: string | undefined) => ({
    kind: 'fields' as const,
    rows: [
      ...(name ? [{ label: t('pdf.invoice.name'), value: name }] : []),
      ...(email && email !== name ? [{ label: t('pdf.invoice.email'), value: email }] : []),
    ],
  });
  const blocks: DocumentBlock[] = [
    {
      kind: 'fields',
      rows: [
        { label: t('pdf.invoice.issued'), value: formatDate(audience.language, invoice.sentDate) },
        ...(invoice.dueDate ? [{ label: t('pdf.invoice.due'), value: formatDate(audience.language, invoice.dueDate) }] : []),
        { label: t('pdf.invoice.status'), value: t.value('enums.invoiceStatus', invoice.status) },
      ],
    },
    { kind: 'heading', text: t('pdf.invoice.payee') },
    party(invoice.payeeName, invoice.payeeEmail),
  ];
  if (!invoice.isFunding) blocks.push({ kind: 'heading', text: t('pdf.invoice.payer') }, party(invoice.payerName, invoice.payerEmail));
  blocks.push(
    { kind: 'heading', text: t('pdf.invoice.amounts') },
    {
      kind: 'fields',
      rows: invoice.isFunding
        ? [{ label: t('pdf.invoice.amountDue'), value: money(invoice.amount), strong: true }]
        : [
            { label: t('pdf.invoice.amountDue'), value: money(invoice.amount) },
            { label: t('pdf.invoice.fee'), value: money(invoice.fee) },
            { label: t('pdf.invoice.total'), value: money(invoice.total), strong: true },
          ],
    },
  );
  if (invoice.noteBody) blocks.push({ kind: 'heading', text: t('pdf.invoice.note') }, { kind: 'paragraph', text: invoice.noteBody });
  if (invoice.rejectNote) blocks.push({ kind: 'heading', text: t('pdf.invoice.rejectNote') }, { kind: 'paragraph', text: invoice.rejectNote });
  blocks.push({ kind: 'heading', text: t('pdf.invoice.howToPay') });
  if (invoice.isFunding) {
    const [instruction] = await paymentInstructionsOf(db, row.payee_customer_id, row.payee_account_id, audience.brand);
    if (instruction) {
      const line = (key: string, value: string | undefined | null) => (value ? [{ label: t(`pdf.invoice.${key}`), value }] : []);
      blocks.push(
        { kind: 'paragraph', text: t('pdf.invoice.fundingInstructions', { amount: money(invoice.amount), account: row.payee_account_id }) },
        {
          kind: 'fields',
          rows: [
            ...line('beneficiary', instruction.beneficiaryName),
            ...line('bank', instruction.bankName),
            ...line('bankAddress', instruction.bankAddress),
            ...line('accountNumber', instruction.bankAccountNumber),
            ...line('iban', instruction.iban),
            ...line('swift', instruction.swift),
            ...line('routingNumber', instruction.routingNumber),
            ...line('sortCode', instruction.sortCode),
            ...line('paymentReference', `${instruction.reference} INV-${invoice.id}`),
          ],
        },
      );
    }
  } else {
    blocks.push({ kind: 'paragraph', text: t('pdf.invoice.payInstructions', { id: invoice.id, amount: money(invoice.amount) }) });
  }
  return renderDocument({
    ...audience,
    title: t(invoice.isFunding ? 'pdf.invoice.fundingTitle' : 'pdf.invoice.title', { id: invoice.id }),
    author: invoice.payeeName,
    reference: t('pdf.invoice.reference', { id: invoice.id }),
    blocks,
  });
}

/** What the PDF route needs. */
export interface InvoicePdfRouteOptions {
  db: Kysely<Database>;
  tokenKey: Uint8Array;
  /** The brand the server runs as: the PDF carries its letterhead. */
  brand?: string;
}

/**
 * `GET /api/invoices/:id/invoice.pdf` (the invoice's `urlPdf`): the invoice as a PDF, for its payee
 * or payer only, with the dispatcher's rules (bearer token, Customer-Id header, the balanceInfo
 * right). Refusals answer JSON in the backend's envelope: AU (401), 13 (403) for anyone else's
 * invoice or an unknown id. The PDF is in the language the request's Accept-Language names.
 *
 * @example
 * await app.register(invoicePdfRoute, { db, tokenKey });
 */
export async function invoicePdfRoute(app: FastifyInstance, options: InvoicePdfRouteOptions): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/invoices/:id/invoice.pdf', async (request, reply) => {
    const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
    const claims = match ? await verifyAccessToken(options.tokenKey, match[1]!) : undefined;
    const user = claims ? await touchSession(options.db, claims) : undefined;
    const language = requestLanguage(request.headers['accept-language']);
    if (!user) return reply.code(401).send({ responseCode: 'AU', responseDescription: codeDescription('AU', language) });
    const header = request.headers['customer-id'];
    const acting = Array.isArray(header) ? { refused: 'noAccess' as const } : await resolveActingCustomer(options.db, user, header, 'balanceInfo');
    const denied = { responseCode: '13', responseDescription: codeDescription('13', language) };
    if ('refused' in acting) return reply.code(403).send(denied);
    if (!/^[0-9]{1,18}$/.test(request.params.id)) return reply.code(403).send(denied);
    const found = await visibleInvoice(options.db, acting.customerId, BigInt(request.params.id));
    if (!found) return reply.code(403).send(denied);
    const acceptLanguage = request.headers['accept-language'];
    const audience = documentAudience({ brand: options.brand, ...(typeof acceptLanguage === 'string' ? { acceptLanguage } : {}) });
    const bytes = await invoicePdf(options.db, found.row, acting.customerId, audience);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="invoice-${request.params.id}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(bytes);
  });
}
