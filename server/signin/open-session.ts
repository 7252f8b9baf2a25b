import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { issueAuthorizationCode, redeemAuthorizationCode } from '../auth/authorization-codes.ts';
import { newOpaqueToken } from '../auth/opaque-tokens.ts';
import { startSession, type SessionTokens } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';

/**
 * Opens a session for a user the token service has already verified some other way (a linked
 * device's secret, a confirmed change of the two-step settings). It goes through an authorization
 * code with a proof key made here, so the session is recorded like any other.
 *
 * @example
 * const session = await openSession(db, userId, 'spa');
 */
export async function openSession(db: Kysely<Database>, userId: number, client: string): Promise<SessionTokens> {
  const verifier = newOpaqueToken();
  const codeChallenge = createHash('sha256').update(verifier, 'ascii').digest('base64url');
  const code = await issueAuthorizationCode(db, { userId, client, codeChallenge });
  const redeemed = await redeemAuthorizationCode(db, code, verifier);
  if (!redeemed) throw new Error('An authorization code issued a moment ago could not be redeemed: check the database clock.');
  return startSession(db, redeemed);
}
