/**
 * The checks of the Interac e-Transfer rail: the recipient is reached by e-mail or by a North American
 * phone number, and the security question's answer, which the recipient types to deposit the money, has
 * 3 to 25 characters and is not written in the question. Pure functions with no Node built-in, so the
 * browser runs the recipient check as the server does.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A phone number's digits without punctuation, and without the +1 country code. */
const phoneDigits = (text: string) => text.replace(/[\s().-]/g, '').replace(/^\+?1(?=[0-9]{10}$)/, '');

/**
 * Whether `recipient` is an e-mail address, or a North American phone number (ten digits, optionally
 * after +1, punctuation allowed; the area code and exchange do not start with 0 or 1).
 *
 * @example
 * isInteracRecipient('ana@example.ca'); // true
 * isInteracRecipient('+1 (416) 555-0142'); // true
 * isInteracRecipient('416-555'); // false
 */
export function isInteracRecipient(recipient: string): boolean {
  const trimmed = recipient.trim();
  if (trimmed.includes('@')) return trimmed.length <= 254 && EMAIL.test(trimmed);
  return /^[2-9][0-9]{2}[2-9][0-9]{6}$/.test(phoneDigits(trimmed));
}

/**
 * A recipient as the rail is sent it: an e-mail in lower case, a phone number as +1 and ten digits.
 *
 * @example
 * normalInteracRecipient('(416) 555-0142'); // '+14165550142'
 */
export function normalInteracRecipient(recipient: string): string {
  const trimmed = recipient.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : `+1${phoneDigits(trimmed)}`;
}

/** The words an answer is compared by: case, accents, spaces and punctuation set aside. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * What is wrong with a security answer, or `undefined`: `length` when it has fewer than 3 or more than 25
 * characters (spaces around it set aside), `inQuestion` when the question contains it (case, accents,
 * spaces and punctuation set aside), so nobody reading the question can deposit the money.
 *
 * @example
 * securityAnswerProblem('Our first dog?', 'Rex'); // undefined
 * securityAnswerProblem('Is the answer Rex?', 'rex'); // 'inQuestion'
 */
export function securityAnswerProblem(question: string, answer: string): 'length' | 'inQuestion' | undefined {
  const trimmed = answer.trim();
  if (trimmed.length < 3 || trimmed.length > 25) return 'length';
  const words = plain(trimmed);
  if (words === '' || plain(question).includes(words)) return 'inQuestion';
  return undefined;
}

/**
 * An answer as it is hashed and later compared: what {@link securityAnswerProblem} compares, so "Rex",
 * "rex" and " REX " deposit alike.
 *
 * @example
 * normalSecurityAnswer(' Crème Brûlée '); // 'cremebrulee'
 */
export const normalSecurityAnswer = (answer: string): string => plain(answer.trim());
