import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Invoice } from '../../generated/entities.ts';
import type { Database, TransferStatus } from '../db/schema.ts';
import { requestTexts } from '../i18n/request-language.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { transferFee } from '../pricing/pricing.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Invoices page size (document 001 section 9). */
export const INVOICE_PAGE_SIZE = 20;

/** The status ids of the invoice statuses (the product's own numbering). */
export const INVOICE_STATUS_ID = { unpaid: 1, paid: 2, rejected: 3, canceled: 4, overdue: 5 } as const;
export type InvoiceStatus = keyof typeof INVOICE_STATUS_ID;

/** The server path of an invoice's PDF; the route checks the caller may see it. */
export const invoicePdfPath = (id: bigint | number) => `/api/invoices/${id}/invoice.pdf`;

/** Transfer statuses of a payment still under way: the invoice may be neither paid again nor withdrawn. */
const IN_PROGRESS: readonly TransferStatus[] = ['awaitingConfirmation', 'awaitingApproval'];

/** One invoice row with what its answer needs: parties' names, currency scale, the paying transfer. */
export interface InvoiceRow {
  id: bigint;
  payee_customer_id: number;
  payee_account_id: number;
  payer_email: string | null;
  payer_customer_id: number | null;
  amount: bigint;
  currency_code: string;
  fee_payment: 'payer' | 'payee';
  note: string | null;
  due_date: string | null;
  status: 'unpaid' | 'rejected' | 'canceled';
  is_funding: boolean;
  is_system: boolean;
  reject_note: string | null;
  paid_transfer_id: bigint | null;
  sent_at: Date;
  updated_at: Date;
  scale: number;
  payee_name: string;
  payee_email: string | null;
  payer_name: string | null;
  transfer_status: TransferStatus | null;
  transfer_from_account_id: number | null;
}

const displayName = (alias: 'payee' | 'payer') =>
  sql<
    string | null
  >`coalesce(${sql.ref(`${alias}.business_name`)}, nullif(trim(concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.last_name`)})), ''))`;

/** The invoices with everything an answer needs, narrowed by the caller. */
function invoiceQuery(db: Db) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('currencies as c', 'c.code', 'i.currency_code')
    .innerJoin('customers as payee', 'payee.id', 'i.payee_customer_id')
    .leftJoin('customers as payer', 'payer.id', 'i.payer_customer_id')
    .leftJoin('transfers as t', 't.id', 'i.paid_transfer_id')
    .select([
      'i.id',
      'i.payee_customer_id',
      'i.payee_account_id',
      'i.payer_email',
      'i.payer_customer_id',
      'i.amount',
      'i.currency_code',
      'i.fee_payment',
      'i.note',
      'i.due_date',
      'i.status',
      'i.is_funding',
      'i.is_system',
      'i.reject_note',
      'i.paid_transfer_id',
      'i.sent_at',
      'i.updated_at',
      'c.scale',
      sql<string>`coalesce(${displayName('payee')}, 'Customer ' || i.payee_customer_id)`.as('payee_name'),
      (eb) => eb.selectFrom('users as u').select('u.email').whereRef('u.customer_id', '=', 'i.payee_customer_id').orderBy('u.id').limit(1).as('payee_email'),
      displayName('payer').as('payer_name'),
      't.status as transfer_status',
      't.from_account_id as transfer_from_account_id',
    ]);
}

/** The e-mail addresses that reach a customer: their users' sign-in e-mails and confirmed profile e-mails. */
function emailsOf(db: Db, customerId: number) {
  return db
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email'))
    .where('customer_id', '=', customerId)
    .union(
      db
        .selectFrom('customer_emails')
        .select(sql<string>`lower(email)`.as('email'))
        .where('customer_id', '=', customerId)
        .where('confirmed', '=', true),
    );
}

/**
 * Whether the customer is asked to pay the invoice: named as its payer, or (when the payer had not
 * registered when it was sent) reached by its e-mail.
 */
function payerIs(db: Db, customerId: number) {
  return (eb: ExpressionBuilder<{ i: Database['invoices'] }, 'i'>): Expression<SqlBool> =>
    eb.or([
      eb('i.payer_customer_id', '=', customerId),
      eb.and([eb('i.payer_customer_id', 'is', null), eb(sql`lower(i.payer_email)`, 'in', emailsOf(db, customerId))]),
    ]);
}

/** Today as 'YYYY-MM-DD' (UTC), for overdue. */
const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The status an invoice shows: a completed payment makes it paid whatever else happened; else its
 * stored state (unpaid, rejected, canceled), unpaid turning overdue after its due date.
 */
export function invoiceStatus(row: Pick<InvoiceRow, 'status' | 'transfer_status' | 'due_date'>, now: Date = new Date()): InvoiceStatus {
  if (row.transfer_status === 'completed') return 'paid';
  if (row.status !== 'unpaid') return row.status;
  if (row.due_date && row.due_date < today(now)) return 'overdue';
  return 'unpaid';
}

/** The answer shape of an invoice, as the customer sees it. */
export function toInvoice(row: InvoiceRow, customerId: number, now: Date = new Date()): Invoice {
  const status = invoiceStatus(row, now);
  const fee = transferFee('invoice', row.amount);
  const money = (minor: bigint) => formatMinorUnits(minor, row.scale);
  const payerName = row.payer_name ?? row.payer_email;
  return {
    id: Number(row.id),
    payeeName: row.payee_name,
    ...(payerName ? { payerName } : {}),
    ...(row.payee_email ? { payeeEmail: row.payee_email } : {}),
    ...(row.payer_email ? { payerEmail: row.payer_email } : {}),
    payeeAccountId: row.payee_account_id,
    ...(row.transfer_status === 'completed' && row.transfer_from_account_id !== null && row.payer_customer_id === customerId
      ? { payerAccountId: row.transfer_from_account_id }
      : {}),
    amount: money(row.amount),
    fee: money(fee),
    total: money(row.amount + fee),
    feePayment: row.fee_payment,
    currencyCode: row.currency_code,
    // A funding invoice's note is the server's own words (stored in English for the search): said in the reader's language.
    ...(row.is_funding ? { noteBody: requestTexts()('server.invoices.fundingNote', { currency: row.currency_code }) } : row.note ? { noteBody: row.note } : {}),
    ...(row.due_date ? { dueDate: row.due_date } : {}),
    sentDate: row.sent_at.toISOString(),
    updatedDate: row.updated_at.toISOString(),
    status,
    statusId: INVOICE_STATUS_ID[status],
    direction: row.payee_customer_id === customerId ? 'sent' : 'received',
    isFunding: row.is_funding,
    isSystem: row.is_system,
    ...(row.reject_note ? { rejectNote: row.reject_note } : {}),
    ...(row.paid_transfer_id !== null ? { operationId: Number(row.paid_transfer_id) } : {}),
    ...(row.transfer_status ? { paymentStatus: row.transfer_status } : {}),
    urlPdf: invoicePdfPath(row.id),
  };
}

/** Which side of an invoice the customer is on; undefined when neither (refuse with 13). */
export type InvoiceRole = 'payee' | 'payer';

/**
 * One invoice the customer may see (as payee or payer), with their role; undefined for anyone
 * else's or an unknown id. `forUpdate` locks the invoice row for the caller's transaction.
 */
export async function visibleInvoice(
  db: Db,
  customerId: number,
  id: bigint,
  options: { forUpdate?: boolean } = {},
): Promise<{ row: InvoiceRow; role: InvoiceRole } | undefined> {
  if (options.forUpdate) await db.selectFrom('invoices').select('id').where('id', '=', id).forUpdate().execute();
  const row = (await invoiceQuery(db)
    .where('i.id', '=', id)
    .where((eb) => eb.or([eb('i.payee_customer_id', '=', customerId), payerIs(db, customerId)(eb)]))
    .executeTakeFirst()) as InvoiceRow | undefined;
  if (!row) return undefined;
  return { row, role: row.payee_customer_id === customerId ? 'payee' : 'payer' };
}

/** Like {@link visibleInvoice}, refusing with 13 unless the customer is on the side `role` names. */
export async function invoiceFor(
  db: Db,
  customerId: number,
  id: bigint,
  role: InvoiceRole | 'any',
  options: { forUpdate?: boolean } = {},
): Promise<InvoiceRow> {
  const found = await visibleInvoice(db, customerId, id, options);
  if (!found || (role !== 'any' && found.role !== role)) throw new RpcRefusal('13');
  return found.row;
}

/**
 * A page of the invoices the customer received (`received`, they are asked to pay) or sent, newest
 * first. `openOnly` keeps those still waiting for payment: the filters unpaid (received) and
 * awaitingPayment (sent) of document 001 section 4.
 */
export async function listInvoices(
  db: Db,
  customerId: number,
  query: { direction: 'received' | 'sent'; openOnly: boolean; pageNumber: number; pageSize: number },
  now: Date = new Date(),
): Promise<{ invoices: Invoice[]; total: number }> {
  const base = invoiceQuery(db)
    .where((eb) => (query.direction === 'sent' ? eb('i.payee_customer_id', '=', customerId) : payerIs(db, customerId)(eb)))
    .$if(query.direction === 'received', (qb) => qb.where('i.payee_customer_id', '!=', customerId))
    .$if(query.openOnly, (qb) => qb.where('i.status', '=', 'unpaid').where((eb) => eb.or([eb('t.status', 'is', null), eb('t.status', '!=', 'completed')])));
  const [rows, count] = await Promise.all([
    base
      .orderBy('i.sent_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { invoices: (rows as InvoiceRow[]).map((row) => toInvoice(row, customerId, now)), total: Number(count.n) };
}

/** Refuses (TA1, no change) an invoice that can no longer be paid, rejected or withdrawn. */
export function assertOpen(row: InvoiceRow, action: 'pay' | 'reject' | 'cancel'): void {
  const status = invoiceStatus(row);
  if (status === 'paid') throw new RpcRefusal('TA1', { key: 'server.invoices.alreadyPaid' });
  if (status === 'rejected') throw new RpcRefusal('TA1', { key: 'server.invoices.rejected' });
  if (status === 'canceled') throw new RpcRefusal('TA1', { key: 'server.invoices.withdrawn' });
  if (row.transfer_status === 'awaitingApproval') {
    throw new RpcRefusal('TA1', { key: 'server.invoices.awaitingApproval' });
  }
  if (action === 'cancel' && row.transfer_status !== null && IN_PROGRESS.includes(row.transfer_status)) {
    throw new RpcRefusal('TA1', { key: 'server.invoices.beingPaid' });
  }
}
