import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts';
import { pkceChallengeMatches } from './pkce.ts';
import { revokeSession } from './sessions.ts';

/** An authorization code must be exchanged within 60 seconds of the sign-in. */
export const CODE_SECONDS = 60;

/** A code issued by /auth/login for one user and one PKCE challenge. */
export interface CodeRequest {
  userId: number;
  client: string;
  codeChallenge: string;
}

/**
 * Issues a single-use authorization code bound to the S256 challenge; only its hash is stored.
 *
 * @example
 * const code = await issueAuthorizationCode(db, { userId, client: 'spa', codeChallenge });
 */
export async function issueAuthorizationCode(db: Kysely<Database>, request: CodeRequest): Promise<string> {
  const code = newOpaqueToken();
  await db
    .insertInto('authorization_codes')
    .values({
      code_hash: hashOpaqueToken(code),
      user_id: request.userId,
      client: request.client,
      code_challenge: request.codeChallenge,
      expires_at: sql<Date>`now() + ${CODE_SECONDS} * interval '1 second'`,
    })
    .execute();
  return code;
}

/** A redeemed code: who signed in, and the row to attach the new session to. */
export interface RedeemedCode {
  codeId: number;
  userId: number;
  client: string;
}

/**
 * Consumes a code: it works once, within its 60 seconds, with the verifier whose hash is the
 * challenge. The code is spent even when the verifier is wrong, so it cannot be guessed at. A code
 * presented a second time revokes the session it was exchanged for, as it may have been stolen.
 * Returns undefined when the code must be refused.
 *
 * @example
 * const redeemed = await redeemAuthorizationCode(db, body.code, body.codeVerifier);
 */
export async function redeemAuthorizationCode(db: Kysely<Database>, code: string, verifier: string): Promise<RedeemedCode | undefined> {
  const codeHash = hashOpaqueToken(code);
  const spent = await db
    .updateTable('authorization_codes')
    .set({ used_at: sql`now()` })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning(['id', 'user_id', 'client', 'code_challenge', sql<boolean>`expires_at > now()`.as('fresh')])
    .executeTakeFirst();
  if (!spent) {
    const reused = await db.selectFrom('authorization_codes').select('session_id').where('code_hash', '=', codeHash).executeTakeFirst();
    if (reused?.session_id) await revokeSession(db, reused.session_id, 'authorization code reused');
    return undefined;
  }
  if (!spent.fresh || !pkceChallengeMatches(verifier, spent.code_challenge)) return undefined;
  return { codeId: spent.id, userId: spent.user_id, client: spent.client };
}
