/**
 * The checks of the instant-payment rail (instant_payment, like Brazil's Pix): a recipient's tax id (a
 * CPF of 11 digits or a CNPJ of 14, each with its two check digits, punctuation ignored) and an instant
 * key of each type: an e-mail, a phone number in international form, a tax id, or a random key (a UUID).
 * Pure functions with no Node built-in, so the browser runs them as the server does.
 */

/** The kinds of instant key, as the request's `keyType` names them. */
export type InstantKeyType = 'email' | 'phone' | 'taxId' | 'random';

const digitsOf = (text: string) => text.replace(/[\s./-]/g, '');

/** The check digit of `digits` with `weights`, by mod 11 as CPF and CNPJ compute it. */
function mod11(digits: string, weights: number[]): number {
  const rest = weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CNPJ_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Whether a Brazilian tax id is right: a CPF (11 digits) or a CNPJ (14), its two check digits holding;
 * dots, dashes, slashes and spaces ignored. A number of one repeated digit passes the sums but is no one's.
 *
 * @example
 * isBrTaxId('529.982.247-25'); // true (CPF)
 * isBrTaxId('11.222.333/0001-81'); // true (CNPJ)
 * isBrTaxId('529.982.247-24'); // false
 */
export function isBrTaxId(text: string): boolean {
  const digits = digitsOf(text);
  if (!/^([0-9]{11}|[0-9]{14})$/.test(digits) || /^(.)\1+$/.test(digits)) return false;
  if (digits.length === 11) {
    const first = mod11(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
    return first === Number(digits[9]) && mod11(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(digits[10]);
  }
  return mod11(digits, CNPJ_WEIGHTS) === Number(digits[12]) && mod11(digits, [6, ...CNPJ_WEIGHTS]) === Number(digits[13]);
}

const CHECKS: Record<InstantKeyType, (key: string) => boolean> = {
  email: (key) => key.length <= 77 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(key),
  phone: (key) => /^\+[1-9][0-9]{7,14}$/.test(key.replace(/[\s()-]/g, '')),
  taxId: isBrTaxId,
  random: (key) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(key),
};

/**
 * Whether `key` is an instant key of `type`, spaces around it ignored.
 *
 * @example
 * isInstantKey('phone', '+55 11 98765-4321'); // true
 * isInstantKey('random', '3f2b8c1e-7a4d-4e9b-9c2a-1d5e6f708192'); // true
 */
export function isInstantKey(type: InstantKeyType, key: string): boolean {
  return CHECKS[type](key.trim());
}

/** Whether `key` is an instant key of any type: what a form checks before it knows the type. */
export const isAnyInstantKey = (key: string): boolean => (Object.keys(CHECKS) as InstantKeyType[]).some((type) => isInstantKey(type, key));

/**
 * An instant key as the directory holds it: an e-mail in lower case, a phone number, a tax id or random
 * key without punctuation or spaces.
 *
 * @example
 * normalInstantKey('phone', '+55 11 98765-4321'); // '+5511987654321'
 */
export function normalInstantKey(type: InstantKeyType, key: string): string {
  const trimmed = key.trim();
  if (type === 'email') return trimmed.toLowerCase();
  if (type === 'phone') return trimmed.replace(/[\s()-]/g, '');
  if (type === 'taxId') return digitsOf(trimmed);
  return trimmed.toLowerCase();
}

/** A tax id without its punctuation, as the directory holds it. */
export const normalTaxId = (text: string): string => digitsOf(text.trim());
