import { positiveAmount } from '../accounts/paying-account.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { transferFee } from '../pricing/pricing.ts';
import type { RailName } from './rail-adapter.ts';

/** A rail's fee and the total held, as every `<rail>Fee` call answers them. */
export interface RailFeeQuote {
  fee: string;
  total: string;
  currencyCode: string;
}

/**
 * The fee a payout of `amountText` (as the customer typed it) costs on `rail` from `account`, and the total
 * held: the pricing data's rule for the rail (or its fee `variant`). An amount that is not above zero is
 * refused on the amount field.
 *
 * @example
 * railFeeQuote('eft', '100.00', { scale: 2, currency_code: 'EUR' }); // { fee: '3.00', total: '103.00', currencyCode: 'EUR' }
 */
export function railFeeQuote(rail: RailName, amountText: string, account: { scale: number; currency_code: string }, variant?: string): RailFeeQuote {
  const amount = positiveAmount(amountText, account.scale, 'amount', 'server.amounts.aboveZeroForFee');
  const fee = transferFee(rail, amount, variant);
  return { fee: formatMinorUnits(fee, account.scale), total: formatMinorUnits(amount + fee, account.scale), currencyCode: account.currency_code };
}
