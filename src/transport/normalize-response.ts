/**
 * Keys whose string values stay strings even when they look like numbers.
 *
 * Document 000 section 5 names address, name and description. We add two groups the legacy rule
 * would damage:
 * - money (amount, balance, fee, total, min, rate, pending…): amounts travel as decimal strings
 *   ("12.50") precisely so that they never become floating point; turning them into numbers would
 *   lose cents and trailing zeros;
 * - identifiers made of digits (code, number, phone, postal, token, tax id, ip, request id, PIN, CVV):
 *   responseCode "00", a postal code "01234", a tax number, a card number or a CVV must keep their
 *   leading zeros and every digit, and an id the server declared a string must go back as one.
 * The match is on part of the key, case-insensitive, so accountBalanceMin, currencyCode and
 * phoneNumber are covered without listing every field.
 */
const KEEP_AS_TEXT = /address|name|description|amount|balance|fee|total|min|rate|pending|code|number|phone|postal|token|tax|secret|^ip$|requestid|^pin|cvv/i;

/**
 * Numeric-looking means the string is exactly how JavaScript would write that number back, so the
 * conversion loses nothing: "42" and "-3.5" qualify; "007", "1e3", "1.50" and digits beyond the safe
 * integer range do not.
 */
const looksNumeric = (text: string) => text.trim() === text && text !== '' && String(Number(text)) === text;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function normalizeValue(value: unknown, key: string): unknown {
  if (typeof value === 'string') return !KEEP_AS_TEXT.test(key) && looksNumeric(value) ? Number(value) : value;
  if (Array.isArray(value)) return value.map((item) => normalizeValue(item, key));
  if (isPlainObject(value)) return normalizeResponse(value);
  return value;
}

/**
 * Converts numeric-looking strings in an answer to numbers, at every depth, except under keys about
 * text, money or digit-codes (see {@link KEEP_AS_TEXT}). Array items follow the key of their array.
 *
 * @example
 * normalizeResponse({ accountId: '17', balance: '12.50', responseCode: '00', items: [{ count: '3' }] });
 * // { accountId: 17, balance: '12.50', responseCode: '00', items: [{ count: 3 }] }
 */
export function normalizeResponse<T extends Record<string, unknown>>(answer: T): T {
  const normalized: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer)) normalized[key] = normalizeValue(value, key);
  return normalized as T;
}
