/** Card numbers of this many characters or more are masked (document 001 section 9). */
export const MASK_FROM_LENGTH = 16;

/**
 * A card number as it may be shown: numbers of 16 or more digits (spaces and dashes ignored) keep
 * their first 6 and last 4 digits, grouped by four, the rest as •; shorter text is returned as it is.
 *
 * @example
 * maskCardNumber('5355221234567890'); // '5355 22•• •••• 7890'
 * maskCardNumber('1234'); // '1234'
 */
export function maskCardNumber(text: string): string {
  const digits = text.replace(/[\s-]/g, '');
  if (digits.length < MASK_FROM_LENGTH || !/^[0-9]+$/.test(digits)) return text;
  const masked = digits.slice(0, 6) + '•'.repeat(digits.length - 10) + digits.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A full card number grouped by four for reading (only ever shown after a reveal). */
export function groupCardNumber(digits: string): string {
  return digits.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
