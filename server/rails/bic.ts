import { isValidBIC } from 'ibantools';

/**
 * A BIC (SWIFT code) as the rail wants it: capitals, no spaces.
 *
 * @example
 * normalBic(' deut de ff '); // 'DEUTDEFF'
 */
export function normalBic(bic: string): string {
  return bic.replace(/\s+/g, '').toUpperCase();
}

/**
 * Whether a BIC is well formed (ISO 9362): four letters of the bank, the ISO 3166 country of the bank (a
 * real country), two letters or digits of the location, and optionally three of the branch; spaces and
 * case ignored. The format check comes from the maintained `ibantools`, as the IBAN check does.
 *
 * @example
 * isValidBic('DEUTDEFF500'); // true
 * isValidBic('DEUTXXFF'); // false: XX is no country
 */
export function isValidBic(bic: string): boolean {
  return isValidBIC(normalBic(bic));
}
