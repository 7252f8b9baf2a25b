/**
 * Card numbers as people type them (document 001 sections 5 and 9), checked alike in the browser and on
 * the server: this module imports nothing, so the browser bundle takes it as it is.
 */

/** A card number has 12 to 19 digits (ISO/IEC 7812). */
const CARD_DIGITS = /^[0-9]{12,19}$/;

/**
 * The number without the spaces (and dashes) people type between its groups.
 *
 * @example
 * compactCardNumber(' 4111 1111-1111 1111 '); // '4111111111111111'
 */
export function compactCardNumber(typed: string): string {
  return typed.replace(/[\s-]+/g, '');
}

/**
 * Luhn check digit of `digits` (the number without its last digit).
 *
 * @example
 * luhnCheckDigit('7992739871'); // '3'
 */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * Whether a number, as typed (spaces allowed), is a card number: 12 to 19 digits passing the Luhn check.
 *
 * @example
 * isCardNumber('4111 1111 1111 1111'); // true
 * isCardNumber('4111 1111 1111 1112'); // false
 */
export function isCardNumber(typed: string): boolean {
  const number = compactCardNumber(typed);
  return CARD_DIGITS.test(number) && luhnCheckDigit(number.slice(0, -1)) === number.slice(-1);
}

/**
 * The bin of a card number as typed: the first 6 digits once spaces are removed, or undefined while
 * fewer than 6 digits lead it.
 *
 * @example
 * cardBin('4111 11'); // '411111'
 */
export function cardBin(typed: string): string | undefined {
  const bin = compactCardNumber(typed).slice(0, 6);
  return /^[0-9]{6}$/.test(bin) ? bin : undefined;
}

/**
 * A card number as answers, logs and the history may show it: its bin and its last four digits, the rest
 * hidden (PCI DSS 3.4).
 *
 * @example
 * maskedCardNumber('4111 1111 1111 1111'); // '411111******1111'
 */
export function maskedCardNumber(typed: string): string {
  const number = compactCardNumber(typed);
  return `${number.slice(0, 6)}${'*'.repeat(Math.max(number.length - 10, 0))}${number.slice(-4)}`;
}
