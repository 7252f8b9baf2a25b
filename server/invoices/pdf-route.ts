import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { touchSession } from '../auth/sessions.ts';
import { resolveActingCustomer } from '../customers/acting-customer.ts';
import type { Database } from '../db/schema.ts';
import { paymentInstructionsOf } from '../instructions/payment-instructions.ts';
import { writePdf, type PdfBlock } from '../security/pdf.ts';
import { toInvoice, visibleInvoice, type InvoiceRow } from './invoices.ts';

/** What the invoice PDF says, before it is laid out: the invoice, and for a funding invoice how to pay it in. */
export async function invoicePdf(db: Kysely<Database>, row: InvoiceRow, customerId: number): Promise<Buffer> {
  const invoice = toInvoice(row, customerId);
  const money = (amount: string) => `${amount} ${invoice.currencyCode}`;
  const line = (label: string, value: string): PdfBlock => ({
    kind: 'row',
    cells: [
      { text: label, x: 0 },
      { text: value, x: 160 },
    ],
  });
  const blocks: PdfBlock[] = [
    { kind: 'title', text: invoice.isFunding ? `Funding invoice ${invoice.id}` : `Invoice ${invoice.id}` },
    line('Issued', invoice.sentDate.slice(0, 10)),
    ...(invoice.dueDate ? [line('Due', invoice.dueDate)] : []),
    line('Status', invoice.status),
    { kind: 'heading', text: 'From (payee)' },
    { kind: 'paragraph', text: [invoice.payeeName, invoice.payeeEmail].filter(Boolean).join('\n') },
  ];
  if (!invoice.isFunding) {
    blocks.push(
      { kind: 'heading', text: 'To (payer)' },
      { kind: 'paragraph', text: [invoice.payerName, invoice.payerEmail].filter((v, i, all) => v && all.indexOf(v) === i).join('\n') },
    );
  }
  blocks.push(
    { kind: 'heading', text: 'Amount' },
    {
      kind: 'row',
      bold: true,
      cells: [
        { text: 'Amount due', x: 0 },
        { text: money(invoice.amount), x: 480, align: 'right' },
      ],
    },
  );
  if (!invoice.isFunding) {
    blocks.push(
      {
        kind: 'row',
        cells: [
          { text: 'Transfer fee (paid by the payer)', x: 0 },
          { text: money(invoice.fee), x: 480, align: 'right' },
        ],
      },
      {
        kind: 'row',
        bold: true,
        cells: [
          { text: 'Total', x: 0 },
          { text: money(invoice.total), x: 480, align: 'right' },
        ],
      },
    );
  }
  if (invoice.noteBody) blocks.push({ kind: 'heading', text: 'Note' }, { kind: 'paragraph', text: invoice.noteBody });
  if (invoice.rejectNote) blocks.push({ kind: 'heading', text: 'Rejected with the note' }, { kind: 'paragraph', text: invoice.rejectNote });
  if (invoice.isFunding) {
    const [instruction] = await paymentInstructionsOf(db, row.payee_customer_id, row.payee_account_id);
    blocks.push({ kind: 'heading', text: 'How to pay' });
    if (instruction) {
      blocks.push(
        {
          kind: 'paragraph',
          text: `Send ${money(invoice.amount)} by bank transfer from an account in your name, quoting the reference below so the money reaches account ${row.payee_account_id}.`,
        },
        line('Beneficiary', instruction.beneficiaryName),
        line('Bank', instruction.bankName),
        line('Bank address', instruction.bankAddress),
        line('Account number', instruction.bankAccountNumber),
        ...(instruction.iban ? [line('IBAN', instruction.iban)] : []),
        ...(instruction.swift ? [line('SWIFT / BIC', instruction.swift)] : []),
        ...(instruction.routingNumber ? [line('Routing number', instruction.routingNumber)] : []),
        ...(instruction.sortCode ? [line('Sort code', instruction.sortCode)] : []),
        line('Reference', `${instruction.reference} INV-${invoice.id}`),
      );
    }
  } else {
    blocks.push(
      { kind: 'heading', text: 'How to pay' },
      {
        kind: 'paragraph',
        text: `Sign in and pay this invoice under Transfers > Invoices (invoice ${invoice.id}). The payee receives ${money(invoice.amount)}; the transfer fee is added for the payer.`,
      },
    );
  }
  return writePdf({ title: `Invoice ${invoice.id}`, author: invoice.payeeName, blocks, footer: `Invoice ${invoice.id}` });
}

/** What the PDF route needs. */
export interface InvoicePdfRouteOptions {
  db: Kysely<Database>;
  tokenKey: Uint8Array;
}

/**
 * `GET /api/invoices/:id/invoice.pdf` (the invoice's `urlPdf`): the invoice as a PDF, for its payee
 * or payer only, with the dispatcher's rules (bearer token, Customer-Id header, the balanceInfo
 * right). Refusals answer JSON in the backend's envelope: AU (401), 13 (403) for anyone else's
 * invoice or an unknown id.
 *
 * @example
 * await app.register(invoicePdfRoute, { db, tokenKey });
 */
export async function invoicePdfRoute(app: FastifyInstance, options: InvoicePdfRouteOptions): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/invoices/:id/invoice.pdf', async (request, reply) => {
    const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
    const claims = match ? await verifyAccessToken(options.tokenKey, match[1]!) : undefined;
    const user = claims ? await touchSession(options.db, claims) : undefined;
    if (!user) return reply.code(401).send({ responseCode: 'AU', responseDescription: 'Sign in again.' });
    const header = request.headers['customer-id'];
    const acting = Array.isArray(header) ? { refused: 'noAccess' as const } : await resolveActingCustomer(options.db, user, header, 'balanceInfo');
    const denied = { responseCode: '13', responseDescription: 'Access denied' };
    if ('refused' in acting) return reply.code(403).send(denied);
    if (!/^[0-9]{1,18}$/.test(request.params.id)) return reply.code(403).send(denied);
    const found = await visibleInvoice(options.db, acting.customerId, BigInt(request.params.id));
    if (!found) return reply.code(403).send(denied);
    const bytes = await invoicePdf(options.db, found.row, acting.customerId);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="invoice-${request.params.id}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(bytes);
  });
}
