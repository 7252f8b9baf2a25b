import { createHash, randomBytes } from 'node:crypto';

/**
 * A fresh unguessable token (32 random bytes, base64url) for refresh tokens and authorization codes.
 *
 * @example
 * const refreshToken = newOpaqueToken();
 */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What is stored instead of the token: its SHA-256, base64url. A stolen table grants nothing, and
 * 32 random bytes need no salt or slow hash.
 *
 * @example
 * await db.insertInto('refresh_tokens').values({ token_hash: hashOpaqueToken(token), ... }).execute();
 */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
