import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import payoutCurrenciesData from '../../schemas/data/payout-currencies.json' with { type: 'json' };
import payoutCurrenciesSchema from '../../schemas/data/payout-currencies.schema.json' with { type: 'json' };
import { checked } from '../dictionaries/data.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import type { CurrencyScale } from './fee-quote.ts';
import type { RailName } from './rail-adapter.ts';

interface RailCurrencies {
  currencies: string[];
  countries?: Record<string, string[]>;
}

const RULES = checked<{ rails: Partial<Record<RailName, RailCurrencies>> }>('payout-currencies.json', payoutCurrenciesSchema, payoutCurrenciesData).rails;

/**
 * The currencies a payout on `rail` from an account in `accountCurrency` may be sent in, the account's
 * first (schemas/data/payout-currencies.json): besides it, those the beneficiary's country names for the
 * rail, or else the rail's own list.
 *
 * @example
 * payoutCurrencies('wire', 'EUR', 'DE'); // ['EUR', 'USD', 'GBP', 'CAD', 'AUD', 'RON']
 * payoutCurrencies('wire', 'EUR', 'US'); // ['EUR', 'USD']
 * payoutCurrencies('crypto_eft', 'BTC'); // ['BTC']
 */
export function payoutCurrencies(rail: RailName, accountCurrency: string, countryCode?: string): string[] {
  const rule = RULES[rail];
  const offered = (countryCode ? rule?.countries?.[countryCode] : undefined) ?? rule?.currencies ?? [];
  return [accountCurrency, ...offered.filter((code) => code !== accountCurrency)];
}

/**
 * The currency a payout is sent in: the account's when none is asked, else the one asked where the rail
 * offers it to that country; one it does not is refused on the `toCurrency` field.
 *
 * @example
 * payoutCurrency('wire', 'EUR', 'USD', 'DE'); // 'USD'
 * payoutCurrency('wire', 'EUR', 'GBP', 'US'); // throws TA1 on toCurrency
 */
export function payoutCurrency(rail: RailName, accountCurrency: string, toCurrency: string | undefined, countryCode?: string): string {
  if (!toCurrency || toCurrency === accountCurrency) return accountCurrency;
  const offered = payoutCurrencies(rail, accountCurrency, countryCode);
  if (!offered.includes(toCurrency)) {
    throw new RpcRefusal('TA1', {
      validationErrors: [{ field: 'toCurrency', key: 'rails.currencyNotOffered', values: { currency: toCurrency, currencies: offered.join(', ') } }],
    });
  }
  return toCurrency;
}

/**
 * The currency a payout from `account` is sent in, with its decimals (payoutCurrency's rule): the
 * account's own when none is asked.
 *
 * @example
 * await receivingCurrency(db, 'wire', { scale: 2, currency_code: 'EUR' }, 'USD', 'DE'); // { scale: 2, currency_code: 'USD' }
 */
export async function receivingCurrency(
  db: Kysely<Database> | Transaction<Database>,
  rail: RailName,
  account: CurrencyScale,
  toCurrency: string | undefined,
  countryCode?: string,
): Promise<CurrencyScale> {
  const code = payoutCurrency(rail, account.currency_code, toCurrency, countryCode);
  if (code === account.currency_code) return { scale: account.scale, currency_code: account.currency_code };
  const currency = await db.selectFrom('currencies').select('scale').where('code', '=', code).executeTakeFirst();
  if (!currency)
    throw new RpcRefusal('TA1', {
      validationErrors: [{ field: 'toCurrency', key: 'rails.currencyNotOffered', values: { currency: code, currencies: account.currency_code } }],
    });
  return { scale: currency.scale, currency_code: code };
}
