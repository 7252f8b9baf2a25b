import { positiveAmount } from '../accounts/paying-account.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { quoteTransfer, transferFee } from '../pricing/pricing.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import type { RailName } from './rail-adapter.ts';

/** A currency with its decimals, as the `currencies` table holds it. */
export interface CurrencyScale {
  scale: number;
  currency_code: string;
}

/**
 * What a payout of an amount costs and brings, in minor units: the fee and the total held in the account's
 * currency, what the beneficiary is sent in the payout's currency, and the rate between them.
 */
export interface RailQuote {
  amount: bigint;
  fee: bigint;
  toAmount: bigint;
  /** The rate of transferQuote (pricing.ts), '1' when the payout is sent in the account's currency. */
  rate: string;
}

/**
 * The fee and the amount to receive of `amount` (minor units of `account`'s currency) sent on `rail` in
 * `receive`'s currency: the rail's fee (or its `variant`'s, transfer-pricing.json), and the conversion the
 * account-to-account transfer makes (quoteTransfer, the product's rate with its margin). An amount that
 * converts to nothing is refused on the amount field.
 *
 * @example
 * railQuote('wire', 10000n, { scale: 2, currency_code: 'EUR' }, { scale: 2, currency_code: 'USD' }); // { amount: 10000n, fee: 1000n, toAmount: 10814n, rate: '1.081413' }
 */
export function railQuote(rail: RailName, amount: bigint, account: CurrencyScale, receive: CurrencyScale = account, variant?: string): RailQuote {
  const fee = transferFee(rail, amount, variant);
  if (receive.currency_code === account.currency_code) return { amount, fee, toAmount: amount, rate: '1' };
  const quote = quoteTransfer({
    kind: rail,
    from: { currency: account.currency_code, scale: account.scale },
    to: { currency: receive.currency_code, scale: receive.scale },
    amount,
  });
  if (quote.toAmount <= 0n) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'amount', key: 'server.transfers.tooSmall' }] });
  return { amount, fee, toAmount: quote.toAmount, rate: quote.rate.text };
}

/** A rail's fee, the total held, and what the beneficiary receives at which rate, as every `<rail>Fee` call answers them. */
export interface RailFeeQuote {
  fee: string;
  total: string;
  currencyCode: string;
  toAmount: string;
  toCurrencyCode: string;
  exchangeRate: string;
}

/**
 * The fee a payout of `amountText` (as the customer typed it) costs on `rail` from `account`, the total
 * held, and the amount the beneficiary receives in `receive`'s currency (the account's when not given) at
 * the rate of railQuote. An amount that is not above zero is refused on the amount field.
 *
 * @example
 * railFeeQuote('eft', '100.00', { scale: 2, currency_code: 'EUR' });
 * // { fee: '3.00', total: '103.00', currencyCode: 'EUR', toAmount: '100.00', toCurrencyCode: 'EUR', exchangeRate: '1' }
 */
export function railFeeQuote(rail: RailName, amountText: string, account: CurrencyScale, variant?: string, receive: CurrencyScale = account): RailFeeQuote {
  const amount = positiveAmount(amountText, account.scale, 'amount', 'server.amounts.aboveZeroForFee');
  const quote = railQuote(rail, amount, account, receive, variant);
  return {
    fee: formatMinorUnits(quote.fee, account.scale),
    total: formatMinorUnits(amount + quote.fee, account.scale),
    currencyCode: account.currency_code,
    toAmount: formatMinorUnits(quote.toAmount, receive.scale),
    toCurrencyCode: receive.currency_code,
    exchangeRate: quote.rate,
  };
}
