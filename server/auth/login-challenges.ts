import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashOpaqueToken } from './opaque-tokens.ts';

/** A push or new-device sign-in waits 5 minutes for its approval. */
export const CHALLENGE_SECONDS = 5 * 60;

/** A sign-in that waits for an approval: who signs in, from which client, and the PKCE challenge its code will be bound to. */
export interface ChallengeStart {
  userId: number;
  client: string;
  codeChallenge: string;
}

/**
 * Looks up a pending challenge of the browser's temporary token.
 *
 * @example
 * const challenge = await pendingChallenge(db, key, 'push');
 */
export async function pendingChallenge(db: Kysely<Database>, key: string, flow: 'push' | 'verifyDevice') {
  return db
    .selectFrom('login_challenges')
    .select([
      'id',
      'user_id',
      'status',
      'browser_id',
      'method',
      'code_hash',
      'failed_attempts',
      sql<boolean>`expires_at > now()`.as('fresh'),
      sql<boolean>`code_expires_at > now()`.as('code_fresh'),
    ])
    .where('token_hash', '=', hashOpaqueToken(key))
    .where('flow', '=', flow)
    .executeTakeFirst();
}
