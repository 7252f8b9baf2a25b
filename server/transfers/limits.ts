import type { TextValues } from '../i18n/texts.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { transferLimits } from '../pricing/pricing.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { lockPayer, type LockedPayer } from './parties.ts';

/** What a customer has already sent of one kind from one currency, in its minor units. */
export interface LimitUsage {
  /** Since the start of today (UTC). */
  today: bigint;
  /** Since the start of this calendar month (UTC). */
  month: bigint;
}

/**
 * The transfer kind each batch method's payments are (transfer_batches.type → transfers.kind): the kind
 * whose fees and limits they take, and the kind of the transfers the batch runner writes for them.
 */
export const BATCH_METHOD_KINDS = {
  p2p: 'massP2p',
  wire: 'wire',
  eft: 'eft',
  creditCard: 'oct',
  cryptoEft: 'crypto_eft',
  instant: 'instant_payment',
  interac: 'interac',
} as const;

/**
 * The kind whose limits global pay takes (schemas/data/transfer-pricing.json): a batch's payments, or one
 * sent alone, count from their submission (when their money is held) until refused, expired, failed or
 * their batch is rejected.
 */
export const GLOBAL_PAY_KIND = 'globalPay';

/**
 * What the customer has already sent today and this month (UTC) of this kind from this currency.
 * Every transfer that is not declined, canceled or failed counts: held ones (awaiting a code or an
 * approver) as well as completed ones and those waiting in escrow for their payee. So do the payments of
 * a funded batch that are no transfers yet (a rail batch's rows the runner has not reached, a batch
 * waiting for an approver), counted from the batch's funding, each once: when the runner writes a row's
 * transfer it stops counting as a row. The transfers are read from their daily sums (migration 0068), so the
 * check costs the same on the first transfer of the month as on the thousandth. Limits are kept
 * per source currency, in its own units (schemas/data/transfer-pricing.json): amounts sent from
 * other currencies count against their own currency's limit, so nothing is converted. A transfer
 * into another currency counts what left the source account.
 */
export async function limitUsage(db: Kysely<Database> | Transaction<Database>, customerId: number, kind: string, currency: string): Promise<LimitUsage> {
  const dayStart = sql<Date>`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;
  const monthStart = sql<Date>`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`;
  const batchTypes = Object.entries(BATCH_METHOD_KINDS)
    .filter(([, batchKind]) => batchKind === kind)
    .map(([method]) => method);
  const batched = batchTypes.length
    ? await db
        .selectFrom('transfer_batch_rows as r')
        .innerJoin('transfer_batches as b', 'b.id', 'r.batch_id')
        .innerJoin('ledger_transactions as f', 'f.id', 'b.funding_transaction_id')
        .select([
          sql<string>`coalesce(sum(r.amount) filter (where f.created_at >= ${dayStart}), 0)::text`.as('today'),
          sql<string>`coalesce(sum(r.amount), 0)::text`.as('month'),
        ])
        .where('b.customer_id', '=', customerId)
        .where('b.type', 'in', batchTypes)
        .where('b.currency_code', '=', currency)
        .where('b.status', 'in', ['awaitingApproval', 'processing'])
        .where('r.transfer_id', 'is', null)
        .where('r.status', 'in', ['valid', 'pending'])
        .where('f.created_at', '>=', monthStart)
        .executeTakeFirstOrThrow()
    : { today: '0', month: '0' };
  const globalPay =
    kind === GLOBAL_PAY_KIND
      ? await db
          .selectFrom('global_pay_payments as p')
          .innerJoin('global_pay_batches as b', 'b.id', 'p.batch_id')
          .select([
            sql<string>`coalesce(sum(p.amount) filter (where b.submitted_at >= ${dayStart}), 0)::text`.as('today'),
            sql<string>`coalesce(sum(p.amount), 0)::text`.as('month'),
          ])
          .where('b.customer_id', '=', customerId)
          .where('b.currency_code', '=', currency)
          .where('b.status', 'in', ['awaitingApproval', 'submitted', 'completed'])
          .where('p.status', 'in', ['draft', 'sent', 'awaitingApproval', 'processing', 'paid'])
          .where('b.submitted_at', '>=', monthStart)
          .executeTakeFirstOrThrow()
      : { today: '0', month: '0' };
  // What the customer's transfers wrote each day (migration 0068 keeps it as they are written), less the
  // ones of the period declined, canceled or failed since: a few rows, found by their partial index, whose
  // predicate these literal statuses must match for the planner to use it.
  const row = await db
    .with('written', (q) =>
      q
        .selectFrom('transfer_limit_usage')
        .select([
          sql<string>`coalesce(sum(amount) filter (where day = (now() at time zone 'utc')::date), 0)`.as('today'),
          sql<string>`coalesce(sum(amount), 0)`.as('month'),
        ])
        .where('customer_id', '=', customerId)
        .where('kind', '=', kind)
        .where('currency_code', '=', currency)
        .where(sql<boolean>`day >= date_trunc('month', now() at time zone 'utc')::date`),
    )
    .with('uncounted', (q) =>
      q
        .selectFrom('transfers')
        .select([sql<string>`coalesce(sum(amount) filter (where created_at >= ${dayStart}), 0)`.as('today'), sql<string>`coalesce(sum(amount), 0)`.as('month')])
        .where('customer_id', '=', customerId)
        .where(sql<boolean>`status in ('declined', 'canceled', 'failed')`)
        .where('kind', '=', kind)
        .where('currency_code', '=', currency)
        .where('created_at', '>=', monthStart),
    )
    .selectFrom(['written', 'uncounted'])
    .select([sql<string>`(written.today - uncounted.today)::text`.as('today'), sql<string>`(written.month - uncounted.month)::text`.as('month')])
    .executeTakeFirstOrThrow();
  return {
    today: BigInt(row.today) + BigInt(batched.today) + BigInt(globalPay.today),
    month: BigInt(row.month) + BigInt(batched.month) + BigInt(globalPay.month),
  };
}

/** A transfer to be checked against its kind's limits: what leaves the source, in its minor units. */
export interface LimitCheck {
  customerId: number;
  /** The kind of transfer, a key of `kinds` in schemas/data/transfer-pricing.json. */
  kind: string;
  /** The source account's currency, and its scale (decimals). */
  currency: string;
  scale: number;
  /** What leaves the source account before the fee. */
  amount: bigint;
}

/**
 * The one limit check of every transfer (document 001 section 7, 'Customer limits'): refuses, with
 * TA1 on the amount field, a transfer above its kind's single-transfer, daily or monthly limit,
 * naming the limit and what is left. Nothing else may decide whether money fits a limit.
 *
 * How to call it, for every kind (account, p2p, invoice, card load, and the external and mass kinds
 * still to come): inside the money-moving transaction, after pricing and before the hold, then write
 * the transfer row in the same transaction. It first locks the customer's row, so the checks of one
 * customer run one after another: each reads (read committed, after the lock) what the ones before
 * it held and committed, and the lock is held until this transfer commits or rolls back. A mass
 * transfer calls it once per item, inserting each item's transfer row before checking the next:
 * the lock is already its own, and the rows it wrote count. Without the lock, twenty transfers sent
 * at once each read the same total and all fit (issue 11). It answers what the locked row says of the
 * payer (their name and approval mode), so the transfer needs no second read of it.
 *
 * @example
 * const payer = await checkTransferLimits(trx, { customerId, kind: 'p2p', currency: 'USD', scale: 2, amount: 12_000_00n });
 */
export async function checkTransferLimits(trx: Transaction<Database>, input: LimitCheck): Promise<LockedPayer> {
  const limits = transferLimits(input.kind, input.scale);
  const payer = await lockPayer(trx, input.customerId);
  if (input.amount > limits.perTransactionMax) {
    throw overLimit('amount', 'perTransaction', { limit: shown(limits.perTransactionMax, input) });
  }
  await checkDailyAndMonthly(trx, input, 'amount');
  return payer;
}

/**
 * The limit check of a batch (a mass batch at confirmation, a global pay batch or single payment at
 * submission): its total, as one amount, against its kind's daily and monthly limits, refused with TA1 on
 * batchId (`server.limits.daily` / `server.limits.monthly`, naming the limit and what is left). Its payments'
 * single maximums are the caller's to check. Like {@link checkTransferLimits} it first locks the payer's row,
 * and must be called in the transaction that then holds the batch's money, before the hold.
 *
 * @example
 * const payer = await checkBatchLimits(trx, { customerId, kind: 'massP2p', currency: 'USD', scale: 2, amount: batch.total_amount });
 */
export async function checkBatchLimits(trx: Transaction<Database>, input: LimitCheck): Promise<LockedPayer> {
  const payer = await lockPayer(trx, input.customerId);
  await checkDailyAndMonthly(trx, input, 'batchId');
  return payer;
}

const shown = (minor: bigint, input: { scale: number; currency: string }) => ({
  amount: formatMinorUnits(minor > 0n ? minor : 0n, input.scale),
  currency: input.currency,
});

const overLimit = (field: string, key: string, values: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key: `server.limits.${key}`, values }] });

/** Refuses, on `field`, an amount over what is left of its kind's daily or monthly limit. The payer's lock is the caller's. */
async function checkDailyAndMonthly(trx: Transaction<Database>, input: LimitCheck, field: string): Promise<void> {
  const limits = transferLimits(input.kind, input.scale);
  const show = (minor: bigint) => shown(minor, input);
  const used = await limitUsage(trx, input.customerId, input.kind, input.currency);
  const leftToday = limits.dailyMax - used.today;
  if (input.amount > leftToday) throw overLimit(field, 'daily', { limit: show(limits.dailyMax), left: show(leftToday) });
  const leftThisMonth = limits.monthlyMax - used.month;
  if (input.amount > leftThisMonth) {
    throw overLimit(field, 'monthly', { limit: show(limits.monthlyMax), left: show(leftThisMonth) });
  }
}

/** At most this many daily sums are forgotten per wake-up, so one wake-up never holds the table for long. */
const PRUNE_BATCH = 5_000;

/**
 * Forgets the daily sums (`transfer_limit_usage`, migration 0068) of the days before last month: the limits
 * read only this month's (`limitUsage`), so without this the table would keep a row per customer, kind,
 * currency and day for ever. Last month's stay, so a sum is never forgotten while a clock a little behind
 * may still read it. Runs on each scheduler wake-up; the index of migration 0069 finds the old rows, so a
 * wake-up with nothing to forget costs one index probe. Answers how many were forgotten.
 *
 * @example
 * await pruneLimitUsage(db, new Date('2026-11-29T08:00:00Z')); // rows before 2026-10-01, at most 5,000
 */
export async function pruneLimitUsage(db: Kysely<Database>, now: Date): Promise<number> {
  const keepFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const forgotten = await sql`
    delete from transfer_limit_usage
    where ctid in (select ctid from transfer_limit_usage where day < ${keepFrom}::date limit ${PRUNE_BATCH})`.execute(db);
  return Number(forgotten.numAffectedRows ?? 0n);
}
