import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { payingAccount } from '../accounts/paying-account.ts';
import { codeMatches, hashCode, maskEmail, maskPhone, numericCode, MAX_CODE_ATTEMPTS, ONE_TIME_CODE_SECONDS } from '../auth/codes.ts';
import { batchFingerprint, identicalBatch } from '../batches/identical.ts';
import { readBatchRows } from '../batches/read-rows.ts';
import { massSendingFlags } from '../batches/permissions.ts';
import type { Database, GlobalPayBatchesTable, GlobalPayPaymentsTable } from '../db/schema.ts';
import type { TextValues } from '../i18n/texts.ts';
import { isCardAccountType } from '../ledger/account-status.ts';
import { keyedDescription } from '../ledger/descriptions.ts';
import { LedgerError } from '../ledger/errors.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { writeLedgerTransaction } from '../ledger/post-transaction.ts';
import { systemAccountId } from '../ledger/system-accounts.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { RefusalToRecord, RpcRefusal } from '../rpc/response-codes.ts';
import type { RailName } from '../rails/rail-adapter.ts';
import { checkBatchLimits, GLOBAL_PAY_KIND } from '../transfers/limits.ts';
import { customerName } from '../transfers/parties.ts';
import { checkPayment, GLOBAL_PAY_COLUMNS, type CheckedPayment, type PaymentFields, type PaymentProblem } from './payments.ts';
import { countryMethods, EXPIRE_DAYS } from './rules.ts';

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;
export type BatchStatus = GlobalPayBatchesTable['status'];
export type PaymentStatus = GlobalPayPaymentsTable['status'];

/** The most row problems an upload answers. */
const MAX_PROBLEMS = 500;

/** A payment as the sender's screens show it. */
export interface PaymentView {
  id: number;
  amount: string;
  description: string;
  beneficiaryType: 'individual' | 'business';
  beneficiaryName: string;
  beneficiaryEmail: string;
  beneficiaryCountryCode: string;
  feeShare: 'sender' | 'beneficiary';
  paymentMethods: Array<{ name: RailName; forbidden: boolean }>;
  status: PaymentStatus;
  paymentMethod?: RailName;
  row?: number;
}

/** A batch as the sender's screens show it. */
export interface BatchView {
  batchId: number;
  name: string;
  status: BatchStatus;
  accountId: number;
  currencyCode: string;
  count: number;
  total: string;
  fees: string;
  fileName: string | null;
  createdDate: string;
  submittedDate?: string;
  operationId?: number;
  approvalRequested?: boolean;
  payments: PaymentView[];
}

/** A code sent to confirm an operation, as the answer says it. */
export interface ApprovalAsked {
  operationId: number;
  approveType: 'sms' | 'approvalCode';
  approvalSentTo: string;
  availableApprovalMethods: Array<'sms' | 'approvalCode'>;
}

const fieldRefusal = (field: string, key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key, ...(values ? { values } : {}) }] });

/** The refusal of a batch's payments: each problem on 'payments.<id>.<field>' (or the path the caller gives). */
const paymentsRefusal = (problems: Array<PaymentProblem & { path: string }>) =>
  new RpcRefusal('TA1', {
    validationErrors: problems.map((problem) => ({
      field: problem.path ? `${problem.path}.${problem.field}` : problem.field,
      key: problem.key,
      ...(problem.values ? { values: problem.values } : {}),
    })),
  });

/** One of the customer's batches, locked for a change when `forUpdate`; another customer's or none → 13. */
async function ownBatch(db: Db, customerId: number, batchId: bigint, forUpdate = false) {
  const batch = await db
    .selectFrom('global_pay_batches as b')
    .innerJoin('currencies as c', 'c.code', 'b.currency_code')
    .selectAll('b')
    .select('c.scale')
    .where('b.id', '=', batchId)
    .$if(forUpdate, (qb) => qb.forUpdate('b'))
    .executeTakeFirst();
  if (!batch || batch.customer_id !== customerId) throw new RpcRefusal('13');
  return batch;
}

const paymentRow = (batchId: bigint, payment: CheckedPayment, status: PaymentStatus, row: number | null) => ({
  batch_id: batchId,
  row_number: row,
  amount: payment.amount,
  description: payment.description,
  beneficiary_type: payment.beneficiaryType,
  beneficiary_name: payment.beneficiaryName,
  beneficiary_email: payment.beneficiaryEmail,
  beneficiary_country_code: payment.beneficiaryCountryCode,
  fee_share: payment.feeShare,
  forbidden_methods: payment.forbidden,
  status,
  reserved_fee: payment.reservedFee,
});

/**
 * Reads and checks a global pay file (CSV or XLSX, GLOBAL_PAY_COLUMNS) for one of the customer's accounts,
 * and keeps it as a draft batch when every row is good; otherwise nothing is kept and each row's problems
 * come back on their column. The same rows uploaded again for the same account answer 92 (the earlier
 * batch's batchId and date) unless `ignoreIdenticalBatch`.
 *
 * @example
 * const uploaded = await uploadGlobalPayBatch(trx, { customerId, userId, accountId: 12, batchName: 'Models, November', file });
 */
export async function uploadGlobalPayBatch(
  trx: Trx,
  upload: { customerId: number; userId: number | null; accountId: number; batchName: string; file: string; ignoreIdenticalBatch?: boolean },
): Promise<{ batchId?: bigint; problems: Array<PaymentProblem & { row: number }> }> {
  const account = await payingAccount(trx, upload.customerId, upload.accountId, 'accountId', (type) =>
    isCardAccountType(type) ? 'server.transfers.cardAccount' : undefined,
  );
  // Global pay is one of the mass sending permission flags (document 001 section 3), as each batch method is.
  if (!(await massSendingFlags(trx, upload.customerId)).massSendingGlobal) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'accountId', key: 'server.batches.typeNotAllowed' }] });
  }
  const read = await readBatchRows({ file: upload.file }, GLOBAL_PAY_COLUMNS);
  const problems: Array<PaymentProblem & { row: number }> = [];
  const checked: Array<{ row: number; payment: CheckedPayment }> = [];
  for (const { row, values } of read.rows) {
    const { forbiddenMethods, ...fields } = values;
    const result = checkPayment({ ...fields, forbidden: (forbiddenMethods ?? '').split('|') }, account.scale);
    if (result.payment) checked.push({ row, payment: result.payment });
    else problems.push(...result.problems.map((problem) => ({ row, ...problem })));
  }
  if (problems.length > 0) return { problems: problems.slice(0, MAX_PROBLEMS) };

  const fingerprint = batchFingerprint('globalPay', account.id, read.rows);
  if (!upload.ignoreIdenticalBatch) {
    const identical = await trx
      .selectFrom('global_pay_batches')
      .select(['id', 'created_at'])
      .where('customer_id', '=', upload.customerId)
      .where('fingerprint', '=', fingerprint)
      .where('status', '<>', 'rejected')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (identical) {
      throw identicalBatch(identical);
    }
  }
  const batch = await trx
    .insertInto('global_pay_batches')
    .values({
      customer_id: upload.customerId,
      created_by_user_id: upload.userId,
      name: upload.batchName.trim(),
      status: 'draft',
      account_id: account.id,
      currency_code: account.currency_code,
      file_name: read.file.name,
      file_type: read.file.type,
      file_content: read.file.content,
      fingerprint,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < checked.length; start += 1000) {
    await trx
      .insertInto('global_pay_payments')
      .values(checked.slice(start, start + 1000).map(({ row, payment }) => paymentRow(batch.id, payment, 'draft', row)))
      .execute();
  }
  return { batchId: batch.id, problems: [] };
}

const paymentView = (payment: Awaited<ReturnType<typeof paymentsOf>>[number], scale: number): PaymentView => ({
  id: Number(payment.id),
  amount: formatMinorUnits(payment.amount, scale),
  description: payment.description,
  beneficiaryType: payment.beneficiary_type,
  beneficiaryName: payment.beneficiary_name,
  beneficiaryEmail: payment.beneficiary_email,
  beneficiaryCountryCode: payment.beneficiary_country_code,
  feeShare: payment.fee_share,
  paymentMethods: countryMethods(payment.beneficiary_country_code).map((method) => ({
    name: method.name,
    forbidden: payment.forbidden_methods.includes(method.name),
  })),
  status: payment.status,
  ...(payment.chosen_method ? { paymentMethod: payment.chosen_method as RailName } : {}),
  ...(payment.row_number !== null ? { row: payment.row_number } : {}),
});

const paymentsOf = (db: Db, batchId: bigint) => db.selectFrom('global_pay_payments').selectAll().where('batch_id', '=', batchId).orderBy('id').execute();

/**
 * One of the customer's batches with its payments (removed ones too, to restore); another's → 13.
 *
 * @example
 * const batch = await globalPayBatch(db, customerId, 7n); // { status: 'draft', payments: [...] }
 */
export async function globalPayBatch(db: Db, customerId: number, batchId: bigint): Promise<BatchView> {
  const batch = await ownBatch(db, customerId, batchId);
  return batchViewOf(db, batch);
}

async function batchViewOf(db: Db, batch: Awaited<ReturnType<typeof ownBatch>>): Promise<BatchView> {
  const payments = await paymentsOf(db, batch.id);
  const live = payments.filter((payment) => payment.status !== 'removed');
  const total = live.reduce((sum, payment) => sum + payment.amount, 0n);
  const fees = live.reduce((sum, payment) => sum + payment.reserved_fee, 0n);
  return {
    batchId: Number(batch.id),
    name: batch.name,
    status: batch.status,
    accountId: batch.account_id,
    currencyCode: batch.currency_code,
    count: live.length,
    total: formatMinorUnits(total, batch.scale),
    fees: formatMinorUnits(fees, batch.scale),
    fileName: batch.file_name,
    createdDate: batch.created_at.toISOString(),
    ...(batch.submitted_at ? { submittedDate: batch.submitted_at.toISOString() } : {}),
    ...(batch.status === 'awaitingApproval' && !batch.approval_requested ? { operationId: Number(batch.id) } : {}),
    ...(batch.approval_requested ? { approvalRequested: true } : {}),
    payments: payments.map((payment) => paymentView(payment, batch.scale)),
  };
}

/** What the account can spend now, minor units. */
export async function availableOf(db: Db, accountId: number): Promise<bigint> {
  const balances = await db.selectFrom('accounts').select(['balance', 'pending', 'balance_min']).where('id', '=', accountId).executeTakeFirstOrThrow();
  return balances.balance - balances.pending - balances.balance_min;
}

/** An update of one payment: its id and the fields that change. */
export interface PaymentUpdate extends Omit<PaymentFields, 'forbidden'> {
  id: number;
  paymentMethods?: Array<{ name: string; forbidden: boolean }>;
}

/** A payment to add, whole. */
export type PaymentAdd = Omit<PaymentUpdate, 'id'>;

const forbiddenOf = (methods: Array<{ name: string; forbidden: boolean }> | undefined) =>
  methods?.filter((method) => method.forbidden).map((method) => method.name);

/**
 * Edits a draft batch's payments in one go: adds, updates (only the fields given change), deletes
 * (removed, restorable) and restores. Each payment is checked whole; any problem refuses everything
 * (TA1, 'payments.<id>.<field>' or 'adds.<index>.<field>'), else every edit is kept.
 *
 * @example
 * await updateGlobalPayPayments(trx, customerId, 7n, { updates: [{ id: 31, amount: '12.00' }], deletes: [32] });
 */
export async function updateGlobalPayPayments(
  trx: Trx,
  customerId: number,
  batchId: bigint,
  edits: { adds?: PaymentAdd[]; updates?: PaymentUpdate[]; deletes?: number[]; restores?: number[] },
): Promise<void> {
  const batch = await ownBatch(trx, customerId, batchId, true);
  if (batch.status !== 'draft') throw fieldRefusal('batchId', 'server.globalPay.notDraft');
  const payments = new Map((await paymentsOf(trx, batch.id)).map((payment) => [Number(payment.id), payment]));
  const problems: Array<PaymentProblem & { path: string }> = [];
  const unknown = (path: string) => problems.push({ path, field: 'id', key: 'server.globalPay.noSuchPayment' });
  const updated: Array<{ id: bigint; payment: CheckedPayment }> = [];
  for (const [index, update] of (edits.updates ?? []).entries()) {
    const current = payments.get(update.id);
    if (!current || current.status === 'removed') {
      unknown(`updates.${index}`);
      continue;
    }
    const merged: PaymentFields = {
      amount: update.amount ?? formatMinorUnits(current.amount, batch.scale),
      description: update.description ?? current.description,
      beneficiaryType: update.beneficiaryType ?? current.beneficiary_type,
      beneficiaryName: update.beneficiaryName ?? current.beneficiary_name,
      beneficiaryEmail: update.beneficiaryEmail ?? current.beneficiary_email,
      beneficiaryCountryCode: update.beneficiaryCountryCode ?? current.beneficiary_country_code,
      feeShare: update.feeShare ?? current.fee_share,
      forbidden: forbiddenOf(update.paymentMethods) ?? current.forbidden_methods,
    };
    const result = checkPayment(merged, batch.scale);
    if (result.payment) updated.push({ id: current.id, payment: result.payment });
    else problems.push(...result.problems.map((problem) => ({ path: `payments.${update.id}`, ...problem })));
  }
  const added: CheckedPayment[] = [];
  for (const [index, add] of (edits.adds ?? []).entries()) {
    const result = checkPayment({ ...add, forbidden: forbiddenOf(add.paymentMethods) ?? [] }, batch.scale);
    if (result.payment) added.push(result.payment);
    else problems.push(...result.problems.map((problem) => ({ path: `adds.${index}`, ...problem })));
  }
  for (const [index, id] of (edits.deletes ?? []).entries()) if (!payments.has(id)) unknown(`deletes.${index}`);
  for (const [index, id] of (edits.restores ?? []).entries()) if (!payments.has(id)) unknown(`restores.${index}`);
  if (problems.length > 0) throw paymentsRefusal(problems.slice(0, MAX_PROBLEMS));

  const now = new Date();
  for (const { id, payment } of updated) {
    const { batch_id: _batch, row_number: _row, status: _status, ...values } = paymentRow(batch.id, payment, 'draft', null);
    await trx
      .updateTable('global_pay_payments')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
  if (added.length > 0)
    await trx
      .insertInto('global_pay_payments')
      .values(added.map((payment) => paymentRow(batch.id, payment, 'draft', null)))
      .execute();
  const ids = (list: number[] | undefined) => (list ?? []).map(BigInt);
  if (edits.deletes?.length) {
    await trx
      .updateTable('global_pay_payments')
      .set({ status: 'removed', updated_at: now })
      .where('batch_id', '=', batch.id)
      .where('id', 'in', ids(edits.deletes))
      .execute();
  }
  if (edits.restores?.length) {
    await trx
      .updateTable('global_pay_payments')
      .set({ status: 'draft', updated_at: now })
      .where('batch_id', '=', batch.id)
      .where('id', 'in', ids(edits.restores))
      .execute();
  }
}

/** Where the sender's approval code goes: the customer's primary confirmed phone by SMS, else the user's e-mail. */
async function senderCodeTarget(db: Db, customerId: number, userId: number | null) {
  const phone = await db
    .selectFrom('phones')
    .select(['country_code', 'number'])
    .where('customer_id', '=', customerId)
    .where('confirmed', '=', true)
    .orderBy(sql`status = 'Primary'`, 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (phone) return { approveType: 'sms' as const, to: `${phone.country_code}${phone.number}`, shown: maskPhone(phone.country_code, phone.number) };
  const user = userId !== null ? await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst() : undefined;
  const email =
    user?.email ?? (await db.selectFrom('users').select('email').where('customer_id', '=', customerId).orderBy('id').executeTakeFirstOrThrow()).email;
  return { approveType: 'approvalCode' as const, to: email, shown: maskEmail(email) };
}

/** What sending a code needs: where messages go and the texts they are worded with. */
export interface Messenger {
  messages: MessageSender;
  afterCommit(effect: () => Promise<void>): void;
  t: (key: string, values?: TextValues) => string;
}

/** Issues a new sender's code for a batch waiting for approval (the earlier one stops working) and sends it after the commit. */
async function sendSenderCode(trx: Db, batch: { id: bigint; customer_id: number; created_by_user_id: number | null; name: string }, messenger: Messenger) {
  const code = numericCode(6);
  await trx
    .updateTable('global_pay_batches')
    .set({ code_hash: hashCode(code, `globalPay:${batch.id}`), code_attempts: 0, code_sent_at: new Date() })
    .where('id', '=', batch.id)
    .execute();
  const target = await senderCodeTarget(trx, batch.customer_id, batch.created_by_user_id);
  const text = messenger.t('messages.globalPay.senderCode', { code, name: batch.name });
  messenger.afterCommit(() =>
    target.approveType === 'sms'
      ? messenger.messages.sendSms({ to: target.to, text, purpose: 'globalPayApproval' })
      : messenger.messages.sendEmail({ to: target.to, subject: messenger.t('messages.globalPay.senderCodeSubject'), text, purpose: 'globalPayApproval' }),
  );
  return {
    operationId: Number(batch.id),
    approveType: target.approveType,
    approvalSentTo: target.shown,
    availableApprovalMethods: [target.approveType],
  } satisfies ApprovalAsked;
}

/**
 * Submits a draft batch: under the payer's lock, its total checked against global pay's daily and monthly
 * limits (the fees held beside it do not count: TA1 on batchId, `server.limits.daily` / `.monthly`), its payments and the most fee each sender-paid payment may
 * cost leave the account for `escrow:batch` in ONE ledger transaction, or nothing does (over the balance:
 * TA1 on batchId). The batch then waits for the sender's code; with `approvalRequest` (a business user who
 * may only initiate) it waits for an approver instead ({@link decideGlobalPayRequest}) and no code is sent.
 *
 * @example
 * const { approval } = await submitGlobalPayBatch(trx, { customerId, batchId: 7n }, messenger);
 */
export async function submitGlobalPayBatch(
  trx: Trx,
  input: { customerId: number; batchId: bigint; approvalRequest?: boolean },
  messenger: Messenger,
): Promise<{ approval?: ApprovalAsked }> {
  const batch = await ownBatch(trx, input.customerId, input.batchId, true);
  if (batch.status !== 'draft') throw fieldRefusal('batchId', 'server.globalPay.notDraft');
  await payingAccount(trx, input.customerId, batch.account_id, 'batchId', () => undefined);
  const payments = (await paymentsOf(trx, batch.id)).filter((payment) => payment.status === 'draft');
  if (payments.length === 0) throw fieldRefusal('batchId', 'server.globalPay.noPayments');
  // What the batch sends counts, as one amount, against global pay's daily and monthly limits, under the payer's lock.
  const total = payments.reduce((sum, payment) => sum + payment.amount, 0n);
  await checkBatchLimits(trx, { customerId: input.customerId, kind: GLOBAL_PAY_KIND, currency: batch.currency_code, scale: batch.scale, amount: total });
  const held = payments.reduce((sum, payment) => sum + payment.amount + payment.reserved_fee, 0n);
  let funding;
  try {
    funding = await writeLedgerTransaction(trx, {
      operationType: 'Transfer',
      ...keyedDescription('server.globalPay.funding', { name: batch.name, payments: payments.length }),
      legs: [
        { accountId: batch.account_id, amount: -held, counterparty: batch.name },
        { accountId: await systemAccountId(trx, 'escrow:batch', batch.currency_code), amount: held },
      ],
    });
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficientFunds') {
      throw fieldRefusal('batchId', 'server.globalPay.insufficientFunds', {
        total: { amount: formatMinorUnits(held, batch.scale), currency: batch.currency_code },
      });
    }
    throw error;
  }
  await trx
    .updateTable('global_pay_batches')
    .set({
      status: 'awaitingApproval',
      held_amount: held,
      funding_transaction_id: funding.transactionId,
      submitted_at: new Date(),
      approval_requested: input.approvalRequest === true,
    })
    .where('id', '=', batch.id)
    .execute();
  if (input.approvalRequest) return {};
  return { approval: await sendSenderCode(trx, batch, messenger) };
}

/** Gives the rest of a batch's hold back to its account in one ledger transaction (nothing when nothing is held). */
async function releaseHold(trx: Trx, batch: { id: bigint; account_id: number; currency_code: string; name: string; held_amount: bigint }, key: string) {
  if (batch.held_amount <= 0n) return;
  await writeLedgerTransaction(trx, {
    operationType: 'Transfer',
    ...keyedDescription(key, { name: batch.name }),
    legs: [
      { accountId: await systemAccountId(trx, 'escrow:batch', batch.currency_code), amount: -batch.held_amount },
      { accountId: batch.account_id, amount: batch.held_amount, counterparty: batch.name },
    ],
  });
  await trx.updateTable('global_pay_batches').set({ held_amount: 0n }).where('id', '=', batch.id).execute();
}

/**
 * Gives up a batch not yet approved: anything held goes back in one ledger transaction, the batch is
 * 'rejected'. Any other batch → TA1 on batchId.
 */
export async function rejectGlobalPayBatch(trx: Trx, customerId: number, batchId: bigint): Promise<void> {
  const batch = await ownBatch(trx, customerId, batchId, true);
  if (batch.status !== 'draft' && batch.status !== 'awaitingApproval') throw fieldRefusal('batchId', 'server.globalPay.notOpen');
  await releaseHold(trx, batch, 'server.globalPay.released');
  await trx.updateTable('global_pay_batches').set({ status: 'rejected', finished_at: new Date(), code_hash: null }).where('id', '=', batch.id).execute();
  await trx
    .updateTable('global_pay_payments')
    .set({ status: 'removed', updated_at: new Date() })
    .where('batch_id', '=', batch.id)
    .where('status', '=', 'draft')
    .execute();
}

/** A recipient link's secret: 32 random bytes, base64url (43 characters). */
export const newPaymentSecret = (): string => randomBytes(32).toString('base64url');

/** What is stored of a link's secret. */
export const secretHash = (secret: string): string => createHash('sha256').update(`globalPayLink:${secret}`).digest('base64url');

/** The link a recipient opens. */
export const receiveLink = (origin: string | undefined, secret: string) => `${origin ?? ''}/receive/${secret}`;

/**
 * Approves a batch waiting for it with the sender's code (operationId = the batch): each of its payments
 * gets a fresh link secret (only its hash is kept) good for EXPIRE_DAYS, and its recipient an e-mail with
 * the link, after the commit. A wrong code counts (RefusalToRecord); the fifth gives the batch up and
 * releases its hold. `single` says which approval call is used (the batch's or a single payment's).
 */
export async function approveGlobalPayBatch(
  trx: Trx,
  input: { customerId: number; operationId: number; approvalCode: string; single: boolean; origin?: string },
  messenger: Messenger,
): Promise<bigint> {
  const batch = await trx.selectFrom('global_pay_batches').selectAll().where('id', '=', BigInt(input.operationId)).forUpdate().executeTakeFirst();
  if (!batch || batch.customer_id !== input.customerId || batch.single !== input.single) throw new RpcRefusal('13');
  if (batch.status !== 'awaitingApproval') throw fieldRefusal('operationId', 'server.globalPay.notAwaitingApproval');
  if (batch.approval_requested) throw fieldRefusal('operationId', 'server.globalPay.awaitsApprover');
  const fresh = batch.code_sent_at !== null && Date.now() - batch.code_sent_at.getTime() <= ONE_TIME_CODE_SECONDS * 1000;
  if (!fresh || !codeMatches(input.approvalCode, `globalPay:${batch.id}`, batch.code_hash)) {
    throw new RefusalToRecord(async (db) => {
      const attempts = batch.code_attempts + 1;
      if (attempts >= MAX_CODE_ATTEMPTS) {
        await db.transaction().execute(async (inner) => {
          const locked = await inner.selectFrom('global_pay_batches').selectAll().where('id', '=', batch.id).forUpdate().executeTakeFirstOrThrow();
          if (locked.status !== 'awaitingApproval') return;
          await releaseHold(inner, locked, 'server.globalPay.released');
          await inner
            .updateTable('global_pay_batches')
            .set({ status: 'rejected', code_hash: null, code_attempts: attempts, finished_at: new Date() })
            .where('id', '=', batch.id)
            .execute();
        });
        return fieldRefusal('approvalCode', 'server.globalPay.tooManyWrong');
      }
      await db.updateTable('global_pay_batches').set({ code_attempts: attempts }).where('id', '=', batch.id).execute();
      return fieldRefusal('approvalCode', fresh ? 'server.globalPay.wrongCode' : 'server.globalPay.codeExpired');
    });
  }
  await sendLinks(trx, batch, { approvedAt: new Date() }, messenger, input.origin);
  return batch.id;
}

/**
 * Lets an approved batch's payments go: each gets a fresh link secret (only its hash is kept) good for
 * EXPIRE_DAYS, and its recipient an e-mail with the link after the commit; the batch is 'submitted'.
 */
async function sendLinks(
  trx: Trx,
  batch: { id: bigint; customer_id: number; currency_code: string },
  decision: { approvedAt: Date; decidedBy?: number },
  messenger: Messenger,
  origin: string | undefined,
): Promise<void> {
  const now = decision.approvedAt;
  const expires = new Date(now.getTime() + EXPIRE_DAYS * 86_400_000);
  const sender = await customerName(trx, batch.customer_id);
  const scale = (await trx.selectFrom('currencies').select('scale').where('code', '=', batch.currency_code).executeTakeFirstOrThrow()).scale;
  const payments = (await paymentsOf(trx, batch.id)).filter((payment) => payment.status === 'draft');
  const letters: Array<{ to: string; subject: string; text: string }> = [];
  for (const payment of payments) {
    const secret = newPaymentSecret();
    await trx
      .updateTable('global_pay_payments')
      .set({ status: 'sent', secret_hash: secretHash(secret), expires_at: expires, sent_at: now, updated_at: now })
      .where('id', '=', payment.id)
      .execute();
    const amount = { amount: formatMinorUnits(payment.amount, scale), currency: batch.currency_code };
    letters.push({
      to: payment.beneficiary_email,
      subject: messenger.t('messages.globalPay.linkSubject', { sender, amount }),
      text: [
        messenger.t('messages.globalPay.linkIntro', { name: payment.beneficiary_name, sender, amount }),
        ...(payment.description ? [messenger.t('messages.globalPay.linkDescription', { description: payment.description })] : []),
        messenger.t('messages.globalPay.linkChoose', { link: receiveLink(origin, secret), days: EXPIRE_DAYS }),
      ].join('\n\n'),
    });
  }
  await trx
    .updateTable('global_pay_batches')
    .set({
      status: 'submitted',
      approved_at: now,
      code_hash: null,
      ...(decision.decidedBy !== undefined ? { decided_by_user_id: decision.decidedBy, decided_at: now } : {}),
    })
    .where('id', '=', batch.id)
    .execute();
  messenger.afterCommit(async () => {
    for (const letter of letters) await messenger.messages.sendEmail({ ...letter, purpose: 'globalPayLink' });
  });
}

/**
 * A global pay batch of the customer's waiting for an approver (submitted by a business user who may only
 * initiate), with what an approver's code is bound to; undefined for any other batch.
 */
export async function globalPayRequestAwaitingApproval(db: Db, customerId: number, batchId: bigint) {
  const batch = await db
    .selectFrom('global_pay_batches as b')
    .innerJoin('currencies as c', 'c.code', 'b.currency_code')
    .select(['b.id', 'b.name', 'b.customer_id', 'b.account_id', 'b.currency_code', 'b.held_amount', 'c.scale'])
    .select((eb) =>
      eb
        .selectFrom('global_pay_payments as p')
        .whereRef('p.batch_id', '=', 'b.id')
        .where('p.status', '=', 'draft')
        .select((inner) => inner.fn.countAll<string | number | bigint>().as('n'))
        .as('count'),
    )
    .where('b.id', '=', batchId)
    .where('b.status', '=', 'awaitingApproval')
    .where('b.approval_requested', '=', true)
    .executeTakeFirst();
  if (!batch || batch.customer_id !== customerId) return undefined;
  return {
    batchId: Number(batch.id),
    name: batch.name,
    accountId: batch.account_id,
    count: Number(batch.count ?? 0),
    total: formatMinorUnits(batch.held_amount, batch.scale),
    fees: formatMinorUnits(0n, batch.scale),
    currencyCode: batch.currency_code,
  };
}

/**
 * An approver's decision on a global pay batch's approval request (transactionRequestMassApprove with
 * batchType globalPay): approved, its recipients are sent their links as after the sender's code; declined,
 * its whole funding comes back in one ledger transaction and it is 'rejected'. Either way the batch keeps
 * who decided and when. Another customer's batch → 13; one not waiting for an approver → TA1 on batchId.
 */
export async function decideGlobalPayRequest(
  trx: Trx,
  input: { customerId: number; userId: number; batchId: bigint; declined: boolean; reason?: string; origin?: string },
  messenger: Messenger,
): Promise<void> {
  const batch = await ownBatch(trx, input.customerId, input.batchId, true);
  if (batch.status !== 'awaitingApproval' || !batch.approval_requested) throw fieldRefusal('batchId', 'server.batches.notAwaitingApproval');
  const now = new Date();
  if (!input.declined) {
    await sendLinks(trx, batch, { approvedAt: now, decidedBy: input.userId }, messenger, input.origin);
    return;
  }
  await releaseHold(trx, batch, 'server.globalPay.released');
  await trx
    .updateTable('global_pay_batches')
    .set({
      status: 'rejected',
      finished_at: now,
      code_hash: null,
      decided_by_user_id: input.userId,
      decided_at: now,
      decline_reason: input.reason?.trim() || null,
    })
    .where('id', '=', batch.id)
    .execute();
  await trx
    .updateTable('global_pay_payments')
    .set({ status: 'removed', updated_at: now })
    .where('batch_id', '=', batch.id)
    .where('status', '=', 'draft')
    .execute();
}

/** Sends a new sender's code for a batch still waiting for approval (operationId = the batch). */
export async function resendGlobalPayCode(
  trx: Trx,
  input: { customerId: number; operationId: number; single: boolean },
  messenger: Messenger,
): Promise<ApprovalAsked> {
  const batch = await trx.selectFrom('global_pay_batches').selectAll().where('id', '=', BigInt(input.operationId)).forUpdate().executeTakeFirst();
  if (!batch || batch.customer_id !== input.customerId || batch.single !== input.single) throw new RpcRefusal('13');
  if (batch.status !== 'awaitingApproval') throw fieldRefusal('operationId', 'server.globalPay.notAwaitingApproval');
  if (batch.approval_requested) throw fieldRefusal('operationId', 'server.globalPay.awaitsApprover');
  return sendSenderCode(trx, batch, messenger);
}

/** How a batch's payments stand, for its status call. */
export async function globalPayBatchStatus(db: Db, customerId: number, batchId: bigint) {
  const batch = await ownBatch(db, customerId, batchId);
  const payments = (await paymentsOf(db, batch.id)).filter((payment) => payment.status !== 'removed');
  const count = (...statuses: PaymentStatus[]) => payments.filter((payment) => statuses.includes(payment.status)).length;
  const returned = payments
    .filter((payment) => payment.status === 'refused' || payment.status === 'expired' || payment.status === 'failed')
    .reduce((sum, payment) => sum + payment.amount + payment.reserved_fee, 0n);
  return {
    batchId: Number(batch.id),
    status: batch.status,
    count: payments.length,
    waiting: count('draft', 'sent', 'awaitingApproval'),
    processing: count('processing'),
    paid: count('paid'),
    failed: count('failed'),
    refused: count('refused'),
    expired: count('expired'),
    returned: formatMinorUnits(returned, batch.scale),
    currencyCode: batch.currency_code,
  };
}

/** The refusals of a batch's submission that a payment sent alone answers on its amount. */
const ON_AMOUNT = ['server.globalPay.insufficientFunds', 'server.limits.daily', 'server.limits.monthly'];

/**
 * One global pay payment sent alone (p2pGlobalPaySubmit): a draft batch of one, submitted at once (its
 * amount and the sender's most fee held), waiting for the sender's code, or with `approvalRequest` for an
 * approver. Problems are on the payment's fields.
 */
export async function submitSinglePayment(
  trx: Trx,
  input: { customerId: number; userId: number | null; accountId: number; fields: PaymentAdd; approvalRequest?: boolean },
  messenger: Messenger,
): Promise<{ batchId: bigint; paymentId: bigint; approval?: ApprovalAsked }> {
  const account = await payingAccount(trx, input.customerId, input.accountId, 'accountId', (type) =>
    isCardAccountType(type) ? 'server.transfers.cardAccount' : undefined,
  );
  const result = checkPayment({ ...input.fields, forbidden: forbiddenOf(input.fields.paymentMethods) ?? [] }, account.scale);
  if (!result.payment) throw paymentsRefusal(result.problems.map((problem) => ({ ...problem, path: '' })));
  const batch = await trx
    .insertInto('global_pay_batches')
    .values({
      customer_id: input.customerId,
      created_by_user_id: input.userId,
      name: result.payment.beneficiaryName,
      single: true,
      status: 'draft',
      account_id: account.id,
      currency_code: account.currency_code,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const payment = await trx
    .insertInto('global_pay_payments')
    .values(paymentRow(batch.id, result.payment, 'draft', null))
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const { approval } = await submitGlobalPayBatch(
      trx,
      { customerId: input.customerId, batchId: batch.id, ...(input.approvalRequest ? { approvalRequest: true } : {}) },
      messenger,
    );
    return { batchId: batch.id, paymentId: payment.id, ...(approval ? { approval } : {}) };
  } catch (error) {
    // Over the balance or a limit: said on the amount, the field the sender can change.
    const problem = error instanceof RpcRefusal ? error.details.validationErrors?.[0] : undefined;
    if (problem?.key && ON_AMOUNT.includes(problem.key)) throw fieldRefusal('amount', problem.key, problem.values);
    throw error;
  }
}
