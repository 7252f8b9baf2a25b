import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Ends every live session of a user (all refresh-token families, so every access token stops at its
 * next call), except `keepSessionId` when given: the session that changed the password stays in.
 *
 * @example
 * await revokeUserSessions(trx, userId, 'password changed', caller.user.sessionId);
 */
export async function revokeUserSessions(db: Kysely<Database> | Transaction<Database>, userId: number, reason: string, keepSessionId?: string): Promise<void> {
  let update = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) update = update.where('id', '!=', keepSessionId);
  await update.execute();
}
