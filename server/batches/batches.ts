import { sql, type Kysely, type Transaction } from 'kysely';
import common from '../../schemas/entities/common.schema.json' with { type: 'json' };
import externalCard from '../../schemas/entities/external-card.schema.json' with { type: 'json' };
import railPayout from '../../schemas/entities/rail-payout.schema.json' with { type: 'json' };
import creditCardRowSchema from '../../schemas/forms/mass-credit-card-row.schema.json' with { type: 'json' };
import cryptoEftRowSchema from '../../schemas/forms/mass-crypto-eft-row.schema.json' with { type: 'json' };
import eftRowSchema from '../../schemas/forms/mass-eft-row.schema.json' with { type: 'json' };
import instantRowSchema from '../../schemas/forms/mass-instant-row.schema.json' with { type: 'json' };
import interacRowSchema from '../../schemas/forms/mass-interac-row.schema.json' with { type: 'json' };
import p2pRowSchema from '../../schemas/forms/mass-p2p-row.schema.json' with { type: 'json' };
import wireRowSchema from '../../schemas/forms/mass-wire-row.schema.json' with { type: 'json' };
import { payingAccount } from '../accounts/paying-account.ts';
import type { BatchRowStatus, BatchStatus, Database } from '../db/schema.ts';
import { createSchemaValidator, fieldProblems, type Described } from '../http/json-schema.ts';
import type { TextValues } from '../i18n/texts.ts';
import { isCardAccountType } from '../ledger/account-status.ts';
import { keyedDescription } from '../ledger/descriptions.ts';
import { LedgerError } from '../ledger/errors.ts';
import { AmountFormatError, formatMinorUnits, toMinorUnits } from '../ledger/money.ts';
import { writeLedgerTransaction } from '../ledger/post-transaction.ts';
import { systemAccountId } from '../ledger/system-accounts.ts';
import { transferFee, transferLimits } from '../pricing/pricing.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { BATCH_METHOD_KINDS, checkBatchLimits } from '../transfers/limits.ts';
import { customerName, receivingAccounts } from '../transfers/parties.ts';
import Papa from 'papaparse';
import { countryMaxAmount } from '../rails/country-max-amount.ts';
import { holdPayout, recordPayout } from '../rails/payouts.ts';
import type { PayoutInstruction, RailAdapters, RailName } from '../rails/rail-adapter.ts';
import { payoutInstruction } from '../transfers/payout-handover.ts';
import { FLAG_OF_METHOD, massSendingFlags } from './permissions.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { messageTexts } from '../i18n/request-language.ts';
import { RAIL_METHODS, checkRailRow, type RailBatchMethod, type RailPayee } from './rail-rows.ts';
import { batchFingerprint, identicalBatch } from './identical.ts';
import { readBatchRows, type BatchColumn, type ReadRow } from './read-rows.ts';
import { notifyCustomer } from '../notifications/notifications.ts';

type Trx = Transaction<Database>;

/**
 * The methods a batch pays by (document 001 section 7's mass transfers and its mass sample types): p2p to
 * customers, and the rails' methods, whose rows are payouts (rail-rows.ts). Global pay joins as it comes.
 */
export const BATCH_METHODS = ['p2p', 'wire', 'eft', 'creditCard', 'cryptoEft', 'instant', 'interac'] as const;
export type BatchMethod = (typeof BATCH_METHODS)[number];

/** A method whose rows are payouts on a rail. */
export const isRailMethod = (method: BatchMethod): method is RailBatchMethod => method !== 'p2p';

/**
 * The transfer kind a batch's payments are (a request's transactionType): p2p, or its rail's.
 *
 * @example
 * batchTransferKind('creditCard'); // 'oct'
 */
export const batchTransferKind = (method: BatchMethod): string => (isRailMethod(method) ? RAIL_METHODS[method].rail : 'p2p');

/**
 * What each method's rows are: their schema (its properties are the file's columns). Its pricing kind is
 * BATCH_METHOD_KINDS's (a rail's own kind: its fees and limits are the single payout's).
 */
const METHODS: Record<BatchMethod, { rowSchema: { properties: Record<string, { title?: string }> } }> = {
  p2p: { rowSchema: p2pRowSchema },
  wire: { rowSchema: wireRowSchema },
  eft: { rowSchema: eftRowSchema },
  creditCard: { rowSchema: creditCardRowSchema },
  cryptoEft: { rowSchema: cryptoEftRowSchema },
  instant: { rowSchema: instantRowSchema },
  interac: { rowSchema: interacRowSchema },
};

/** The most row problems an upload answers: enough to fix a file, not a second copy of it. */
export const MAX_ROW_PROBLEMS = 500;

const validators = (() => {
  const ajv = createSchemaValidator();
  ajv.addSchema(common);
  ajv.addSchema(railPayout);
  ajv.addSchema(externalCard);
  return Object.fromEntries(BATCH_METHODS.map((method) => [method, ajv.compile(METHODS[method].rowSchema)])) as Record<
    BatchMethod,
    ReturnType<typeof ajv.compile>
  >;
})();

/** The columns of a method's file, in order, as its row schema declares them. */
export const batchColumns = (method: BatchMethod): BatchColumn[] =>
  Object.entries(METHODS[method].rowSchema.properties).map(([name, property]) => ({ name, ...(property.title ? { title: property.title } : {}) }));

/** One problem of one row, on one of its columns. */
export type RowProblem = { row: number } & Described;

/** A row that passed every check, with what it pays and to whom: a customer (p2p) or a rail's payee. */
interface CheckedRow {
  row: number;
  values: Record<string, string>;
  amount: bigint;
  fee: bigint;
  toEmail: string | null;
  toCustomerId: number | null;
  payee?: RailPayee;
}

/** What an upload found, before anything is kept. */
export interface BatchSummary {
  count: number;
  validCount: number;
  invalidCount: number;
  currencyCode: string;
  /** What the valid rows pay, their fees, and both: what confirming takes from the account. */
  total: bigint;
  fees: bigint;
  totalWithFees: bigint;
  /** What the account can spend now, and whether it covers the batch. */
  available: bigint;
  scale: number;
}

/** The customers registered under each e-mail (a user's sign-in e-mail or a confirmed profile e-mail), read in one query. */
async function customersByEmail(trx: Trx, emails: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (emails.length === 0) return found;
  const rows = await sql<{ email: string; customer_id: number }>`
    select u.email, u.customer_id from users u where u.email = any(${[...emails]}::text[]) and u.customer_id is not null
    union all
    select e.email, e.customer_id from customer_emails e where e.email = any(${[...emails]}::text[]) and e.confirmed`.execute(trx);
  for (const row of rows.rows) if (!found.has(row.email)) found.set(row.email, row.customer_id);
  return found;
}

/** The e-mails of `emails` the payer's payout blacklist blocks for p2p (block type p2p or all), read in one query. */
async function blacklisted(trx: Trx, customerId: number, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await trx
    .selectFrom('payout_blacklist')
    .select('email')
    .where('customer_id', '=', customerId)
    .where('email', 'in', [...emails])
    .where('block_type', 'in', ['p2p', 'all'])
    .execute();
  return new Set(rows.map((row) => row.email));
}

/**
 * The checks every row starts with, whatever its method: its row schema, then an amount above zero in the
 * account's minor units. Answers the amount, or nothing after adding the row's problems to `problems`.
 */
function rowAmount(
  validate: (typeof validators)[BatchMethod],
  row: number,
  values: ReadRow['values'],
  scale: number,
  problems: RowProblem[],
): bigint | undefined {
  if (!validate(values)) {
    problems.push(...fieldProblems(validate.errors).map((problem) => ({ row, ...problem })));
    return undefined;
  }
  try {
    const amount = toMinorUnits(values.amount!, scale);
    if (amount > 0n) return amount;
    problems.push({ row, field: 'amount', key: 'server.amounts.aboveZero' });
  } catch (error) {
    if (!(error instanceof AmountFormatError)) throw error;
    problems.push({ row, field: 'amount', ...error.text });
  }
  return undefined;
}

/**
 * Checks every row: its schema (each property's rules), an amount above zero within the method's single
 * payment limit, and a payee who exists, is not the payer and is not on the payer's payout blacklist. Answers the good rows priced, and each
 * problem of the others on its column.
 */
async function checkRows(
  trx: Trx,
  method: BatchMethod,
  rows: readonly ReadRow[],
  payer: { customerId: number; currency: string; scale: number },
): Promise<{ checked: CheckedRow[]; problems: RowProblem[] }> {
  if (isRailMethod(method)) return checkRailRows(trx, method, rows, payer);
  const validate = validators[method];
  const kind = BATCH_METHOD_KINDS[method];
  const perPayment = transferLimits(kind, payer.scale).perTransactionMax;
  const problems: RowProblem[] = [];
  const candidates: Array<Omit<CheckedRow, 'toCustomerId' | 'toEmail'> & { toEmail: string }> = [];
  for (const { row, values } of rows) {
    const amount = rowAmount(validate, row, values, payer.scale, problems);
    if (amount === undefined) continue;
    if (amount > perPayment) {
      const limit = { amount: formatMinorUnits(perPayment, payer.scale), currency: payer.currency };
      problems.push({ row, field: 'amount', key: 'server.limits.perTransaction', values: { limit } });
    } else candidates.push({ row, values, amount, fee: transferFee(kind, amount), toEmail: values.email!.trim().toLowerCase() });
  }
  const emails = [...new Set(candidates.map((candidate) => candidate.toEmail))];
  const payees = await customersByEmail(trx, emails);
  const blocked = await blacklisted(trx, payer.customerId, emails);
  const checked: CheckedRow[] = [];
  for (const candidate of candidates) {
    const toCustomerId = payees.get(candidate.toEmail);
    const problem = (key: string) => problems.push({ row: candidate.row, field: 'email', key });
    if (toCustomerId === undefined) problem('server.batches.noSuchPayee');
    else if (toCustomerId === payer.customerId) problem('server.transfers.ownEmail');
    else if (blocked.has(candidate.toEmail)) problem('server.transfers.blacklisted');
    else checked.push({ ...candidate, toCustomerId });
  }
  problems.sort((a, b) => a.row - b.row);
  return { checked, problems };
}

/**
 * Checks every row of a rail method: its schema, an amount above zero, then what the rail's single payout
 * checks (checkRailRow: the payee by the rail's own rules, the single payment limit, the country's
 * maximum), priced by the rail's pricing. Answers the good rows and each problem of the others on its column.
 */
async function checkRailRows(
  trx: Trx,
  method: RailBatchMethod,
  rows: readonly ReadRow[],
  payer: { customerId: number; currency: string; scale: number },
): Promise<{ checked: CheckedRow[]; problems: RowProblem[] }> {
  const validate = validators[method];
  const problems: RowProblem[] = [];
  const checked: CheckedRow[] = [];
  for (const { row, values } of rows) {
    const amount = rowAmount(validate, row, values, payer.scale, problems);
    if (amount === undefined) continue;
    const result = await checkRailRow(trx, method, payer, values, amount);
    if (Array.isArray(result)) problems.push(...result.map((problem) => ({ row, ...problem })));
    else checked.push({ row, values, amount, fee: result.fee, toEmail: null, toCustomerId: null, payee: result.payee });
  }
  return { checked, problems };
}

/** Whether a method's file is kept as it came: not one of card numbers or security answers. */
const KEEPS_FILE: Record<BatchMethod, boolean> = { p2p: true, wire: true, eft: true, creditCard: false, cryptoEft: true, instant: true, interac: false };

/** What a rail row keeps: its payee as the payout will, and its reference and note; never the row's secrets. */
interface RailRowData extends RailPayee {
  reference?: string;
  note?: string;
}

const railRowData = (row: CheckedRow): RailRowData => ({
  ...row.payee!,
  ...(row.values.reference ? { reference: row.values.reference } : {}),
  ...(row.values.note ? { note: row.values.note } : {}),
});

/** A batch upload as its call asks for it. */
export interface BatchUpload {
  customerId: number;
  userId: number | null;
  method: BatchMethod;
  accountId: number;
  batchName: string;
  source: { file: string } | { text: string };
  /** Only check and summarise: nothing is kept. */
  onlySummary?: boolean;
  /** Keep the batch even though an identical one was uploaded before (the answer to code 92). */
  ignoreIdenticalBatch?: boolean;
}

/** What an upload answers: the summary, every row problem (up to {@link MAX_ROW_PROBLEMS}), and the kept batch's id. */
export interface BatchUploaded {
  summary: BatchSummary;
  problems: RowProblem[];
  /** Set when the batch was kept, waiting for its confirmation: only when every row is good and not `onlySummary`. */
  batchId?: bigint;
}

/**
 * Reads, checks and summarises a batch (document 001 section 7, mass transfers), and keeps it waiting for
 * its confirmation when every row is good. A method the customer's mass sending flags do not allow
 * (permissions.ts) is refused with TA1 on transferType, before the file is read. The same rows uploaded again for the same account are refused
 * with code 92, carrying the earlier batch's `batchId` and `date`, unless `ignoreIdenticalBatch`. Nothing
 * moves money here; the account's balance only says whether it would cover the batch.
 *
 * @example
 * const uploaded = await uploadBatch(trx, { customerId, userId, method: 'p2p', accountId: 12, batchName: 'November fees', source: { text } });
 */
export async function uploadBatch(trx: Trx, upload: BatchUpload): Promise<BatchUploaded> {
  const account = await payingAccount(trx, upload.customerId, upload.accountId, 'accountId', (type) =>
    isCardAccountType(type) ? 'server.transfers.cardAccount' : undefined,
  );
  const flags = await massSendingFlags(trx, upload.customerId);
  if (!flags[FLAG_OF_METHOD[upload.method]]) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'transferType', key: 'server.batches.typeNotAllowed' }] });
  }
  const only = isRailMethod(upload.method) ? RAIL_METHODS[upload.method].currency : undefined;
  if (only && account.currency_code !== only) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'accountId', key: 'server.batches.currencyOnly', values: { currency: only } }] });
  }
  const read = await readBatchRows(upload.source, batchColumns(upload.method));
  const payer = { customerId: upload.customerId, currency: account.currency_code, scale: account.scale };
  const { checked, problems } = await checkRows(trx, upload.method, read.rows, payer);
  const total = checked.reduce((sum, row) => sum + row.amount, 0n);
  const fees = checked.reduce((sum, row) => sum + row.fee, 0n);
  const balances = await trx.selectFrom('accounts').select(['balance', 'pending', 'balance_min']).where('id', '=', account.id).executeTakeFirstOrThrow();
  const summary: BatchSummary = {
    count: read.rows.length,
    validCount: checked.length,
    invalidCount: read.rows.length - checked.length,
    currencyCode: account.currency_code,
    total,
    fees,
    totalWithFees: total + fees,
    available: balances.balance - balances.pending - balances.balance_min,
    scale: account.scale,
  };
  const answer = { summary, problems: problems.slice(0, MAX_ROW_PROBLEMS) };
  if (upload.onlySummary || problems.length > 0) return answer;

  const fingerprint = batchFingerprint(upload.method, account.id, read.rows);
  if (!upload.ignoreIdenticalBatch) {
    const identical = await trx
      .selectFrom('transfer_batches')
      .select(['id', 'created_at'])
      .where('customer_id', '=', upload.customerId)
      .where('fingerprint', '=', fingerprint)
      .where('status', '<>', 'canceled')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (identical) {
      throw identicalBatch(identical);
    }
  }
  const batch = await trx
    .insertInto('transfer_batches')
    .values({
      customer_id: upload.customerId,
      created_by_user_id: upload.userId,
      name: upload.batchName.trim(),
      type: upload.method,
      status: 'awaitingConfirmation' satisfies BatchStatus,
      account_id: account.id,
      count: checked.length,
      total_amount: total,
      fee_amount: fees,
      currency_code: account.currency_code,
      file_name: read.file.name,
      file_type: read.file.type,
      // A file of card numbers or security answers is not kept: those live only in the vault or hashed.
      file_content: KEEPS_FILE[upload.method] ? read.file.content : null,
      fingerprint,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < checked.length; start += 1000) {
    await trx
      .insertInto('transfer_batch_rows')
      .values(
        checked.slice(start, start + 1000).map((row) => ({
          batch_id: batch.id,
          row_number: row.row,
          data: JSON.stringify(row.payee ? railRowData(row) : row.values),
          amount: row.amount,
          fee: row.fee,
          to_email: row.toEmail,
          to_customer_id: row.toCustomerId,
          status: 'valid' as const,
        })),
      )
      .execute();
  }
  return { ...answer, batchId: batch.id };
}

/** A batch as its owner may see it, locked for a change when `forUpdate`; another customer's or none → 13. */
async function ownBatch(db: Kysely<Database> | Trx, customerId: number, batchId: bigint, forUpdate = false) {
  const batch = await db
    .selectFrom('transfer_batches as b')
    .innerJoin('currencies as c', 'c.code', 'b.currency_code')
    .selectAll('b')
    .select('c.scale')
    .where('b.id', '=', batchId)
    .$if(forUpdate, (qb) => qb.forUpdate('b'))
    .executeTakeFirst();
  if (!batch || batch.customer_id !== customerId) throw new RpcRefusal('13');
  return batch;
}

const batchRefusal = (key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field: 'batchId', key, ...(values ? { values } : {}) }] });

/**
 * Checks again, at confirmation, what the upload checked of each payment against limits that may have
 * changed since: the single payment maximum of the method's kind, and the maximum of the payee's country
 * where its rail has one. The first row over either refuses the batch (TA1 on batchId, naming the row).
 */
async function recheckRowLimits(trx: Trx, batch: { id: bigint; method: BatchMethod; currency: string; scale: number }): Promise<void> {
  const show = (minor: bigint) => ({ amount: formatMinorUnits(minor, batch.scale), currency: batch.currency });
  const perPayment = transferLimits(BATCH_METHOD_KINDS[batch.method], batch.scale).perTransactionMax;
  const over = await trx
    .selectFrom('transfer_batch_rows')
    .select('row_number')
    .where('batch_id', '=', batch.id)
    .where('amount', '>', perPayment)
    .orderBy('row_number')
    .limit(1)
    .executeTakeFirst();
  if (over) throw batchRefusal('server.batches.rowOverLimit', { row: over.row_number, limit: show(perPayment) });
  if (!isRailMethod(batch.method)) return;
  const { rail } = RAIL_METHODS[batch.method];
  const country = sql<string>`data->'beneficiary'->>'countryCode'`;
  const rows = await trx
    .selectFrom('transfer_batch_rows')
    .select(['row_number', 'amount', country.as('country_code')])
    .where('batch_id', '=', batch.id)
    .where(country, 'is not', null)
    .orderBy('row_number')
    .execute();
  for (const row of rows) {
    const max = countryMaxAmount({ countryCode: row.country_code, currencyCode: batch.currency, operation: rail, scale: batch.scale });
    if (max !== null && row.amount > max) throw batchRefusal('server.batches.rowOverCountryMax', { row: row.row_number, max: show(max) });
  }
}

/**
 * Confirms a batch waiting for it: checks again each payment against the single payment and country
 * maximums ({@link recheckRowLimits}), then the whole total against the method's daily and monthly limits
 * under the payer's lock (the same lock every transfer's limit check takes), then funds the batch in ONE
 * ledger transaction (the account gives the total and the fees: the total waits in `escrow:batch`, the
 * fees go to the fee account) or not at all, and writes one transfer per row, all 'processing'. The
 * scheduler then pays the rows ({@link runBatches}). A batch over the balance holds nothing.
 * With `approvalRequest` (a business user who may only initiate) the batch is funded the same way but
 * waits 'awaitingApproval' for an approver's decision ({@link decideBatch}), as a single request's money
 * is held while it waits.
 *
 * @example
 * await confirmBatch(trx, { customerId, userId, batchId: 7n });
 */
export async function confirmBatch(
  trx: Trx,
  input: { customerId: number; userId: number | null; batchId: bigint; approvalRequest?: boolean },
): Promise<{ status: BatchStatus; fundingTransactionId: bigint }> {
  const batch = await ownBatch(trx, input.customerId, input.batchId, true);
  if (batch.status !== 'awaitingConfirmation') throw batchRefusal('server.batches.notAwaiting');
  const method = batch.type as BatchMethod;
  const kind = BATCH_METHOD_KINDS[method];
  const scale = batch.scale;
  const currency = batch.currency_code;
  const show = (minor: bigint) => ({ amount: formatMinorUnits(minor > 0n ? minor : 0n, scale), currency });

  // The batch counts as one amount against the method's daily and monthly limits, under the payer's lock.
  await recheckRowLimits(trx, { id: batch.id, method, currency, scale });
  await checkBatchLimits(trx, { customerId: input.customerId, kind, currency, scale, amount: batch.total_amount });

  const escrow = await systemAccountId(trx, 'escrow:batch', currency);
  const legs = [
    { accountId: batch.account_id, amount: -(batch.total_amount + batch.fee_amount), counterparty: batch.name },
    { accountId: escrow, amount: batch.total_amount },
  ];
  if (batch.fee_amount > 0n) legs.push({ accountId: await systemAccountId(trx, 'fees', currency), amount: batch.fee_amount });
  let funding;
  try {
    funding = await writeLedgerTransaction(trx, {
      operationType: 'Transfer',
      ...keyedDescription('server.batches.funding', { name: batch.name, payments: batch.count }),
      legs,
    });
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficientFunds') {
      throw batchRefusal('server.batches.insufficientFunds', { total: show(batch.total_amount + batch.fee_amount) });
    }
    throw error;
  }

  if (input.approvalRequest) {
    await trx
      .updateTable('transfer_batches')
      .set({ status: 'awaitingApproval' satisfies BatchStatus, funding_transaction_id: funding.transactionId })
      .where('id', '=', batch.id)
      .execute();
    return { status: 'awaitingApproval', fundingTransactionId: funding.transactionId };
  }
  await releaseBatch(trx, batch, { userId: input.userId, approvedBy: null });
  await trx
    .updateTable('transfer_batches')
    .set({ status: 'processing' satisfies BatchStatus, confirmed_at: new Date(), funding_transaction_id: funding.transactionId })
    .where('id', '=', batch.id)
    .execute();
  return { status: 'processing', fundingTransactionId: funding.transactionId };
}

/**
 * Lets a funded batch's rows be paid: a p2p batch's rows become transfers, all 'processing', paid by the
 * runner; a rail batch's rows wait 'pending' for the runner to make each a payout held from the batch's escrow.
 */
async function releaseBatch(
  trx: Trx,
  batch: { id: bigint; type: string; customer_id: number; account_id: number; currency_code: string },
  who: { userId: number | null; approvedBy: number | null },
): Promise<void> {
  const method = batch.type as BatchMethod;
  const kind = BATCH_METHOD_KINDS[method];
  const currency = batch.currency_code;
  const input = { customerId: batch.customer_id, userId: who.userId };
  // A rail batch's rows become payouts as the runner reaches them, each held from the batch's escrow.
  const rows = isRailMethod(method)
    ? []
    : await trx
        .selectFrom('transfer_batch_rows')
        .select(['id', 'amount', 'fee', 'to_email', 'to_customer_id', 'data'])
        .where('batch_id', '=', batch.id)
        .orderBy('row_number')
        .execute();
  if (isRailMethod(method)) await trx.updateTable('transfer_batch_rows').set({ status: 'pending' }).where('batch_id', '=', batch.id).execute();
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    const transfers = await trx
      .insertInto('transfers')
      .values(
        chunk.map((row) => ({
          customer_id: input.customerId,
          created_by_user_id: input.userId,
          kind,
          status: 'processing' as const,
          from_account_id: batch.account_id,
          to_account_id: null,
          to_customer_id: row.to_customer_id,
          to_email: row.to_email,
          amount: row.amount,
          currency_code: currency,
          to_amount: row.amount,
          to_currency_code: currency,
          fee: row.fee,
          note: typeof row.data.note === 'string' ? row.data.note : null,
          reference: null,
          ledger_transaction_id: null,
          invoice_id: null,
          subscription_id: null,
          decline_reason: null,
          approved_by_user_id: who.approvedBy,
          batch_id: batch.id,
        })),
      )
      .returning('id')
      .execute();
    await sql`
      update transfer_batch_rows r set transfer_id = v.transfer_id, status = 'pending'
      from (select unnest(${chunk.map((row) => String(row.id))}::bigint[]) as id, unnest(${transfers.map((t) => String(t.id))}::bigint[]) as transfer_id) v
      where r.id = v.id`.execute(trx);
  }
}

/**
 * An approver's decision on a batch approval request (mass approve, document 001 'mass approve (batchId,
 * declined)'): approved, its rows are let go as a confirmed batch's ('processing'); declined, its funding
 * comes back whole (total from the escrow, fees from the fee account) in one refund and it ends
 * 'declined'. Either way the batch keeps who decided and when (the queue's Decided tab). Another customer's
 * batch → 13; one not waiting for approval → TA1 on batchId.
 *
 * @example
 * await decideBatch(trx, { customerId, userId: approverId, batchId: 7n, declined: false }); // 'processing'
 */
export async function decideBatch(
  trx: Trx,
  input: { customerId: number; userId: number; batchId: bigint; declined: boolean; reason?: string },
): Promise<{ status: BatchStatus; createdBy: number | null }> {
  const batch = await ownBatch(trx, input.customerId, input.batchId, true);
  if (batch.status !== 'awaitingApproval' || batch.funding_transaction_id === null) throw batchRefusal('server.batches.notAwaitingApproval');
  if (!input.declined) {
    await releaseBatch(trx, batch, { userId: batch.created_by_user_id, approvedBy: input.userId });
    await trx
      .updateTable('transfer_batches')
      .set({ status: 'processing' satisfies BatchStatus, confirmed_at: new Date(), decided_by_user_id: input.userId, decided_at: new Date() })
      .where('id', '=', batch.id)
      .execute();
    return { status: 'processing', createdBy: batch.created_by_user_id };
  }
  const currency = batch.currency_code;
  const legs = [
    { accountId: await systemAccountId(trx, 'escrow:batch', currency), amount: -batch.total_amount },
    { accountId: batch.account_id, amount: batch.total_amount + batch.fee_amount, counterparty: batch.name },
  ];
  if (batch.fee_amount > 0n) legs.push({ accountId: await systemAccountId(trx, 'fees', currency), amount: -batch.fee_amount });
  const refund = await writeLedgerTransaction(trx, {
    operationType: 'Transfer',
    ...keyedDescription('server.batches.declinedRefund', { name: batch.name }),
    legs,
  });
  await trx
    .updateTable('transfer_batches')
    .set({
      status: 'declined' satisfies BatchStatus,
      finished_at: new Date(),
      refund_transaction_id: refund.transactionId,
      decided_by_user_id: input.userId,
      decided_at: new Date(),
      decline_reason: input.reason?.trim() || null,
    })
    .where('id', '=', batch.id)
    .execute();
  return { status: 'declined', createdBy: batch.created_by_user_id };
}

/**
 * A batch of the customer's that waits for an approver's decision (a mass batch funded by a business user
 * who may only initiate), with what an approver's code is bound to; undefined for any other batch.
 */
export async function batchAwaitingApproval(db: Kysely<Database> | Trx, customerId: number, batchId: bigint) {
  const batch = await db
    .selectFrom('transfer_batches as b')
    .innerJoin('currencies as c', 'c.code', 'b.currency_code')
    .select(['b.id', 'b.name', 'b.count', 'b.total_amount', 'b.fee_amount', 'b.currency_code', 'b.account_id', 'c.scale', 'b.customer_id'])
    .where('b.id', '=', batchId)
    .where('b.status', '=', 'awaitingApproval')
    .where('b.funding_transaction_id', 'is not', null)
    .executeTakeFirst();
  return batch && batch.customer_id === customerId ? batch : undefined;
}

/** How many rows one scheduler pass pays in one database transaction. */
export const BATCH_CHUNK = 200;

/**
 * Pays the next chunk of every running batch, oldest first, each chunk in its own database transaction
 * (a batch another process is paying is skipped, not waited for). Each row is paid from `escrow:batch`
 * into its payee's receiving account in its own ledger transaction (its transfer's page and receipt, its
 * payee's history line), the transfers and rows completed together; a payee the payer has blacklisted
 * since the upload fails the row. A batch with no row left to pay ends: the failed rows' money and fees
 * go back to the account in one refund, and the batch is completed, partially completed or failed.
 * A rail batch's rows are made payouts instead (runRailChunk), handed to `effects.rails` (without it, rail
 * batches wait). A batch that ends partially completed is told to whoever uploaded it by e-mail
 * (`effects.messages`, purpose 'batchPartially'), with the link to the batch's page. Answers the rows paid,
 * failed or sent.
 *
 * @example
 * await runBatches(db, BATCH_CHUNK, adapters); // from the scheduler, every few seconds
 */
export async function runBatches(
  db: Kysely<Database>,
  chunk = BATCH_CHUNK,
  effects: { rails?: RailAdapters; messages?: Pick<MessageSender, 'sendEmail'> } = {},
): Promise<number> {
  const { rails } = effects;
  const running = await db
    .selectFrom('transfer_batches')
    .select(['id', 'type'])
    .where('status', '=', 'processing')
    .$if(!rails, (qb) => qb.where('type', '=', 'p2p'))
    .orderBy('confirmed_at')
    .limit(10)
    .execute();
  let done = 0;
  for (const { id, type } of running) {
    if (isRailMethod(type as BatchMethod)) {
      const ran = await db.transaction().execute((trx) => runRailChunk(trx, id, chunk));
      done += ran.done;
      // Handed to the rail once committed; a hand-over lost here is sent again by resendPendingPayouts.
      for (const { rail, instruction } of ran.handOver) await rails![rail].sendPayout(instruction).catch(() => undefined);
    } else done += await db.transaction().execute((trx) => runBatchChunk(trx, id, chunk));
    if (effects.messages) await tellPartiallyCompleted(db, id, effects.messages);
  }
  return done;
}

/**
 * Tells whoever uploaded a batch that has just ended partially completed (the batchPartially notification,
 * issue 16), by e-mail with the link that opens the batch's page (its payments, the failed ones' reasons).
 */
async function tellPartiallyCompleted(db: Kysely<Database>, batchId: bigint, messages: Pick<MessageSender, 'sendEmail'>): Promise<void> {
  const batch = await db
    .selectFrom('transfer_batches as b')
    .leftJoin('users as u', 'u.id', 'b.created_by_user_id')
    .select(['b.id', 'b.customer_id', 'b.name', 'b.status', 'b.count', 'b.failed_count', 'u.email'])
    .where('b.id', '=', batchId)
    .executeTakeFirst();
  if (!batch || batch.status !== 'partiallyCompleted') return;
  const values = { name: batch.name, failed: batch.failed_count, count: batch.count, link: `/history/batch-transfers/${batch.id}` };
  await notifyCustomer(db, batch.customer_id, {
    type: 'batchPartially',
    title: { key: 'server.notifications.batchPartially.title', values: { name: batch.name } },
    body: { key: 'server.notifications.batchPartially.body', values: { failed: batch.failed_count, count: batch.count } },
    data: { batchId: String(batch.id) },
  });
  if (!batch.email) return;
  const t = messageTexts();
  await messages.sendEmail({
    to: batch.email,
    subject: t('messages.batchPartially.subject', values),
    text: t('messages.batchPartially.text', values),
    purpose: 'batchPartially',
  });
}

/** The next batch to run, locked, or none when another process is running it or it is no longer running. */
const lockRunningBatch = (trx: Trx, batchId: bigint) =>
  trx
    .selectFrom('transfer_batches as b')
    .innerJoin('currencies as c', 'c.code', 'b.currency_code')
    .selectAll('b')
    .select('c.scale')
    .where('b.id', '=', batchId)
    .where('b.status', '=', 'processing')
    .forUpdate('b')
    .skipLocked()
    .executeTakeFirst();

/**
 * Makes the next chunk of a rail batch's rows payouts, as createPayout makes one (holdPayout, recordPayout:
 * the same transfer, payout record, timeline and states, so each shows in the history and settles or comes
 * back from its rail), each held from the batch's escrow (its fee was taken when the batch was funded),
 * 'processing' and handed to the rail after the commit. The rows wait 'sent' for their rail's report
 * (applyRailReport settles them: batchPayoutSettled, server/rails/batch-payouts.ts). A batch with no row left to send or waiting ends.
 */
async function runRailChunk(
  trx: Trx,
  batchId: bigint,
  chunk: number,
): Promise<{ done: number; handOver: Array<{ rail: RailName; instruction: PayoutInstruction }> }> {
  const batch = await lockRunningBatch(trx, batchId);
  if (!batch) return { done: 0, handOver: [] };
  const rows = await trx
    .selectFrom('transfer_batch_rows')
    .select(['id', 'amount', 'fee', 'data'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'pending')
    .orderBy('row_number')
    .limit(chunk)
    .execute();
  if (rows.length === 0) {
    const waiting = await trx
      .selectFrom('transfer_batch_rows')
      .select('id')
      .where('batch_id', '=', batchId)
      .where('status', '=', 'sent')
      .limit(1)
      .executeTakeFirst();
    if (!waiting) await finishBatch(trx, batch);
    return { done: 0, handOver: [] };
  }
  const { rail } = RAIL_METHODS[batch.type as RailBatchMethod];
  const currency = batch.currency_code;
  const escrow = await systemAccountId(trx, 'escrow:batch', currency);
  const handOver: Array<{ rail: RailName; instruction: PayoutInstruction }> = [];
  const made: Array<{ rowId: bigint; transferId: bigint }> = [];
  for (const row of rows) {
    const data = row.data as unknown as RailRowData;
    const held = await holdPayout(trx, {
      rail,
      fromAccountId: escrow,
      amount: row.amount,
      fee: 0n,
      currency,
      beneficiaryName: data.beneficiary.name,
      ...(data.descriptionValues ? { descriptionValues: data.descriptionValues } : {}),
    });
    const { transferId, endToEndId } = await recordPayout(trx, {
      customerId: batch.customer_id,
      userId: batch.created_by_user_id,
      rail,
      status: 'processing',
      fromAccountId: batch.account_id,
      amount: row.amount,
      fee: row.fee,
      currency,
      ledgerTransactionId: held.transactionId,
      beneficiary: data.beneficiary,
      note: data.note ?? null,
      reference: data.reference ?? null,
      batchId,
    });
    made.push({ rowId: row.id, transferId });
    handOver.push({
      rail,
      instruction: payoutInstruction({ ...data.beneficiary }, endToEndId, formatMinorUnits(row.amount, batch.scale), currency, data.reference ?? null),
    });
  }
  await sql`
    update transfer_batch_rows r set transfer_id = v.transfer_id, status = 'sent'
    from (select unnest(${made.map((m) => String(m.rowId))}::bigint[]) as id, unnest(${made.map((m) => String(m.transferId))}::bigint[]) as transfer_id) v
    where r.id = v.id`.execute(trx);
  return { done: rows.length, handOver };
}

async function runBatchChunk(trx: Trx, batchId: bigint, chunk: number): Promise<number> {
  const batch = await lockRunningBatch(trx, batchId);
  if (!batch) return 0;
  const rows = await trx
    .selectFrom('transfer_batch_rows as r')
    .select(['r.id', 'r.amount', 'r.to_customer_id', 'r.to_email', 'r.transfer_id'])
    .where('r.batch_id', '=', batchId)
    .where('r.status', '=', 'pending')
    .orderBy('r.row_number')
    .limit(chunk)
    .execute();
  if (rows.length === 0) {
    await finishBatch(trx, batch);
    return 0;
  }
  const currency = batch.currency_code;
  const escrow = await systemAccountId(trx, 'escrow:batch', currency);
  const payerName = await customerName(trx, batch.customer_id);
  // The payer may have blacklisted a payee since the upload: that row fails and its money goes back.
  const blocked = await blacklisted(trx, batch.customer_id, [...new Set(rows.map((row) => row.to_email!))]);
  const failed = rows.filter((row) => blocked.has(row.to_email!));
  const paying = rows.filter((row) => !blocked.has(row.to_email!));
  const now = new Date();
  if (failed.length > 0) {
    await trx
      .updateTable('transfer_batch_rows')
      .set({ status: 'failed', failure_key: 'server.batches.blacklisted' })
      .where(
        'id',
        'in',
        failed.map((row) => row.id),
      )
      .execute();
    await trx
      .updateTable('transfers')
      .set({ status: 'failed', decline_reason: 'blacklisted', updated_at: now })
      .where(
        'id',
        'in',
        failed.map((row) => row.transfer_id!),
      )
      .execute();
  }

  // Where each payee receives the currency, read at once; one is opened for a payee who has none.
  const receiving = await receivingAccounts(trx, [...new Set(paying.map((row) => row.to_customer_id!))], currency);

  // One ledger transaction per payment: its transfer's page, receipt and its payee's history line.
  const paid: Array<{ transferId: bigint; accountId: number; transactionId: bigint }> = [];
  for (const row of paying) {
    const accountId = receiving.get(row.to_customer_id!)!;
    const posted = await writeLedgerTransaction(trx, {
      operationType: 'Transfer',
      ...keyedDescription('server.batches.payment', { name: batch.name }),
      legs: [
        { accountId: escrow, amount: -row.amount },
        { accountId, amount: row.amount, counterparty: payerName },
      ],
    });
    paid.push({ transferId: row.transfer_id!, accountId, transactionId: posted.transactionId });
  }
  if (paid.length > 0) {
    await trx
      .updateTable('transfer_batch_rows')
      .set({ status: 'completed' })
      .where(
        'id',
        'in',
        paying.map((row) => row.id),
      )
      .execute();
    await sql`
      update transfers t set status = 'completed', to_account_id = v.account_id, ledger_transaction_id = v.transaction_id, updated_at = ${now}
      from (
        select unnest(${paid.map((p) => String(p.transferId))}::bigint[]) as id,
               unnest(${paid.map((p) => p.accountId)}::integer[]) as account_id,
               unnest(${paid.map((p) => String(p.transactionId))}::bigint[]) as transaction_id
      ) v
      where t.id = v.id`.execute(trx);
  }
  await trx
    .updateTable('transfer_batches')
    .set((eb) => ({ processed: eb('processed', '+', rows.length), failed_count: eb('failed_count', '+', failed.length) }))
    .where('id', '=', batchId)
    .execute();
  return rows.length;
}

/** Ends a batch whose rows are all paid or failed: the failed rows' money and fees back in one refund. */
async function finishBatch(trx: Trx, batch: { id: bigint; customer_id: number; account_id: number; currency_code: string; name: string; count: number }) {
  const failed = await trx
    .selectFrom('transfer_batch_rows')
    .select([
      sql<string>`coalesce(sum(amount), 0)::text`.as('amount'),
      sql<string>`coalesce(sum(fee), 0)::text`.as('fee'),
      sql<string>`count(*)::text`.as('count'),
    ])
    .where('batch_id', '=', batch.id)
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();
  // A rail payout returned after it settled is a failed payment too; the rail's refund already gave its amount back.
  const returned = await trx
    .selectFrom('transfer_batch_rows')
    .select(sql<string>`count(*)::text`.as('count'))
    .where('batch_id', '=', batch.id)
    .where('status', '=', 'returned')
    .executeTakeFirstOrThrow();
  const failedCount = Number(failed.count) + Number(returned.count);
  const amount = BigInt(failed.amount);
  const fee = BigInt(failed.fee);
  let refundId: bigint | null = null;
  if (amount > 0n) {
    const legs = [
      { accountId: await systemAccountId(trx, 'escrow:batch', batch.currency_code), amount: -amount },
      { accountId: batch.account_id, amount: amount + fee, counterparty: batch.name },
    ];
    if (fee > 0n) legs.push({ accountId: await systemAccountId(trx, 'fees', batch.currency_code), amount: -fee });
    const refund = await writeLedgerTransaction(trx, {
      operationType: 'Transfer',
      ...keyedDescription('server.batches.refund', { name: batch.name, payments: Number(failed.count) }),
      legs,
    });
    refundId = refund.transactionId;
  }
  const status: BatchStatus = failedCount === 0 ? 'completed' : failedCount === batch.count ? 'failed' : 'partiallyCompleted';
  await trx.updateTable('transfer_batches').set({ status, finished_at: new Date(), refund_transaction_id: refundId }).where('id', '=', batch.id).execute();
}

/** Where a batch stands, for its page and its progress bar. */
export interface BatchState {
  batchId: number;
  name: string;
  method: BatchMethod;
  status: BatchStatus;
  accountId: number;
  count: number;
  processed: number;
  failed: number;
  total: string;
  fees: string;
  currencyCode: string;
  fileName: string | null;
  createdDate: string;
  confirmedDate?: string;
  finishedDate?: string;
}

/**
 * Where one of the customer's batches stands; another customer's or none → 13.
 *
 * @example
 * const state = await batchState(db, customerId, 7n); // { status: 'processing', processed: 400, count: 1000, ... }
 */
export async function batchState(db: Kysely<Database>, customerId: number, batchId: bigint): Promise<BatchState> {
  const batch = await ownBatch(db, customerId, batchId);
  return {
    batchId: Number(batch.id),
    name: batch.name,
    method: batch.type as BatchMethod,
    status: batch.status as BatchStatus,
    accountId: batch.account_id,
    count: batch.count,
    processed: batch.processed,
    failed: batch.failed_count,
    total: formatMinorUnits(batch.total_amount, batch.scale),
    fees: formatMinorUnits(batch.fee_amount, batch.scale),
    currencyCode: batch.currency_code,
    fileName: batch.file_name,
    createdDate: batch.created_at.toISOString(),
    ...(batch.confirmed_at ? { confirmedDate: batch.confirmed_at.toISOString() } : {}),
    ...(batch.finished_at ? { finishedDate: batch.finished_at.toISOString() } : {}),
  };
}

/**
 * Cancels a batch still waiting for its confirmation (nothing was held); any other → TA1 on batchId.
 *
 * @example
 * await cancelBatch(trx, customerId, 7n);
 */
export async function cancelBatch(trx: Trx, customerId: number, batchId: bigint): Promise<void> {
  const batch = await ownBatch(trx, customerId, batchId, true);
  if (batch.status !== 'awaitingConfirmation') throw batchRefusal('server.batches.notAwaiting');
  await trx
    .updateTable('transfer_batches')
    .set({ status: 'canceled' satisfies BatchStatus, finished_at: new Date() })
    .where('id', '=', batch.id)
    .execute();
}

/** One payment of a batch as its page lists it; `failure` is the locale key of why it failed. */
export interface BatchPaymentRow {
  row: number;
  /** Whom the row pays: the payee's e-mail (p2p) or the rail's beneficiary name. */
  email: string;
  amount: string;
  fee: string;
  note?: string;
  status: BatchRowStatus;
  failureKey?: string;
  /** A rail row's payout: its operation, whose page shows its timeline. */
  operationId?: number;
}

/**
 * A page of one of the customer's batch's payments, in the file's row order, optionally of one status;
 * another customer's batch → 13.
 *
 * @example
 * const { payments, total } = await batchPayments(db, customerId, 7n, { pageNumber: 1, pageSize: 20 });
 */
export async function batchPayments(
  db: Kysely<Database>,
  customerId: number,
  batchId: bigint,
  page: { pageNumber: number; pageSize: number; status?: 'pending' | 'completed' | 'failed' },
): Promise<{ payments: BatchPaymentRow[]; total: number }> {
  const batch = await ownBatch(db, customerId, batchId);
  const matching = db
    .selectFrom('transfer_batch_rows')
    .where('batch_id', '=', batch.id)
    .$if(page.status !== undefined, (qb) => qb.where('status', '=', page.status!));
  const [{ count }, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    matching
      .select(['row_number', 'to_email', 'amount', 'fee', 'data', 'status', 'failure_key', 'transfer_id'])
      .orderBy('row_number')
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count),
    payments: rows.map((row) => ({
      row: row.row_number,
      email: row.to_email ?? (row.data as unknown as Partial<RailRowData>).beneficiary?.name ?? '',
      amount: formatMinorUnits(row.amount, batch.scale),
      fee: formatMinorUnits(row.fee, batch.scale),
      ...(typeof row.data.note === 'string' ? { note: row.data.note } : {}),
      status: row.status,
      ...(row.failure_key ? { failureKey: row.failure_key } : {}),
      ...(isRailMethod(batch.type as BatchMethod) && row.transfer_id !== null ? { operationId: Number(row.transfer_id) } : {}),
    })),
  };
}

/**
 * The file one of the customer's batches came in, as it came; another customer's batch → 13.
 *
 * @example
 * const { fileName, mediaType, content } = await batchFile(db, customerId, 7n);
 */
export async function batchFile(db: Kysely<Database>, customerId: number, batchId: bigint): Promise<{ fileName: string; mediaType: string; content: Buffer }> {
  const batch = await ownBatch(db, customerId, batchId);
  if (!batch.file_content) throw new RpcRefusal('13');
  // PGlite reads bytea as a Uint8Array, PostgreSQL as a Buffer.
  return { fileName: batch.file_name ?? 'batch.csv', mediaType: batch.file_type ?? 'text/csv', content: Buffer.from(batch.file_content) };
}

/** Two example payments per method, in the row schema's columns (a note as its locale key): what a sample file shows. */
const SAMPLE_ROWS: Record<BatchMethod, Record<string, string>[]> = {
  p2p: [
    { email: 'ann.lee@example.com', amount: '125.00', note: 'server.batches.sampleNoteFees' },
    { email: 'ben.ortiz@example.com', amount: '80.50', note: 'server.batches.sampleNoteShare' },
  ],
  wire: [
    { beneficiaryName: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX', amount: '250.00', note: 'server.batches.sampleNoteFees' },
    {
      beneficiaryName: 'Ben Ortiz',
      countryCode: 'US',
      routingNumber: '021000021',
      accountNumber: '123456789',
      amount: '180.50',
      note: 'server.batches.sampleNoteShare',
    },
  ],
  eft: [
    { beneficiaryName: 'Lee Tremblay', countryCode: 'CA', accountNumber: '1234567', bankCode: '003', amount: '120.00', note: 'server.batches.sampleNoteFees' },
    { beneficiaryName: 'Mia Roy', countryCode: 'CA', accountNumber: '7654321', bankCode: '003', amount: '75.25', note: 'server.batches.sampleNoteShare' },
  ],
  creditCard: [
    { cardNumber: '4111 1111 1111 1111', cardholderName: 'Ada Lovelace', amount: '60.00', note: 'server.batches.sampleNoteFees' },
    { cardNumber: '5555 5555 5555 4444', cardholderName: 'Ben Ortiz', amount: '45.50', note: 'server.batches.sampleNoteShare' },
  ],
  cryptoEft: [
    { network: 'ethereum', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', amount: '90.00', note: 'server.batches.sampleNoteFees' },
    { network: 'bitcoin', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '150.00', note: 'server.batches.sampleNoteShare' },
  ],
  instant: [
    { keyType: 'phone', key: '+55 11 98765-4321', taxId: '123.456.789-09', amount: '40.00', note: 'server.batches.sampleNoteFees' },
    { keyType: 'random', key: '3F2B8C1E-7A4D-4E9B-9C2A-1D5E6F708192', taxId: '111.444.777-35', amount: '25.00', note: 'server.batches.sampleNoteShare' },
  ],
  interac: [
    {
      recipient: 'ana@example.ca',
      recipientName: 'Ana Tremblay',
      securityQuestion: 'server.batches.sampleQuestion',
      securityAnswer: 'Maple',
      amount: '55.00',
      note: 'server.batches.sampleNoteFees',
    },
    {
      recipient: '416-555-0123',
      recipientName: 'Luc Gagnon',
      securityQuestion: 'server.batches.sampleQuestion',
      securityAnswer: 'Maple',
      amount: '35.00',
      note: 'server.batches.sampleNoteShare',
    },
  ],
};

/**
 * A sample CSV for a method: a header naming the row schema's columns by title, then the example payments,
 * their notes worded by `t` (the reader's language).
 *
 * @example
 * sampleFile('p2p', localeTexts('en')); // { fileName: 'mass-p2p-sample.csv', content: 'E-mail,Amount,Note\r\nann.lee@example.com,125.00,November fees...' }
 */
export function sampleFile(method: BatchMethod, t: (key: string) => string): { fileName: string; content: string } {
  const columns = batchColumns(method);
  const cell = (value: string | undefined) => (value?.startsWith('server.') ? t(value) : (value ?? ''));
  const content = Papa.unparse({
    fields: columns.map((column) => column.title ?? column.name),
    data: SAMPLE_ROWS[method].map((row) => columns.map((column) => cell(row[column.name]))),
  });
  return { fileName: `mass-${method}-sample.csv`, content: `${content}\r\n` };
}
