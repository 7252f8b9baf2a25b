/**
 * Check digits of the bank numbers payment instructions carry: IBAN (ISO 13616, mod 97-10) and the
 * ABA routing number of US ACH payments. Pure functions, no I/O.
 */

/** The IBAN's letters as numbers (A=10 … Z=35), so the whole IBAN reads as one big integer. */
function ibanDigits(text: string): string {
  return [...text].map((character) => (/[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character)).join('');
}

/** The remainder of a long decimal string divided by 97, without floating point. */
function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

/**
 * The two check digits of an IBAN for a country and its basic bank account number (BBAN).
 *
 * @example
 * ibanCheckDigits('GB', 'WEST12345698765432'); // '82' (GB82 WEST 1234 5698 7654 32)
 */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  const remainder = mod97(ibanDigits(`${bban}${countryCode}00`.toUpperCase()));
  return String(98 - remainder).padStart(2, '0');
}

/**
 * An IBAN from its country and BBAN, with valid check digits, in the electronic form (no spaces).
 *
 * @example
 * buildIban('DE', '370400440532013000'); // 'DE89370400440532013000'
 */
export function buildIban(countryCode: string, bban: string): string {
  return `${countryCode}${ibanCheckDigits(countryCode, bban)}${bban}`.toUpperCase();
}

/**
 * Whether an IBAN's check digits are right (spaces ignored): the number read mod 97 is 1.
 *
 * @example
 * isValidIban('GB82 WEST 1234 5698 7654 32'); // true
 */
export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  return mod97(ibanDigits(`${compact.slice(4)}${compact.slice(0, 4)}`)) === 1;
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
