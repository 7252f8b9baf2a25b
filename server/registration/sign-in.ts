import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from '../auth/access-tokens.ts';
import { issueAuthorizationCode, redeemAuthorizationCode } from '../auth/authorization-codes.ts';
import { startSession } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';

/** The tokens an activation answers with, as the token service's /auth/token would. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * Signs a user in on the server's own authority, after they proved who they are some other way (the
 * activation code e-mailed to them). It goes through the same authorization code as a password
 * sign-in, issued and redeemed here with a proof key made here, so the session is recorded exactly
 * like any other (its code row, its refresh-token family, the idle rule).
 *
 * @example
 * const tokens = await signInAfterProof(db, tokenKey, userId);
 */
export async function signInAfterProof(db: Kysely<Database>, tokenKey: Uint8Array, userId: number): Promise<IssuedTokens> {
  const codeVerifier = randomBytes(64).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
  const code = await issueAuthorizationCode(db, { userId, client: 'spa', codeChallenge });
  const redeemed = await redeemAuthorizationCode(db, code, codeVerifier);
  if (!redeemed)
    throw new Error('An authorization code issued a moment ago could not be redeemed: check the database clock and the authorization_codes table.');
  const session = await startSession(db, redeemed);
  return {
    accessToken: await signAccessToken(tokenKey, { userId: session.userId, sessionId: session.sessionId }),
    refreshToken: session.refreshToken,
    expiresIn: ACCESS_TOKEN_SECONDS,
  };
}
