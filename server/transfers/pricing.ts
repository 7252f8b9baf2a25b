import { sql, type Kysely, type Transaction } from 'kysely';
import pricingData from '../../schemas/data/transfer-pricing.json' with { type: 'json' };
import pricingSchema from '../../schemas/data/transfer-pricing.schema.json' with { type: 'json' };
import type { Database } from '../db/schema.ts';
import { checked } from '../dictionaries/data.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { lockPayer, type LockedPayer } from './parties.ts';

/** Fees and limits of one kind of transfer, as schemas/data/transfer-pricing.json states them. */
export interface KindPricing {
  feeBasisPoints: number;
  feeMinMinor: number;
  feeMaxMinor: number;
  perTransactionMax: string;
  dailyMax: string;
  monthlyMax: string;
}

interface PricingFile {
  ratesPerUsd: Record<string, string>;
  fxMarginBasisPoints: number;
  kinds: Record<string, KindPricing>;
}

const PRICING = checked<PricingFile>('transfer-pricing.json', pricingSchema, pricingData);

/** Rates are carried as integers scaled by 10^12: exact enough for any amount we hold, and no floats. */
const RATE_DIGITS = 12;
const RATE_SCALE = 10n ** BigInt(RATE_DIGITS);

function scaledDecimal(value: string): bigint {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole! + fraction.padEnd(RATE_DIGITS, '0').slice(0, RATE_DIGITS));
}

const divideUp = (numerator: bigint, denominator: bigint) => (numerator + denominator - 1n) / denominator;

/** An exchange rate: units of the target currency per unit of the source, scaled by 10^12. */
export interface ExchangeRate {
  scaled: bigint;
  /** Six decimals, as the screens show it ('1' for the same currency). */
  text: string;
}

/** The currencies the rates table prices. */
export const pricedCurrencies = (): string[] => Object.keys(PRICING.ratesPerUsd);

/**
 * What one unit of `from` buys in `to`, after the FX margin. 1 for the same currency or when either
 * is missing (document 001 section 5). Throws a TA1 refusal for a currency without a rate.
 *
 * @example
 * exchangeRate('USD', 'EUR').text; // '0.915400'
 * exchangeRate('EUR', 'EUR').text; // '1'
 */
export function exchangeRate(from: string | undefined, to: string | undefined): ExchangeRate {
  if (!from || !to || from === to) return { scaled: RATE_SCALE, text: '1' };
  const fromRate = PRICING.ratesPerUsd[from];
  const toRate = PRICING.ratesPerUsd[to];
  if (!fromRate || !toRate) {
    throw new RpcRefusal('TA1', {
      validationErrors: [{ field: 'currency', description: `There is no exchange rate between ${from} and ${to}: choose accounts in other currencies.` }],
    });
  }
  const margin = BigInt(10_000 - PRICING.fxMarginBasisPoints);
  const scaled = (scaledDecimal(toRate) * RATE_SCALE * margin) / (scaledDecimal(fromRate) * 10_000n);
  return { scaled, text: formatMinorUnits(scaled / 10n ** 6n, 6) };
}

/**
 * `amount` minor units of `from` in minor units of `to` at the day's mid rate (no margin: what the money
 * is worth, not what an exchange would pay), rounded half away from zero; `null` when either currency has
 * no rate.
 *
 * @example
 * convertAtMidRate(10000n, { currency: 'USD', scale: 2 }, { currency: 'USD', scale: 2 }); // 10000n
 * convertAtMidRate(10000n, { currency: 'USD', scale: 2 }, { currency: 'XYZ', scale: 2 }); // null
 */
export function convertAtMidRate(amount: bigint, from: { currency: string; scale: number }, to: { currency: string; scale: number }): bigint | null {
  if (from.currency === to.currency && from.scale === to.scale) return amount;
  const fromRate = PRICING.ratesPerUsd[from.currency];
  const toRate = PRICING.ratesPerUsd[to.currency];
  if (!fromRate || !toRate) return null;
  const numerator = amount * scaledDecimal(toRate) * 10n ** BigInt(to.scale);
  const denominator = scaledDecimal(fromRate) * 10n ** BigInt(from.scale);
  const half = denominator / 2n;
  return numerator >= 0n ? (numerator + half) / denominator : -((-numerator + half) / denominator);
}

/** The pricing of a kind of transfer; unknown kinds are a programming error. */
export function kindPricing(kind: string): KindPricing {
  const pricing = PRICING.kinds[kind];
  if (!pricing) throw new Error(`No pricing for transfer kind '${kind}': add it to schemas/data/transfer-pricing.json.`);
  return pricing;
}

/**
 * The fee for sending `amount` minor units: basis points of the amount, rounded up, kept between
 * the kind's minimum and maximum. Zero for kinds without a fee and for a zero amount.
 *
 * @example
 * transferFee('p2p', 10_000n); // 50n (0.50 on 100.00)
 */
export function transferFee(kind: string, amount: bigint): bigint {
  const pricing = kindPricing(kind);
  if (pricing.feeBasisPoints === 0 || amount <= 0n) return 0n;
  const fee = divideUp(amount * BigInt(pricing.feeBasisPoints), 10_000n);
  const min = BigInt(pricing.feeMinMinor);
  const max = BigInt(pricing.feeMaxMinor);
  return fee < min ? min : fee > max ? max : fee;
}

/** A priced transfer, all in minor units: what leaves (amount, plus fee), what arrives, at what rate. */
export interface TransferQuote {
  amount: bigint;
  toAmount: bigint;
  fee: bigint;
  rate: ExchangeRate;
}

/**
 * Prices a transfer given what is sent (`amount`) or what must arrive (`toAmount`), each in minor
 * units of its currency. The payee's side is rounded down and the payer's up, so the bank never
 * gives away a fraction it does not hold.
 *
 * @example
 * quoteTransfer({ kind: 'account', from: { currency: 'USD', scale: 2 }, to: { currency: 'EUR', scale: 2 }, amount: 10_000n });
 * // { amount: 10000n, toAmount: 9154n, fee: 0n, rate: { text: '0.915400', … } }
 */
export function quoteTransfer(input: {
  kind: string;
  from: { currency: string; scale: number };
  to: { currency: string; scale: number };
  amount?: bigint;
  toAmount?: bigint;
}): TransferQuote {
  const rate = exchangeRate(input.from.currency, input.to.currency);
  const fromUnit = 10n ** BigInt(input.from.scale);
  const toUnit = 10n ** BigInt(input.to.scale);
  let amount: bigint;
  let toAmount: bigint;
  if (input.amount !== undefined) {
    amount = input.amount;
    toAmount = (amount * rate.scaled * toUnit) / (fromUnit * RATE_SCALE);
  } else if (input.toAmount !== undefined) {
    toAmount = input.toAmount;
    amount = divideUp(toAmount * fromUnit * RATE_SCALE, rate.scaled * toUnit);
  } else {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'amount', description: 'Enter the amount to send or the amount to receive.' }] });
  }
  return { amount, toAmount, fee: transferFee(input.kind, amount), rate };
}

/** The limits of a kind of transfer in minor units of a currency with `scale` decimals. */
export interface TransferLimits {
  perTransactionMax: bigint;
  dailyMax: bigint;
  monthlyMax: bigint;
}

/** The limits of a kind of transfer in minor units of a currency with `scale` decimals. */
export function transferLimits(kind: string, scale: number): TransferLimits {
  const pricing = kindPricing(kind);
  const unit = 10n ** BigInt(scale);
  return {
    perTransactionMax: BigInt(pricing.perTransactionMax) * unit,
    dailyMax: BigInt(pricing.dailyMax) * unit,
    monthlyMax: BigInt(pricing.monthlyMax) * unit,
  };
}

/** What a customer has already sent of one kind from one currency, in its minor units. */
export interface LimitUsage {
  /** Since the start of today (UTC). */
  today: bigint;
  /** Since the start of this calendar month (UTC). */
  month: bigint;
}

/**
 * What the customer has already sent today and this month (UTC) of this kind from this currency.
 * Every transfer that is not declined, canceled or failed counts: held ones (awaiting a code or an
 * approver) as well as completed ones and those waiting in escrow for their payee. Limits are kept
 * per source currency, in its own units (schemas/data/transfer-pricing.json): amounts sent from
 * other currencies count against their own currency's limit, so nothing is converted. A transfer
 * into another currency counts what left the source account.
 */
export async function limitUsage(db: Kysely<Database> | Transaction<Database>, customerId: number, kind: string, currency: string): Promise<LimitUsage> {
  const dayStart = sql<Date>`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;
  const monthStart = sql<Date>`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`;
  const row = await db
    .selectFrom('transfers')
    .select([
      sql<string>`coalesce(sum(amount) filter (where created_at >= ${dayStart}), 0)::text`.as('today'),
      sql<string>`coalesce(sum(amount), 0)::text`.as('month'),
    ])
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .where('currency_code', '=', currency)
    .where('status', 'not in', ['declined', 'canceled', 'failed'])
    .where('created_at', '>=', monthStart)
    .executeTakeFirstOrThrow();
  return { today: BigInt(row.today), month: BigInt(row.month) };
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
  const show = (minor: bigint) => `${formatMinorUnits(minor > 0n ? minor : 0n, input.scale)} ${input.currency}`;
  const overLimit = (description: string) => new RpcRefusal('TA1', { validationErrors: [{ field: 'amount', description }] });
  if (input.amount > limits.perTransactionMax) throw overLimit(`The most you can send at once is ${show(limits.perTransactionMax)}.`);
  const used = await limitUsage(trx, input.customerId, input.kind, input.currency);
  const leftToday = limits.dailyMax - used.today;
  if (input.amount > leftToday) throw overLimit(`This is over your daily limit of ${show(limits.dailyMax)}: you can send ${show(leftToday)} more today.`);
  const leftThisMonth = limits.monthlyMax - used.month;
  if (input.amount > leftThisMonth) {
    throw overLimit(`This is over your monthly limit of ${show(limits.monthlyMax)}: you can send ${show(leftThisMonth)} more this month.`);
  }
  return payer;
}
