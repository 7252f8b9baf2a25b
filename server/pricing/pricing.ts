import pricingData from '../../schemas/data/transfer-pricing.json' with { type: 'json' };
import pricingSchema from '../../schemas/data/transfer-pricing.schema.json' with { type: 'json' };
import { checked } from '../dictionaries/data.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** A fee as basis points of the amount, kept between a minimum and a maximum in minor units. */
export interface FeeRule {
  feeBasisPoints: number;
  feeMinMinor: number;
  feeMaxMinor: number;
}

/** Fees and limits of one kind of transfer, as schemas/data/transfer-pricing.json states them. */
export interface KindPricing extends FeeRule {
  /** Other ways to pay the same transfer (a wire's 'our' or 'express'), each with its own fee rule. */
  variants?: Record<string, FeeRule>;
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
 * The margin every conversion takes (transfer-pricing.json's fxMarginBasisPoints), in percent.
 *
 * @example
 * fxMarginPercent(); // '0.5' for 50 basis points
 */
export const fxMarginPercent = (): string => String(PRICING.fxMarginBasisPoints / 100);

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
      validationErrors: [{ field: 'currency', key: 'server.pricing.noRate', values: { from, to } }],
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
 * the kind's minimum and maximum, so a kind without a percentage charges its minimum as a flat fee. Zero for
 * kinds whose minimum is zero too and for a zero amount.
 *
 * @example
 * transferFee('p2p', 10_000n); // 50n (0.50 on 100.00)
 * transferFee('eft', 10_000n); // 300n, the flat 3.00
 * transferFee('wire', 100_000n, 'express'); // the wire's express fee rule instead of its standard one
 */
export function transferFee(kind: string, amount: bigint, variant?: string): bigint {
  const kindRule = kindPricing(kind);
  const pricing = variant ? kindRule.variants?.[variant] : kindRule;
  if (!pricing) throw new Error(`No fee variant '${variant}' for transfer kind '${kind}': add it to schemas/data/transfer-pricing.json.`);
  // A kind without a percentage may still charge a flat fee: its minimum (eft's 3.00, interac's 1.50).
  if (amount <= 0n) return 0n;
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
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'amount', key: 'server.pricing.enterAmount' }] });
  }
  return { amount, toAmount, fee: transferFee(input.kind, amount), rate };
}

/** The names of a kind's fee variants (empty when it has one fee only). */
export const feeVariants = (kind: string): string[] => Object.keys(kindPricing(kind).variants ?? {});

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
