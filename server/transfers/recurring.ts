import { sql, type Kysely } from 'kysely';
import type { Database, RecurringPaymentsTable } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import type { TextValues } from '../i18n/texts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { createTransfer, type SubmitResult, type TransferInput } from './create-transfer.ts';
import type { TransferScope } from './scope.ts';

/** How often a recurring payment runs (document 001 section 3, 'subscriptionFrequency'). */
export type RecurringFrequency = RecurringPaymentsTable['frequency'];
export const RECURRING_FREQUENCIES: RecurringFrequency[] = ['daily', 'weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'];

/** When a recurring payment stops: after an end date, after a number of payments, or whichever comes first. */
export interface RecurringSchedule {
  frequency: RecurringFrequency;
  /** The last day ('YYYY-MM-DD', UTC) an occurrence may run. */
  endDate?: string;
  /** How many payments in all, the first included. */
  transactions?: number;
}

/**
 * What each occurrence sends: the transfer as the customer asked for it, less the per-call parts.
 * `confirmation` applies to the first payment only; later ones never ask (authorised in advance).
 */
export type RecurringParams = Omit<TransferInput, 'subscriptionId' | 'invoiceId'>;

/** Failed occurrences (not enough money, a limit reached) are tried again this many times, then the payment fails. */
export const MAX_OCCURRENCE_RETRIES = 3;

const MONTHS: Partial<Record<RecurringFrequency, number>> = { monthly: 1, quarterly: 3, yearly: 12 };
const DAYS: Partial<Record<RecurringFrequency, number>> = { daily: 1, weekly: 7, biweekly: 14 };

/**
 * The time of occurrence `index` (0 for the first) counted from the first one. Months keep the first
 * payment's day, moved back to the month's last day when the month is shorter (31 January, 28 or 29
 * February, 31 March...), so the dates never drift.
 *
 * @example
 * occurrenceAt(new Date('2026-01-31T09:00:00Z'), 'monthly', 1); // 2026-02-28T09:00:00Z
 */
export function occurrenceAt(first: Date, frequency: RecurringFrequency, index: number): Date {
  const days = DAYS[frequency];
  if (days !== undefined) return new Date(first.getTime() + index * days * 86_400_000);
  const months = MONTHS[frequency]! * index;
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(first);
  result.setUTCFullYear(year, month, Math.min(first.getUTCDate(), lastDay));
  return result;
}

/** 'YYYY-MM-DD' of a time, in UTC. */
export const utcDay = (time: Date) => time.toISOString().slice(0, 10);

/**
 * When the next payment is due after `done` payments, or null when the schedule has ended (count
 * reached, or the next date is past the end date). Occurrences missed while nothing ran (a server
 * down for weeks) are skipped rather than sent in a burst: the next one is the first still ahead of `now`.
 */
export function nextRunAfter(
  payment: { first_run_at: Date; frequency: RecurringFrequency; end_date: string | null; max_count: number | null },
  done: number,
  now: Date,
): Date | null {
  if (payment.max_count !== null && done >= payment.max_count) return null;
  let index = done;
  let next = occurrenceAt(payment.first_run_at, payment.frequency, index);
  while (next.getTime() <= now.getTime()) next = occurrenceAt(payment.first_run_at, payment.frequency, ++index);
  if (payment.end_date !== null && utcDay(next) > payment.end_date) return null;
  return next;
}

const refusal = (field: string, key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key, ...(values ? { values } : {}) }] });

/** Checks a schedule before anything moves; the fields are the request's subscription fields. */
export function checkSchedule(schedule: RecurringSchedule, now: Date): void {
  if (!RECURRING_FREQUENCIES.includes(schedule.frequency)) throw refusal('subscriptionFrequency', 'server.recurring.chooseFrequency');
  if (schedule.endDate !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(schedule.endDate)) throw refusal('subscriptionEndDate', 'server.recurring.endDateFormat');
    const second = occurrenceAt(now, schedule.frequency, 1);
    if (schedule.endDate < utcDay(second)) {
      throw refusal('subscriptionEndDate', 'server.recurring.endBeforeSecond', { date: utcDay(second) });
    }
  }
  if (schedule.transactions !== undefined && (!Number.isInteger(schedule.transactions) || schedule.transactions < 2)) {
    throw refusal('subscriptionTransactions', 'server.recurring.atLeastTwo');
  }
}

/**
 * Sends the first payment of a recurring transfer now (through createTransfer, with the customer's
 * usual confirmation) and records the schedule for the rest, which the scheduler runs without a
 * second factor: the customer authorised them with this one. Later payments only run once the first
 * is completed (confirmed, or approved by a business approver); if it never is, the schedule is
 * canceled. Any kind of transfer may call it, e.g. the p2p handler:
 *
 * @example
 * return scheduleRecurring(transferScope(ctx), { kind: 'p2p', fromAccountId, amount: '25.00', to: { email }, description }, { frequency: 'monthly', transactions: 12 });
 */
export async function scheduleRecurring(scope: TransferScope, params: RecurringParams, schedule: RecurringSchedule): Promise<SubmitResult> {
  if (params.kind !== 'account' && params.kind !== 'p2p') throw new Error(`Recurring ${params.kind} transfers are not offered: only account and p2p.`);
  const now = new Date();
  checkSchedule(schedule, now);
  const { trx } = scope;
  const first = await createTransfer(scope, params);
  const transfer = await trx
    .selectFrom('transfers')
    .select(['from_account_id', 'to_account_id', 'to_email', 'amount', 'to_amount', 'currency_code', 'to_currency_code', 'created_at'])
    .where('id', '=', BigInt(first.operationId))
    .executeTakeFirstOrThrow();
  const { confirmation: _first, ...stored } = params;
  const received = params.amount === undefined && params.toAmount !== undefined;
  const firstRunAt = transfer.created_at;
  const row = { first_run_at: firstRunAt, frequency: schedule.frequency, end_date: schedule.endDate ?? null, max_count: schedule.transactions ?? null };
  const payment = await trx
    .insertInto('recurring_payments')
    .values({
      customer_id: scope.customerId,
      created_by_user_id: scope.userId,
      kind: params.kind,
      params: JSON.stringify(stored),
      from_account_id: transfer.from_account_id,
      to_account_id: params.kind === 'account' ? transfer.to_account_id : null,
      to_email: transfer.to_email,
      amount: received ? transfer.to_amount : transfer.amount,
      amount_currency_code: received ? transfer.to_currency_code : transfer.currency_code,
      amount_is_received: received,
      ...row,
      next_run_at: nextRunAfter(row, 1, firstRunAt),
      done_count: 1,
      last_error: null,
      canceled_by_user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('recurring_runs')
    .values({ payment_id: payment.id, occurrence_no: 1, transfer_id: BigInt(first.operationId) })
    .execute();
  await trx.updateTable('transfers').set({ subscription_id: payment.id }).where('id', '=', BigInt(first.operationId)).execute();
  return first;
}

/** A recurring payment as the pre-approved payments screen lists it. */
export interface PreapprovedPayment {
  id: number;
  type: 'account' | 'p2p';
  status: 'active' | 'canceled' | 'finished' | 'failed';
  fromAccountId: number;
  fromCurrencyCode: string;
  toAccountId?: number;
  toCurrencyCode?: string;
  beneficiaryEmail?: string;
  beneficiaryName?: string;
  amount: string;
  currencyCode: string;
  amountIsReceived: boolean;
  frequency: RecurringFrequency;
  nextRunAt?: string;
  endDate?: string;
  maxTransactions?: number;
  doneTransactions: number;
  lastError?: string;
  created: string;
}

/** Filters of the pre-approved payments list (document 001 section 7). */
export interface PreapprovedFilter {
  beneficiaryEmail?: string;
  fromAmount?: string;
  toAmount?: string;
  type?: 'account' | 'p2p';
  pageNumber?: number;
}

/** Section 9: subscriber list 50. */
export const PREAPPROVED_PAGE_SIZE = 50;

/**
 * The customer's recurring payments, newest first, filtered by beneficiary e-mail (part of it),
 * amount range (in the payment's own currency) and type; one page of 50.
 */
export async function listPreapprovedPayments(
  db: Kysely<Database>,
  customerId: number,
  filter: PreapprovedFilter,
): Promise<{ payments: PreapprovedPayment[]; total: number }> {
  let query = db
    .selectFrom('recurring_payments as p')
    .innerJoin('accounts as f', 'f.id', 'p.from_account_id')
    .innerJoin('currencies as c', 'c.code', 'p.amount_currency_code')
    .leftJoin('accounts as t', 't.id', 'p.to_account_id')
    .where('p.customer_id', '=', customerId);
  if (filter.type) query = query.where('p.kind', '=', filter.type);
  if (filter.beneficiaryEmail?.trim()) {
    query = query.where(sql<boolean>`p.to_email ilike ${`%${filter.beneficiaryEmail.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  // Amounts compare in the payment's currency scale: 12.5 matches 12.50 USD and 12.500 of a three-decimal currency.
  for (const [bound, op] of [
    ['fromAmount', '>='],
    ['toAmount', '<='],
  ] as const) {
    const value = filter[bound];
    if (value === undefined || value === '') continue;
    if (!/^\d{1,18}(\.\d{1,8})?$/.test(value)) throw refusal(bound, 'Enter an amount such as 25.00.');
    query = query.where(sql<boolean>`p.amount::numeric / (10::numeric ^ c.scale) ${sql.raw(op)} ${value}::numeric`);
  }
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const page = Math.max(1, filter.pageNumber ?? 1);
  const rows = await query
    .select([
      'p.id',
      'p.kind',
      'p.status',
      'p.from_account_id',
      'f.currency_code as from_currency',
      'p.to_account_id',
      't.currency_code as to_currency',
      'p.to_email',
      'p.amount',
      'p.amount_currency_code',
      'c.scale',
      'p.amount_is_received',
      'p.frequency',
      'p.next_run_at',
      'p.end_date',
      'p.max_count',
      'p.done_count',
      'p.last_error',
      'p.created_at',
      'p.params',
    ])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(PREAPPROVED_PAGE_SIZE)
    .offset((page - 1) * PREAPPROVED_PAGE_SIZE)
    .execute();
  const payments = rows.map((row): PreapprovedPayment => ({
    id: Number(row.id),
    type: row.kind,
    status: row.status,
    fromAccountId: row.from_account_id,
    fromCurrencyCode: row.from_currency,
    ...(row.to_account_id !== null ? { toAccountId: row.to_account_id } : {}),
    ...(row.to_currency ? { toCurrencyCode: row.to_currency } : {}),
    ...(row.to_email ? { beneficiaryEmail: row.to_email } : {}),
    amount: formatMinorUnits(row.amount, row.scale),
    currencyCode: row.amount_currency_code,
    amountIsReceived: row.amount_is_received,
    frequency: row.frequency,
    ...(row.status === 'active' && row.next_run_at ? { nextRunAt: row.next_run_at.toISOString() } : {}),
    ...(row.end_date ? { endDate: row.end_date } : {}),
    ...(row.max_count !== null ? { maxTransactions: row.max_count } : {}),
    doneTransactions: row.done_count,
    ...(row.last_error ? { lastError: row.last_error } : {}),
    created: row.created_at.toISOString(),
  }));
  return { payments, total: Number(total.n) };
}

/**
 * Cancels one of the customer's recurring payments: no later occurrence runs (the scheduler claims
 * only active ones, under a row lock, so a run in progress finishes first and the cancel follows it).
 * Another customer's payment, or none, is refused with 13; an ended one with TA1.
 */
export async function cancelPreapprovedPayment(db: Kysely<Database>, who: { customerId: number; userId: number }, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const payment = await trx.selectFrom('recurring_payments').select(['customer_id', 'status']).where('id', '=', BigInt(id)).forUpdate().executeTakeFirst();
    if (!payment || payment.customer_id !== who.customerId) throw new RpcRefusal('13');
    if (payment.status !== 'active') throw new RpcRefusal('TA1', { key: 'server.recurring.alreadyEnded' });
    await trx
      .updateTable('recurring_payments')
      .set({ status: 'canceled', next_run_at: null, canceled_by_user_id: who.userId, updated_at: new Date() })
      .where('id', '=', BigInt(id))
      .execute();
  });
}

/** The params a recurring payment stored, as createTransfer takes them. */
export function storedParams(row: { params: Record<string, unknown> }): RecurringParams {
  return row.params as unknown as RecurringParams;
}
