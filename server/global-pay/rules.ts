import rulesData from '../../schemas/data/global-pay-methods.json' with { type: 'json' };
import rulesSchema from '../../schemas/data/global-pay-methods.schema.json' with { type: 'json' };
import { checked } from '../dictionaries/data.ts';
import type { RailName } from '../rails/rail-adapter.ts';
import { transferFee } from '../pricing/pricing.ts';

/** A payout method global pay offers in a country, with the currencies it pays in. */
export interface CountryMethod {
  name: RailName;
  currencies: string[];
}

interface Rules {
  expireDays: number;
  countries: Record<string, CountryMethod[]>;
}

/** schemas/data/global-pay-methods.json, checked when the server loads. */
const RULES = checked<Rules>('global-pay-methods.json', rulesSchema, rulesData);

/** Days a recipient link stays good after its batch is approved. */
export const EXPIRE_DAYS = RULES.expireDays;

/** The countries global pay serves, in code order. */
export const globalPayCountries = (): string[] => Object.keys(RULES.countries).sort();

/**
 * The payout methods of a country, in the order offered; empty for a country global pay does not serve.
 *
 * @example
 * countryMethods('BR'); // [{ name: 'instant_payment', currencies: ['BRL'] }, { name: 'eft', ... }, ...]
 */
export const countryMethods = (countryCode: string): CountryMethod[] => RULES.countries[countryCode] ?? [];

/** The country's methods the sender did not forbid. */
export const allowedMethods = (countryCode: string, forbidden: readonly string[]): CountryMethod[] =>
  countryMethods(countryCode).filter((method) => !forbidden.includes(method.name));

/**
 * The most fee a payment may cost by a method it allows, in any country its recipient may choose (a fee
 * depends on the rail, not the country), minor units: what the sender's side holds for it when they pay the fee.
 *
 * @example
 * highestFee(['oct'], 10_000n); // the dearest of every other rail's fee on 100.00
 */
export function highestFee(forbidden: readonly string[], amount: bigint): bigint {
  const rails = new Set(globalPayCountries().flatMap((country) => allowedMethods(country, forbidden).map((method) => method.name)));
  let highest = 0n;
  for (const rail of rails) {
    const fee = transferFee(rail, amount);
    if (fee > highest) highest = fee;
  }
  return highest;
}
