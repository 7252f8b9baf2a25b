import maxAmountsData from '../../schemas/data/country-max-amounts.json' with { type: 'json' };
import maxAmountsSchema from '../../schemas/data/country-max-amounts.schema.json' with { type: 'json' };
import { checked } from '../dictionaries/data.ts';
import type { RailName } from './rail-adapter.ts';

interface CountryMaxAmountEntry {
  countryCode: string;
  currencyCode: string;
  operation: RailName;
  maxAmount: string;
}

const MAX_AMOUNTS = checked<{ maxAmounts: CountryMaxAmountEntry[] }>('country-max-amounts.json', maxAmountsSchema, maxAmountsData).maxAmounts;

/**
 * The most one payout on `operation` may send in `currencyCode` to a bank in `countryCode`, in minor units
 * of a currency with `scale` decimals (schemas/data/country-max-amounts.json); `null` where the country has
 * no maximum of its own for that currency and operation.
 *
 * @example
 * countryMaxAmount({ countryCode: 'RO', currencyCode: 'EUR', operation: 'wire', scale: 2 }); // 500000n
 * countryMaxAmount({ countryCode: 'RO', currencyCode: 'EUR', operation: 'eft', scale: 2 }); // null
 */
export function countryMaxAmount(input: { countryCode: string; currencyCode: string; operation: RailName; scale: number }): bigint | null {
  const entry = MAX_AMOUNTS.find(
    (item) => item.countryCode === input.countryCode && item.currencyCode === input.currencyCode && item.operation === input.operation,
  );
  return entry ? BigInt(entry.maxAmount) * 10n ** BigInt(input.scale) : null;
}
