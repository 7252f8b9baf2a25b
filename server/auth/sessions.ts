import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BusinessRight, Database } from '../db/schema.ts';
import type { AccessClaims } from './access-tokens.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts';

/** A session without an RPC call for 15 minutes is over (document 000 section 9). */
export const IDLE_SECONDS = 15 * 60;

type Executor = Kysely<Database> | Transaction<Database>;

/** A session and the refresh token that currently belongs to it. */
export interface SessionTokens {
  userId: number;
  sessionId: string;
  refreshToken: string;
}

/** The signed-in user behind a live session. */
export interface SignedInUser {
  userId: number;
  sessionId: string;
  login: string;
  customerId: number | null;
  isAdmin: boolean;
  login2faMode: string;
  /**
   * The business rights a `customer_access` row grants the user for the customer the call named (or
   * the user's own), read in the same statement as the session: null when there is no such row.
   */
  access: { customerId: number | null; rights: readonly BusinessRight[] | null };
}

const stillActive = sql<boolean>`last_activity_at > now() - ${IDLE_SECONDS} * interval '1 second'`;

async function issueRefreshToken(db: Executor, sessionId: string): Promise<string> {
  const refreshToken = newOpaqueToken();
  await db
    .insertInto('refresh_tokens')
    .values({ session_id: sessionId, token_hash: hashOpaqueToken(refreshToken) })
    .execute();
  return refreshToken;
}

/**
 * Opens a session for a redeemed authorization code: the session row, its first refresh token,
 * and the link from the code (so reusing the code can revoke this session).
 *
 * @example
 * const { sessionId, refreshToken } = await startSession(db, redeemed);
 */
export async function startSession(db: Kysely<Database>, signIn: { codeId: number; userId: number; client: string }): Promise<SessionTokens> {
  const sessionId = randomUUID();
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('sessions').values({ id: sessionId, user_id: signIn.userId, client: signIn.client }).execute();
    await trx.updateTable('authorization_codes').set({ session_id: sessionId }).where('id', '=', signIn.codeId).execute();
    return { userId: signIn.userId, sessionId, refreshToken: await issueRefreshToken(trx, sessionId) };
  });
}

/**
 * Ends a session: every refresh token of its family stops working, and so do access tokens, which
 * are checked against the session on each call.
 */
export async function revokeSession(db: Executor, sessionId: string, reason: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Exchanges a refresh token for a new one (rotation). Returns undefined when the session is over:
 * unknown token, revoked session, idle for 15 minutes, or a token that was already exchanged. That
 * last case means two parties hold the token, so the whole family (the session) is revoked.
 *
 * @example
 * const next = await rotateRefreshToken(db, body.refreshToken);
 * if (!next) reply.code(403).send({ message: 'Session expired.' });
 */
export async function rotateRefreshToken(db: Kysely<Database>, refreshToken: string): Promise<SessionTokens | undefined> {
  return db.transaction().execute(async (trx) => {
    const token = await trx
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select(['t.id', 't.rotated_at', 's.id as session_id', 's.user_id', 's.revoked_at', stillActive.as('active')])
      .where('t.token_hash', '=', hashOpaqueToken(refreshToken))
      .forUpdate()
      .executeTakeFirst();
    if (!token || token.revoked_at) return undefined;
    if (token.rotated_at) {
      await revokeSession(trx, token.session_id, 'refresh token reused');
      return undefined;
    }
    if (!token.active) {
      await revokeSession(trx, token.session_id, 'idle');
      return undefined;
    }
    await trx
      .updateTable('refresh_tokens')
      .set({ rotated_at: sql`now()` })
      .where('id', '=', token.id)
      .execute();
    return { userId: token.user_id, sessionId: token.session_id, refreshToken: await issueRefreshToken(trx, token.session_id) };
  });
}

/**
 * Signs out the session a refresh token belongs to. An unknown token is not an error: the session
 * is over either way.
 */
export async function endSession(db: Kysely<Database>, refreshToken: string): Promise<void> {
  const token = await db.selectFrom('refresh_tokens').select('session_id').where('token_hash', '=', hashOpaqueToken(refreshToken)).executeTakeFirst();
  if (token) await revokeSession(db, token.session_id, 'signed out');
}

/**
 * Records activity on the session an access token names and returns its user, in one statement;
 * undefined when the session is revoked or has been idle for 15 minutes. The same statement reads
 * the user's `customer_access` rights for `customerId` (a Customer-Id header), or for the user's own
 * customer when it is left out, so a call's caller is known in one round trip.
 *
 * @example
 * const user = await touchSession(db, claims, 42);
 */
export async function touchSession(db: Kysely<Database>, claims: AccessClaims, customerId?: number): Promise<SignedInUser | undefined> {
  const acting = sql<number | null>`coalesce(${customerId ?? null}::int, users.customer_id)`;
  const row = await db
    .updateTable('sessions')
    .from('users')
    .set({ last_activity_at: sql`now()` })
    .whereRef('users.id', '=', 'sessions.user_id')
    .where('sessions.id', '=', claims.sessionId)
    .where('sessions.user_id', '=', claims.userId)
    .where('sessions.revoked_at', 'is', null)
    .where(stillActive)
    .returning([
      'users.id',
      'users.email',
      'users.customer_id',
      'users.is_admin',
      'users.login_2fa_mode',
      acting.as('access_customer_id'),
      sql<BusinessRight[] | null>`(select ca.rights from customer_access ca where ca.user_id = users.id and ca.customer_id = ${acting})`.as('access_rights'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.id,
    sessionId: claims.sessionId,
    login: row.email,
    customerId: row.customer_id,
    isAdmin: row.is_admin,
    login2faMode: row.login_2fa_mode,
    access: { customerId: row.access_customer_id, rights: row.access_rights },
  };
}
