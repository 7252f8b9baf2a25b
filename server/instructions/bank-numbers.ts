import { composeIBAN, electronicFormatIBAN, isValidIBAN } from 'ibantools';

/**
 * The bank numbers payment instructions carry: IBAN (ISO 13616: check digits, and each country's length and
 * format, from the maintained `ibantools`) and the ABA routing number of US ACH payments (its checksum in
 * schemas/rules/routing-number.ts, which the browser bundle imports too). Pure functions, no I/O.
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

/** The ABA routing number's check digit and checksum live in schemas/rules/, where the browser reads them too. */
export { abaCheckDigit, isValidRoutingNumber } from '../../schemas/rules/routing-number.ts';
