import { sql, type Kysely, type Transaction } from 'kysely';
import type { StepUpChallenge, TransactionRequest } from '../../generated/entities.ts';
import type { TransactionRequestApproveResponse, TransactionRequestListRequest } from '../../generated/methods.ts';
import type { Database, TransferStatus } from '../db/schema.ts';
import { maskedAccountNumber } from '../accounts/balances.ts';
import { localeTexts, type KeyedText, type Language, type MoneyValue } from '../i18n/texts.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { completeTransfer, releaseTransfer } from '../transfers/settle-transfer.ts';
import { payoutToHandOver, type PayoutHandOver } from '../transfers/payout-handover.ts';
import { BATCH_METHODS, batchTransferKind, type BatchMethod } from '../batches/batches.ts';

type Trx = Transaction<Database>;

/** What an approve or decline call did to each request. */
export type ApprovalDecisions = Exclude<TransactionRequestApproveResponse, StepUpChallenge>;
type Db = Kysely<Database> | Trx;

/** What a user may do in a customer's approval queue. */
export type QueueAccess = 'none' | 'request' | 'approve';

/** Who acts on the queue: the signed-in user for the acting customer. */
export interface QueueActor {
  customerId: number;
  userId: number;
}

/** The page size of the approval queue (document 001 section 9). */
export const APPROVALS_PAGE_SIZE = 50;

/**
 * What the user may do in the customer's queue. A `customer_access` row decides: transfersApprove
 * approves, transfers alone only creates requests. Without a row the user is the customer itself:
 * a business customer's own user approves; a personal customer has no queue.
 *
 * @example
 * await queueAccess(db, { customerId: 2, userId: 7 }); // 'request'
 */
export async function queueAccess(db: Db, actor: QueueActor): Promise<QueueAccess> {
  const access = await db
    .selectFrom('customer_access')
    .select('rights')
    .where('user_id', '=', actor.userId)
    .where('customer_id', '=', actor.customerId)
    .executeTakeFirst();
  if (access) return access.rights.includes('transfersApprove') ? 'approve' : access.rights.includes('transfers') ? 'request' : 'none';
  const customer = await db.selectFrom('customers').select('type').where('id', '=', actor.customerId).executeTakeFirst();
  return customer?.type === 'business' ? 'approve' : 'none';
}

/** Requests awaiting a decision, or decided by an approver ('decided'). */
function requestsOf(db: Db, customerId: number, status: 'pending' | 'decided') {
  let query = db.selectFrom('transfers as t').where('t.customer_id', '=', customerId);
  query = status === 'pending' ? query.where('t.status', '=', 'awaitingApproval') : query.where('t.decided_by_user_id', 'is not', null);
  return query;
}

const nextDay = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
};

/**
 * An own account as the product names it everywhere: currency, its name (else its kind) and its masked
 * number, never its database id.
 *
 * @example
 * ownAccountName('es', { currencyCode: 'USD', type: 1001, name: null, accountId: 57 }); // 'USD · Pagos · ••\u00a00057'
 */
export function ownAccountName(language: Language, account: { currencyCode: string; type: number | null; name: string | null; accountId: number }): string {
  const kind = account.type === null ? null : localeTexts(language).value('accounts.typeShort', String(account.type));
  const name = account.name || (kind && kind !== String(account.type) ? kind : null);
  return [account.currencyCode, name, maskedAccountNumber(account.accountId)].filter(Boolean).join(' · ');
}

/**
 * One page of the customer's transaction requests, newest first, with the filters of the business
 * queue (document 001 section 7). A user who may only create requests sees their own.
 *
 * @example
 * const { requests, total } = await listRequests(db, actor, { page: 1, size: 50 });
 */
export async function listRequests(
  db: Db,
  actor: QueueActor,
  params: TransactionRequestListRequest,
  language: Language = 'en',
): Promise<{ requests: TransactionRequest[]; total: number; mayApprove: boolean }> {
  const access = await queueAccess(db, actor);
  if (access === 'none') return { requests: [], total: 0, mayApprove: false };
  const size = params.size ?? APPROVALS_PAGE_SIZE;
  const page = params.page ?? 1;

  let filtered = requestsOf(db, actor.customerId, params.status ?? 'pending');
  if (access === 'request') filtered = filtered.where('t.created_by_user_id', '=', actor.userId);
  if (params.createdBy !== undefined) filtered = filtered.where('t.created_by_user_id', '=', params.createdBy);
  if (params.transactionType) filtered = filtered.where('t.kind', '=', params.transactionType);
  if (params.groupedTransactionType === 'batch') filtered = filtered.where('t.batch_id', 'is not', null);
  if (params.groupedTransactionType === 'single') filtered = filtered.where('t.batch_id', 'is', null);
  if (params.fromDate) filtered = filtered.where('t.created_at', '>=', new Date(`${params.fromDate}T00:00:00Z`));
  if (params.toDate) filtered = filtered.where('t.created_at', '<', nextDay(params.toDate));

  const counted = await filtered.select((eb) => eb.fn.countAll<string | number | bigint>().as('n')).executeTakeFirstOrThrow();
  // A mass batch's approval request is one request of its own (its payments are no transfers yet), waiting or
  // decided, merged in by date: the page is then cut from the newest page × size of both.
  const massBatches = await batchRequests(db, actor, access, params, language, page * size);
  const globalPay = await globalPayRequests(db, actor, access, params, language, page * size);
  const batches = { requests: [...massBatches.requests, ...globalPay.requests], total: massBatches.total + globalPay.total };
  const merging = batches.total > 0;
  const rows = await filtered
    .innerJoin('currencies as c', 'c.code', 't.currency_code')
    .innerJoin('currencies as tc', 'tc.code', 't.to_currency_code')
    .leftJoin('users as creator', 'creator.id', 't.created_by_user_id')
    .leftJoin('users as decider', 'decider.id', 't.decided_by_user_id')
    .leftJoin('transfer_batches as b', 'b.id', 't.batch_id')
    .leftJoin('customers as payee', 'payee.id', 't.to_customer_id')
    .leftJoin('accounts as ta', 'ta.id', 't.to_account_id')
    .leftJoin('rail_payouts as rp', 'rp.transfer_id', 't.id')
    .select([
      sql<string | null>`rp.beneficiary->>'name'`.as('beneficiary_name'),
      'ta.type as to_account_type',
      'ta.name as to_account_name',
      't.id',
      't.kind',
      't.status',
      't.batch_id',
      'b.name as batch_name',
      't.created_by_user_id',
      'creator.email as creator_email',
      't.created_at',
      't.from_account_id',
      't.to_account_id',
      't.to_customer_id',
      't.to_email',
      't.amount',
      't.fee',
      't.currency_code',
      'c.scale',
      't.to_amount',
      't.to_currency_code',
      'tc.scale as to_scale',
      't.note',
      'decider.email as decider_email',
      't.decided_at',
      't.decline_reason',
      sql<string | null>`coalesce(payee.business_name, nullif(trim(concat_ws(' ', payee.first_name, payee.last_name)), ''))`.as('payee_name'),
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(merging ? page * size : size)
    .offset(merging ? 0 : (page - 1) * size)
    .execute();

  const requests = rows.map((row): TransactionRequest => {
    const toAccountId = row.to_account_id;
    const payee =
      row.to_customer_id === actor.customerId && toAccountId !== null
        ? ownAccountName(language, { currencyCode: row.to_currency_code, type: row.to_account_type, name: row.to_account_name, accountId: toAccountId })
        : (row.beneficiary_name ?? row.payee_name ?? row.to_email ?? (toAccountId !== null ? maskedAccountNumber(toAccountId) : ''));
    return {
      transactionId: Number(row.id),
      transactionType: row.kind as TransactionRequest['transactionType'],
      status: row.status,
      ...(row.batch_id !== null ? { batchId: Number(row.batch_id) } : {}),
      ...(row.batch_name ? { batchName: row.batch_name } : {}),
      ...(row.batch_id !== null ? { batchKey: String(row.batch_id) } : {}),
      createdBy: { userId: row.created_by_user_id ?? 0, email: row.creator_email ?? '' },
      createdDate: row.created_at.toISOString(),
      fromAccountId: row.from_account_id,
      amount: formatMinorUnits(row.amount, row.scale),
      fee: formatMinorUnits(row.fee, row.scale),
      currencyCode: row.currency_code,
      toAmount: formatMinorUnits(row.to_amount, row.to_scale),
      toCurrencyCode: row.to_currency_code,
      payee,
      ...(row.note ? { note: row.note } : {}),
      ...(row.decider_email ? { decidedBy: row.decider_email } : {}),
      ...(row.decided_at ? { decidedDate: row.decided_at.toISOString() } : {}),
      ...(row.decline_reason && row.status === 'declined' ? { declineReason: row.decline_reason } : {}),
    };
  });
  const listed = merging
    ? [...requests, ...batches.requests]
        .sort((a, b) => b.createdDate.localeCompare(a.createdDate) || b.transactionId - a.transactionId)
        .slice((page - 1) * size, page * size)
    : requests;
  return { requests: listed, total: Number(counted.n) + batches.total, mayApprove: access === 'approve' };
}

/**
 * A decided batch's request status: declined, or what its payments came to since it was approved (a batch
 * still paying is 'processing'; one that paid some or all of them 'completed').
 */
const DECIDED_BATCH_STATUS: Partial<Record<string, TransactionRequest['status']>> = {
  declined: 'declined',
  canceled: 'canceled',
  failed: 'failed',
  completed: 'completed',
  partiallyCompleted: 'completed',
  processing: 'processing',
};

/**
 * The customer's mass batch approval requests (funded by a user who may only initiate), each as one request:
 * waiting for an approver ('pending'), or decided by one ('decided': who and when). Numbered by its batch id
 * negated, its amount and fee the batch's total and fees, its payee the number of its payments, with the
 * filters of the queue; the newest `limit`, and how many match.
 */
async function batchRequests(
  db: Db,
  actor: QueueActor,
  access: QueueAccess,
  params: TransactionRequestListRequest,
  language: Language,
  limit: number,
): Promise<{ requests: TransactionRequest[]; total: number }> {
  if (params.groupedTransactionType === 'single') return { requests: [], total: 0 };
  const types = params.transactionType ? BATCH_METHODS.filter((method) => batchTransferKind(method) === params.transactionType) : undefined;
  if (types && !types.length) return { requests: [], total: 0 };
  const decided = (params.status ?? 'pending') === 'decided';
  const filtered = db
    .selectFrom('transfer_batches as b')
    .where('b.customer_id', '=', actor.customerId)
    .$if(decided, (qb) => qb.where('b.decided_by_user_id', 'is not', null))
    .$if(!decided, (qb) => qb.where('b.status', '=', 'awaitingApproval').where('b.funding_transaction_id', 'is not', null))
    .$if(access === 'request', (qb) => qb.where('b.created_by_user_id', '=', actor.userId))
    .$if(params.createdBy !== undefined, (qb) => qb.where('b.created_by_user_id', '=', params.createdBy!))
    .$if(types !== undefined, (qb) => qb.where('b.type', 'in', types!))
    .$if(Boolean(params.fromDate), (qb) => qb.where('b.created_at', '>=', new Date(`${params.fromDate}T00:00:00Z`)))
    .$if(Boolean(params.toDate), (qb) => qb.where('b.created_at', '<', nextDay(params.toDate!)));
  const counted = await filtered.select((eb) => eb.fn.countAll<string | number | bigint>().as('n')).executeTakeFirstOrThrow();
  if (Number(counted.n) === 0) return { requests: [], total: 0 };
  const rows = await filtered
    .innerJoin('currencies as c', 'c.code', 'b.currency_code')
    .leftJoin('users as creator', 'creator.id', 'b.created_by_user_id')
    .leftJoin('users as decider', 'decider.id', 'b.decided_by_user_id')
    .select([
      'decider.email as decider_email',
      'b.decided_at',
      'b.decline_reason',
      'b.id',
      'b.name',
      'b.type',
      'b.status',
      'b.count',
      'b.account_id',
      'b.total_amount',
      'b.fee_amount',
      'b.currency_code',
      'b.created_at',
      'b.created_by_user_id',
      'c.scale',
      'creator.email as creator_email',
    ])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  const t = localeTexts(language);
  const requests = rows.map((row): TransactionRequest => ({
    transactionId: -Number(row.id),
    transactionType: batchTransferKind(row.type as BatchMethod) as TransactionRequest['transactionType'],
    status: decided ? (DECIDED_BATCH_STATUS[row.status] ?? 'processing') : 'awaitingApproval',
    batchId: Number(row.id),
    batchName: row.name,
    batchKey: String(row.id),
    paymentCount: row.count,
    createdBy: { userId: row.created_by_user_id ?? 0, email: row.creator_email ?? '' },
    createdDate: row.created_at.toISOString(),
    fromAccountId: row.account_id,
    amount: formatMinorUnits(row.total_amount, row.scale),
    fee: formatMinorUnits(row.fee_amount, row.scale),
    currencyCode: row.currency_code,
    toAmount: formatMinorUnits(row.total_amount, row.scale),
    toCurrencyCode: row.currency_code,
    payee: t('server.approvals.batchPayee', { count: row.count }),
    ...(row.decider_email ? { decidedBy: row.decider_email } : {}),
    ...(row.decided_at ? { decidedDate: row.decided_at.toISOString() } : {}),
    ...(row.decline_reason && row.status === 'declined' ? { declineReason: row.decline_reason } : {}),
  }));
  return { requests, total: Number(counted.n) };
}

/** How a global pay batch's approval request is numbered in the list, apart from transfers and mass batches. */
export const GLOBAL_PAY_REQUEST_OFFSET = 2_147_483_648;

/**
 * The customer's global pay batch approval requests (submitted by a user who may only initiate), each as one
 * request: waiting for an approver ('pending'), or decided by one ('decided': who and when; approved ones
 * 'completed', their links sent). Numbered -(GLOBAL_PAY_REQUEST_OFFSET + batch id), batchType globalPay,
 * its amount and fee the payments' total and the fees held for them, with the filters of the queue; the
 * newest `limit`, and how many match.
 */
async function globalPayRequests(
  db: Db,
  actor: QueueActor,
  access: QueueAccess,
  params: TransactionRequestListRequest,
  language: Language,
  limit: number,
): Promise<{ requests: TransactionRequest[]; total: number }> {
  if (params.groupedTransactionType === 'single') return { requests: [], total: 0 };
  if (params.transactionType && params.transactionType !== 'globalPay') return { requests: [], total: 0 };
  const decided = (params.status ?? 'pending') === 'decided';
  const filtered = db
    .selectFrom('global_pay_batches as b')
    .where('b.customer_id', '=', actor.customerId)
    .where('b.approval_requested', '=', true)
    .$if(decided, (qb) => qb.where('b.decided_by_user_id', 'is not', null))
    .$if(!decided, (qb) => qb.where('b.status', '=', 'awaitingApproval'))
    .$if(access === 'request', (qb) => qb.where('b.created_by_user_id', '=', actor.userId))
    .$if(params.createdBy !== undefined, (qb) => qb.where('b.created_by_user_id', '=', params.createdBy!))
    .$if(Boolean(params.fromDate), (qb) => qb.where('b.created_at', '>=', new Date(`${params.fromDate}T00:00:00Z`)))
    .$if(Boolean(params.toDate), (qb) => qb.where('b.created_at', '<', nextDay(params.toDate!)));
  const counted = await filtered.select((eb) => eb.fn.countAll<string | number | bigint>().as('n')).executeTakeFirstOrThrow();
  if (Number(counted.n) === 0) return { requests: [], total: 0 };
  // The batch's payments as submitted: those not removed, or removed by the approver's decline.
  const submitted = sql<boolean>`(p.status <> 'removed' or (b.decided_by_user_id is not null and p.updated_at = b.decided_at))`;
  const rows = await filtered
    .innerJoin('currencies as c', 'c.code', 'b.currency_code')
    .leftJoin('users as creator', 'creator.id', 'b.created_by_user_id')
    .leftJoin('users as decider', 'decider.id', 'b.decided_by_user_id')
    .leftJoin('global_pay_payments as p', 'p.batch_id', 'b.id')
    .groupBy(['b.id', 'c.scale', 'creator.email', 'decider.email'])
    .select([
      'b.id',
      'b.name',
      'b.status',
      'b.account_id',
      'b.currency_code',
      'b.created_at',
      'b.created_by_user_id',
      'b.decided_at',
      'b.decline_reason',
      'c.scale',
      'creator.email as creator_email',
      'decider.email as decider_email',
      sql<number>`(count(p.id) filter (where ${submitted}))::int`.as('count'),
      sql<string>`(coalesce(sum(p.amount) filter (where ${submitted}), 0))::text`.as('total'),
      sql<string>`(coalesce(sum(p.reserved_fee) filter (where ${submitted}), 0))::text`.as('fees'),
    ])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  const t = localeTexts(language);
  const requests = rows.map((row): TransactionRequest => {
    const total = formatMinorUnits(BigInt(row.total), row.scale);
    return {
      transactionId: -(GLOBAL_PAY_REQUEST_OFFSET + Number(row.id)),
      transactionType: 'globalPay',
      status: row.status === 'awaitingApproval' ? 'awaitingApproval' : row.status === 'rejected' ? 'declined' : 'completed',
      batchId: Number(row.id),
      batchName: row.name,
      batchType: 'globalPay',
      batchKey: `globalPay-${row.id}`,
      paymentCount: row.count,
      createdBy: { userId: row.created_by_user_id ?? 0, email: row.creator_email ?? '' },
      createdDate: row.created_at.toISOString(),
      fromAccountId: row.account_id,
      amount: total,
      fee: formatMinorUnits(BigInt(row.fees), row.scale),
      currencyCode: row.currency_code,
      toAmount: total,
      toCurrencyCode: row.currency_code,
      payee: t('server.approvals.batchPayee', { count: row.count }),
      ...(row.decider_email ? { decidedBy: row.decider_email } : {}),
      ...(row.decided_at ? { decidedDate: row.decided_at.toISOString() } : {}),
      ...(row.decline_reason && row.status === 'rejected' ? { declineReason: row.decline_reason } : {}),
    };
  });
  return { requests, total: Number(counted.n) };
}

/**
 * The users who create requests for the customer: those holding `transfers` without
 * `transfersApprove`, and anyone who has created a request. Ordered by e-mail.
 */
export async function requestCreators(db: Db, customerId: number): Promise<Array<{ userId: number; email: string }>> {
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.email'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('customer_access as a')
            .select('a.user_id')
            .whereRef('a.user_id', '=', 'u.id')
            .where('a.customer_id', '=', customerId)
            .where(sql<boolean>`'transfers' = any(a.rights) and not 'transfersApprove' = any(a.rights)`),
        ),
        eb.exists(
          eb
            .selectFrom('transfers as t')
            .select('t.id')
            .whereRef('t.created_by_user_id', '=', 'u.id')
            .where('t.customer_id', '=', customerId)
            .where((inner) => inner.or([inner('t.status', '=', 'awaitingApproval'), inner('t.decided_by_user_id', 'is not', null)])),
        ),
      ]),
    )
    .orderBy('u.email')
    .execute();
  return rows.map((row) => ({ userId: row.id, email: row.email }));
}

/** Counts of the rows under `alias` created by others than this user, and by this user. */
function countsByCreator(alias: 't' | 'b', userId: number) {
  const creator = sql.ref(`${alias}.created_by_user_id`);
  return [
    sql<string>`count(*) filter (where ${creator} is distinct from ${userId})`.as('others'),
    sql<string>`count(*) filter (where ${creator} = ${userId})`.as('mine'),
  ];
}

/** The badge counts: requests waiting for this user's decision, and the user's own still waiting. */
export async function notificationCounts(db: Db, actor: QueueActor): Promise<{ pending: number; mine: number; access: QueueAccess }> {
  const access = await queueAccess(db, actor);
  if (access === 'none') return { pending: 0, mine: 0, access };
  const row = await requestsOf(db, actor.customerId, 'pending').select(countsByCreator('t', actor.userId)).executeTakeFirstOrThrow();
  // A mass or global pay batch waiting for an approver counts as one request.
  const batches = await db
    .selectFrom('transfer_batches as b')
    .where('b.customer_id', '=', actor.customerId)
    .where('b.status', '=', 'awaitingApproval')
    .where('b.funding_transaction_id', 'is not', null)
    .select(countsByCreator('b', actor.userId))
    .executeTakeFirstOrThrow();
  const globalPay = await db
    .selectFrom('global_pay_batches as b')
    .where('b.customer_id', '=', actor.customerId)
    .where('b.status', '=', 'awaitingApproval')
    .where('b.approval_requested', '=', true)
    .select(countsByCreator('b', actor.userId))
    .executeTakeFirstOrThrow();
  return {
    pending: access === 'approve' ? Number(row.others) + Number(batches.others) + Number(globalPay.others) : 0,
    mine: Number(row.mine) + Number(batches.mine) + Number(globalPay.mine),
    access,
  };
}

/** A decision taken, for the creator's notice after the commit. */
export interface DecisionNotice {
  creatorEmail: string;
  transactionId: number;
  /** The amount (and payee), worded in the creator's notice in the language of the request deciding it. */
  what: KeyedText;
  outcome: 'approved' | 'declined';
  reason?: string;
}

/**
 * An amount and, when there is one, whom it goes to, as a message says it: the amount in the reader's
 * money format ('1.234,50 €' in Spanish), the payee after the language's word for "to".
 *
 * @example
 * wordText('es', amountAndPayee({ amount: '1234.50', currency: 'EUR' }, 'anna@example.com')); // '1234,50 € a anna@example.com'
 */
export const amountAndPayee = (amount: MoneyValue, payee: string | null | undefined): KeyedText =>
  payee ? { key: 'messages.transferRequest.amountTo', values: { amount, payee } } : { key: 'messages.transferRequest.amount', values: { amount } };

/** The ids once each, in order, after checking every one is the customer's request (else 13). */
async function ownRequestIds(db: Db, actor: QueueActor, ids: bigint[]): Promise<bigint[]> {
  const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (!sorted.length) return sorted;
  const owners = await db.selectFrom('transfers').select(['id', 'customer_id']).where('id', 'in', sorted).execute();
  if (owners.length !== sorted.length || owners.some((row) => row.customer_id !== actor.customerId)) throw new RpcRefusal('13');
  return sorted;
}

/** A request an approval would send now: what the approver's code is bound to and what its message names. */
export interface RequestToApprove {
  transactionId: string;
  amount: string;
  fee: string;
  currencyCode: string;
  payee: string | null;
}

/**
 * The requests that approving `ids` would send now (awaiting approval, not the approver's own), in
 * id order, after checking every id is the customer's (else 13). Empty when approving would move
 * nothing.
 *
 * @example
 * await requestsToApprove(trx, actor, [41n, 42n]); // [{ transactionId: '41', amount: '120.00', fee: '0.60', currencyCode: 'USD', payee: 'anna@example.com' }, ...]
 */
export async function requestsToApprove(db: Db, actor: QueueActor, ids: bigint[]): Promise<RequestToApprove[]> {
  const sorted = await ownRequestIds(db, actor, ids);
  if (!sorted.length) return [];
  const rows = await db
    .selectFrom('transfers as t')
    .innerJoin('currencies as c', 'c.code', 't.currency_code')
    .leftJoin('rail_payouts as rp', 'rp.transfer_id', 't.id')
    .select(['t.id', 't.amount', 't.fee', 't.currency_code', 't.to_email', 'c.scale', sql<string | null>`rp.beneficiary->>'name'`.as('beneficiary_name')])
    .where('t.id', 'in', sorted)
    .where('t.status', '=', 'awaitingApproval')
    .where((eb) => eb.or([eb('t.created_by_user_id', 'is', null), eb('t.created_by_user_id', '!=', actor.userId)]))
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({
    transactionId: String(row.id),
    amount: formatMinorUnits(row.amount, row.scale),
    fee: formatMinorUnits(row.fee, row.scale),
    currencyCode: row.currency_code,
    payee: row.to_email ?? row.beneficiary_name,
  }));
}

/**
 * Approves or declines requests of the actor's customer, each exactly once:
 * - every id must be the customer's, else 13 before anything changes;
 * - the rows are locked in id order (two approvers deciding overlapping sets wait for each other
 *   rather than deadlock); a request no longer awaiting approval answers 'alreadyDecided';
 * - approving posts the held funds (completeTransfer), declining releases them (releaseTransfer); an
 *   approved payout keeps its hold for its rail and is answered in `handOvers`, for the caller to send
 *   to its rail after the commit;
 *   nobody approves their own request ('ownRequest'), though they may decline (withdraw) it;
 * - the batches touched take the status of their requests once none is waiting.
 * Runs in the caller's transaction (a money-moving call).
 *
 * @example
 * const { decisions, notices, handOvers } = await decideRequests(trx, actor, [41n, 42n], { declined: false });
 */
export async function decideRequests(
  trx: Trx,
  actor: QueueActor,
  ids: bigint[],
  decision: { declined: boolean; reason?: string },
): Promise<{ decisions: ApprovalDecisions; notices: DecisionNotice[]; handOvers: PayoutHandOver[] }> {
  const sorted = await ownRequestIds(trx, actor, ids);
  const decisions: ApprovalDecisions = { results: [], approved: 0, declined: 0, skipped: 0 };
  const notices: DecisionNotice[] = [];
  const handOvers: PayoutHandOver[] = [];
  if (!sorted.length) return { decisions, notices, handOvers };

  const rows = await trx
    .selectFrom('transfers as t')
    .innerJoin('currencies as c', 'c.code', 't.currency_code')
    .leftJoin('users as creator', 'creator.id', 't.created_by_user_id')
    .select([
      't.id',
      't.status',
      't.created_by_user_id',
      't.batch_id',
      't.amount',
      't.currency_code',
      't.to_email',
      'c.scale',
      'creator.email as creator_email',
      sql<string | null>`(select p.beneficiary->>'name' from rail_payouts p where p.transfer_id = t.id)`.as('beneficiary_name'),
    ])
    .where('t.id', 'in', sorted)
    .orderBy('t.id')
    .forUpdate('t')
    .execute();

  const batches = new Set<bigint>();
  const now = new Date();
  for (const row of rows) {
    const transactionId = Number(row.id);
    if (row.status !== 'awaitingApproval') {
      decisions.results.push({ transactionId, outcome: 'alreadyDecided', status: row.status });
      decisions.skipped++;
      continue;
    }
    if (!decision.declined && row.created_by_user_id === actor.userId) {
      decisions.results.push({ transactionId, outcome: 'ownRequest', status: row.status });
      decisions.skipped++;
      continue;
    }
    let status: TransferStatus;
    if (decision.declined) {
      await releaseTransfer(trx, row.id, 'declined', decision.reason?.trim() || 'Declined by an approver');
      status = 'declined';
      decisions.declined++;
    } else {
      status = await completeTransfer(trx, row.id);
      decisions.approved++;
      const handOver = status === 'processing' ? await payoutToHandOver(trx, row.id) : undefined;
      if (handOver) handOvers.push(handOver);
    }
    await trx
      .updateTable('transfers')
      .set({ decided_by_user_id: actor.userId, decided_at: now, ...(decision.declined ? {} : { approved_by_user_id: actor.userId }) })
      .where('id', '=', row.id)
      .execute();
    decisions.results.push({ transactionId, outcome: decision.declined ? 'declined' : 'approved', status });
    if (row.batch_id !== null) batches.add(row.batch_id);
    if (row.creator_email && row.created_by_user_id !== actor.userId) {
      notices.push({
        creatorEmail: row.creator_email,
        transactionId,
        what: amountAndPayee({ amount: formatMinorUnits(row.amount, row.scale), currency: row.currency_code }, row.to_email ?? row.beneficiary_name),
        outcome: decision.declined ? 'declined' : 'approved',
        ...(decision.declined && decision.reason?.trim() ? { reason: decision.reason.trim() } : {}),
      });
    }
  }
  for (const batchId of batches) await settleBatchStatus(trx, batchId);
  return { decisions, notices, handOvers };
}

/** A batch whose requests are all decided is 'completed' when any was approved, else 'declined'. */
async function settleBatchStatus(trx: Trx, batchId: bigint): Promise<void> {
  const row = await trx
    .selectFrom('transfers')
    .select([
      sql<string>`count(*) filter (where status = 'awaitingApproval')`.as('waiting'),
      sql<string>`count(*) filter (where status in ('completed', 'awaitingPayee', 'processing'))`.as('sent'),
    ])
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  if (Number(row.waiting) > 0) return;
  await trx
    .updateTable('transfer_batches')
    .set({ status: Number(row.sent) > 0 ? 'completed' : 'declined' })
    .where('id', '=', batchId)
    .execute();
}

/**
 * The requests of a batch still awaiting a decision, after checking the batch is the customer's
 * (else 13).
 */
export async function waitingInBatch(trx: Trx, customerId: number, batchId: bigint): Promise<bigint[]> {
  const batch = await trx.selectFrom('transfer_batches').select('customer_id').where('id', '=', batchId).executeTakeFirst();
  if (!batch || batch.customer_id !== customerId) throw new RpcRefusal('13');
  const rows = await trx
    .selectFrom('transfers')
    .select('id')
    .where('batch_id', '=', batchId)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'awaitingApproval')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
