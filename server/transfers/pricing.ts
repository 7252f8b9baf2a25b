import { sql, type Kysely, type Transaction } from 'kysely';
import pricingData from '../../schemas/data/transfer-pricing.json' with { type: 'json' };
import pricingSchema from '../../schemas/data/transfer-pricing.schema.json' with { type: 'json' };
import type { Database } from '../db/schema.ts';
import { checked } from '../dictionaries/data.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** Fees and limits of one kind of transfer, as schemas/data/transfer-pricing.json states them. */
export interface KindPricing {
  feeBasisPoints: number;
  feeMinMinor: number;
  feeMaxMinor: number;
  perTransactionMax: string;
  dailyMax: string;
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
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'currency', description: `There is no exchange rate between ${from} and ${to}: choose accounts in other currencies.` }] });
  }
  const margin = BigInt(10_000 - PRICING.fxMarginBasisPoints);
  const scaled = (scaledDecimal(toRate) * RATE_SCALE * margin) / (scaledDecimal(fromRate) * 10_000n);
  return { scaled, text: formatMinorUnits(scaled / 10n ** 6n, 6) };
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
export function transferLimits(kind: string, scale: number): { perTransactionMax: bigint; dailyMax: bigint } {
  const pricing = kindPricing(kind);
  const unit = 10n ** BigInt(scale);
  return { perTransactionMax: BigInt(pricing.perTransactionMax) * unit, dailyMax: BigInt(pricing.dailyMax) * unit };
}

/**
 * What the customer has already sent today (UTC) of this kind from this currency, counting every
 * transfer not declined, canceled or failed.
 */
export async function sentToday(db: Kysely<Database> | Transaction<Database>, customerId: number, kind: string, currency: string): Promise<bigint> {
  const row = await db
    .selectFrom('transfers')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .where('currency_code', '=', currency)
    .where('status', 'not in', ['declined', 'canceled', 'failed'])
    .where('created_at', '>=', sql<Date>`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/**
 * Refuses, on the amount field, a transfer above the kind's single or daily limit, naming the limit
 * and what is left today. Every kind of transfer calls it inside the money-moving transaction that
 * then writes the transfer and its hold: it first locks the customer's row, so concurrent transfers
 * of one customer check one after another and each sees what the one before it held (read
 * committed, after the lock). Without the lock, twenty transfers sent at once each read the same
 * total and all fit. The lock is held until the transfer commits or rolls back.
 *
 * @example
 * await checkTransferLimits(trx, { customerId, kind: 'p2p', currency: 'USD', scale: 2, amount: 12_000_00n });
 */
export async function checkTransferLimits(
  db: Kysely<Database> | Transaction<Database>,
  input: { customerId: number; kind: string; currency: string; scale: number; amount: bigint },
): Promise<void> {
  const limits = transferLimits(input.kind, input.scale);
  // No key update: it serialises the checks of one customer without waiting on the key-share locks
  // that foreign keys to the customer (the idempotency key this call already claimed) take.
  await db.selectFrom('customers').select('id').where('id', '=', input.customerId).forNoKeyUpdate().executeTakeFirst();
  const show = (minor: bigint) => `${formatMinorUnits(minor, input.scale)} ${input.currency}`;
  if (input.amount > limits.perTransactionMax) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'amount', description: `The most you can send at once is ${show(limits.perTransactionMax)}.` }] });
  }
  const left = limits.dailyMax - (await sentToday(db, input.customerId, input.kind, input.currency));
  if (input.amount > left) {
    throw new RpcRefusal('TA1', {
      validationErrors: [{ field: 'amount', description: `This is over your daily limit of ${show(limits.dailyMax)}: you can send ${show(left > 0n ? left : 0n)} more today.` }],
    });
  }
}
