/**
 * US ABA routing numbers (ACH, document 001 section 7's wires to the US), checked alike in the browser
 * and on the server: this module imports nothing, so the browser bundle takes it as it is. The checksum
 * stays hand-written: it is three lines, and no maintained library does only that.
 */

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
 * isValidRoutingNumber('021000022'); // false
 */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^[0-9]{9}$/.test(routing)) return false;
  return [...routing].reduce((total, digit, index) => total + Number(digit) * ABA_WEIGHTS[index]!, 0) % 10 === 0;
}
