/**
 * A full card number grouped by four for reading (only ever shown after a reveal). Everywhere else the
 * number is the server's mask, which the card schema's pattern holds to (document 001 section 9).
 */
export function groupCardNumber(digits: string): string {
  return digits.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
