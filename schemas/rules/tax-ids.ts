/**
 * The per-country tax-id table (schemas/data/tax-ids.json, document 002 section 3) as every tax-id field
 * reads it, alike in the browser and on the server: for a country and a customer kind, the number's name
 * (a locale key), short name, whether it is required, its pattern, and the country's crs flag. A country
 * missing from the table (or none at all): optional, no pattern, crs false, named generically. This module
 * imports only the table, so the browser bundle takes it as it is; the server checks the table against its
 * schema when it starts (server/dictionaries/data.ts).
 */
import table from '../data/tax-ids.json' with { type: 'json' };

/** Whose number: a person's or a company's. */
export type TaxIdKind = 'personal' | 'business';

/** One tax number of the table. */
export interface TaxNumberRule {
  /** Its name in every language: the locale key `server.taxIds.<nameKey>`. */
  nameKey: string;
  shortName: string;
  required: boolean;
  /** Matched against the number in capitals without spaces (normalizeTaxId). */
  pattern?: string;
}

/** The tax number a customer of a kind in a country gives, and the country's crs flag. */
export interface TaxRequirement extends TaxNumberRule {
  countryCode: string | null;
  crs: boolean;
}

interface TaxCountry {
  personal: TaxNumberRule;
  business: TaxNumberRule;
  crs: boolean;
}

const COUNTRIES: Readonly<Record<string, TaxCountry | undefined>> = table.countries;

/** What a country missing from the table asks for. */
export const UNLISTED_COUNTRY: TaxNumberRule & { crs: false } = { nameKey: 'taxIdentificationNumber', shortName: 'TIN', required: false, crs: false };

/**
 * The tax-id rule for a country and a kind.
 *
 * @example
 * taxRequirement('US', 'personal'); // { nameKey: 'socialSecurityNumber', shortName: 'SSN', required: true, crs: false, ... }
 * taxRequirement('ZW', 'business'); // { nameKey: 'taxIdentificationNumber', shortName: 'TIN', required: false, crs: false, countryCode: 'ZW' }
 */
export function taxRequirement(countryCode: string | null | undefined, kind: TaxIdKind): TaxRequirement {
  const country = countryCode ? COUNTRIES[countryCode] : undefined;
  if (!country) return { countryCode: countryCode ?? null, ...UNLISTED_COUNTRY };
  return { countryCode: countryCode ?? null, ...country[kind], crs: country.crs };
}

/**
 * A tax number as stored and matched: capitals, no spaces.
 *
 * @example
 * normalizeTaxId(' ab 12 34 56 c'); // 'AB123456C'
 */
export const normalizeTaxId = (taxId: string): string => taxId.replace(/\s+/g, '').toUpperCase();

/**
 * Whether a (normalized) tax number fits the rule's pattern; a rule without one accepts any number of 3 to
 * 30 letters, digits and separators.
 *
 * @example
 * taxIdMatches(taxRequirement('GB', 'personal'), normalizeTaxId('ab 12 34 56 c')); // true
 */
export function taxIdMatches(rule: TaxNumberRule, taxId: string): boolean {
  return rule.pattern ? new RegExp(rule.pattern, 'u').test(taxId) : /^[A-Z0-9][A-Z0-9./-]{2,29}$/u.test(taxId);
}

/** What is wrong with a tax number typed in a field: nothing, missing (the country requires one) or not matching. */
export type TaxIdProblem = 'required' | 'pattern' | null;

/**
 * Checks a tax-id field's value (as typed; blank means not given) against the table.
 *
 * @example
 * taxIdProblem('US', 'business', ''); // 'required'
 * taxIdProblem('ZW', 'business', ''); // null
 */
export function taxIdProblem(countryCode: string | null | undefined, kind: TaxIdKind, typed: string | undefined): TaxIdProblem {
  const rule = taxRequirement(countryCode, kind);
  const taxId = normalizeTaxId(typed ?? '');
  if (taxId === '') return rule.required ? 'required' : null;
  return taxIdMatches(rule, taxId) ? null : 'pattern';
}
