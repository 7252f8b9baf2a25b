import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** How many wrong codes a code survives; the next wrong one spends it. */
export const CODE_ATTEMPTS = 5;

/**
 * A fresh six-digit code for a person to type (activation, recovery, password change).
 *
 * @example
 * const code = newCode(); // '048213'
 */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * What is stored instead of a code: HMAC-SHA-256 keyed by the row the code belongs to (`scope`, e.g.
 * 'activation:42'), hex. A code copied from one row never matches another, and the table alone does
 * not give codes back to someone who reads it without trying each of the million for each row.
 *
 * @example
 * await db.updateTable('registrations').set({ activation_code_hash: hashCode(`activation:${userId}`, code) });
 */
export function hashCode(scope: string, code: string): string {
  return createHmac('sha256', scope).update(code.trim()).digest('hex');
}

/**
 * Whether `code` is the one whose hash is `storedHash`, compared in constant time.
 *
 * @example
 * if (!codeMatches(`activation:${userId}`, params.activationCode, row.activation_code_hash)) refuse();
 */
export function codeMatches(scope: string, code: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashCode(scope, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
