import { composeIBAN, electronicFormatIBAN, isValidIBAN } from 'ibantools';

/**
 * The bank numbers payment instructions carry: IBAN (ISO 13616: check digits, and each country's length and
 * format, from the maintained `ibantools`) and the ABA routing number of US ACH payments. The ABA checksum
 * stays hand-written: it is three lines, and no maintained library does only that. Pure functions, no I/O.
 */

/**
 * An IBAN from its country and its basic bank account number (BBAN), with valid check digits, in the
 * electronic form (no spaces). Throws when the BBAN does not fit the country's IBAN format, which for the
 * rails' own BBANs is a programming error.
 *
 * @example
 * buildIban('DE', '370400440532013000'); // 'DE89370400440532013000'
 */
export function buildIban(countryCode: string, bban: string): string {
  const iban = composeIBAN({ countryCode: countryCode.toUpperCase(), bban: bban.toUpperCase() });
  if (!iban) throw new Error(`${countryCode} ${bban} is not a BBAN of that country's IBAN format`);
  return iban;
}

/**
 * Whether an IBAN is right (spaces ignored, any case): its country's length and format, and its check digits.
 *
 * @example
 * isValidIban('GB82 WEST 1234 5698 7654 32'); // true
 */
export function isValidIban(iban: string): boolean {
  return isValidIBAN(electronicFormatIBAN(iban) ?? '');
}

/** Weights of the ABA routing number checksum: 3, 7, 1 repeated. */
const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/**
 * The ninth digit of an ABA routing number from its first eight.
 *
 * @example
 * abaCheckDigit('02100002'); // '1' (021000021)
 */
export function abaCheckDigit(first8: string): string {
  const sum = [...first8].reduce((total, digit, index) => total + Number(digit) * ABA_WEIGHTS[index]!, 0);
  return String((10 - (sum % 10)) % 10);
}

/**
 * Whether a nine-digit ABA routing number passes its checksum.
 *
 * @example
 * isValidRoutingNumber('021000021'); // true
 */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^[0-9]{9}$/.test(routing)) return false;
  return [...routing].reduce((total, digit, index) => total + Number(digit) * ABA_WEIGHTS[index]!, 0) % 10 === 0;
}
