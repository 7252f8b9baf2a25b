import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** A one-time code sent by SMS, e-mail or push lives 5 minutes. */
export const ONE_TIME_CODE_SECONDS = 5 * 60;

/** Wrong codes accepted before a code (and the sign-in it guards) is burnt. */
export const MAX_CODE_ATTEMPTS = 5;

/**
 * A random numeric code of `digits` digits from the cryptographic generator, leading zeros kept.
 *
 * @example
 * numericCode(6); // '048213'
 */
export function numericCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/**
 * What is stored for a short code: SHA-256 bound to its purpose and owner row, so equal codes of two
 * sign-ins never share a hash. Codes are short, so they are also guarded by the attempt counter.
 *
 * @example
 * hashCode('048213', 'sms:17');
 */
export function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('base64url');
}

/** Compares a presented code with a stored hash in constant time. */
export function codeMatches(code: string, salt: string, storedHash: string | null): boolean {
  if (!storedHash || !/^\d{4,8}$/.test(code)) return false;
  const given = Buffer.from(hashCode(code, salt));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * A phone number as the sign-in screen shows it: country code and the last three digits.
 *
 * @example
 * maskPhone('44', '7700900123'); // '+44 ••• ••• 123'
 */
export function maskPhone(countryCode: string, number: string): string {
  return `+${countryCode} ••• ••• ${number.slice(-3)}`;
}

/**
 * An e-mail address with most of the local part hidden.
 *
 * @example
 * maskEmail('device@example.com'); // 'd•••e@example.com'
 */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.length <= 2 ? `${local[0] ?? ''}•••` : `${local[0]}•••${local.at(-1)}`;
  return `${shown}@${domain}`;
}

/**
 * The two-digit identifier printed in an SMS and on the screen that asks for its code, so the user
 * can tell which of several messages belongs to this sign-in.
 *
 * @example
 * smsIdentifier(); // '37'
 */
export function smsIdentifier(): string {
  return String(randomInt(10, 100));
}
