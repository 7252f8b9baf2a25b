import { sql, type Kysely } from 'kysely';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens.ts';
import type { LoginPolicy } from '../auth/login-attempt.ts';
import type { Database } from '../db/schema.ts';
import { requestTexts } from '../i18n/request-language.ts';

/** A terms document as the browser shows it before sign-in completes (document 000 section 4, Terms). */
export interface TermsToAccept {
  id: number;
  version: number;
  title: string;
  url: string;
}

/** A terms token is good for 15 minutes: long enough to read the terms, short enough to be useless later. */
export const TERMS_TOKEN_SECONDS = 15 * 60;

/**
 * The terms a user still has to accept: current (not retired) versions published after the user
 * joined (whoever registered later accepted them on registration) and not accepted since.
 *
 * @example
 * const pending = await pendingTerms(db, userId); // [{ id: 3, version: 2, title: 'User Agreement', url }]
 */
export async function pendingTerms(db: Kysely<Database>, userId: number): Promise<TermsToAccept[]> {
  return db
    .selectFrom('terms as t')
    .innerJoin('users as u', (join) => join.on('u.id', '=', userId))
    .leftJoin('terms_acceptances as a', (join) => join.onRef('a.terms_id', '=', 't.id').on('a.user_id', '=', userId))
    .select(['t.id', 't.version', 't.title', 't.url'])
    .where('t.retired_at', 'is', null)
    .whereRef('t.published_at', '>', 'u.created_at')
    .where('a.terms_id', 'is', null)
    .orderBy('t.id')
    .execute();
}

/**
 * Records that a user accepted terms. Only current versions are recorded; an id that is not a
 * current terms version is returned in `unknown` and nothing is recorded for the call.
 *
 * @example
 * const { unknown } = await acceptTerms(db, userId, [3], '203.0.113.7');
 */
export async function acceptTerms(
  db: Kysely<Database>,
  userId: number,
  termsIds: number[],
  ip: string | null,
): Promise<{ accepted: number[]; unknown: number[] }> {
  const ids = [...new Set(termsIds)];
  if (ids.length === 0) return { accepted: [], unknown: [] };
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('terms').select('id').where('id', 'in', ids).where('retired_at', 'is', null).execute();
    const known = new Set(current.map((row) => row.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) return { accepted: [], unknown };
    await trx
      .insertInto('terms_acceptances')
      .values(ids.map((termsId) => ({ user_id: userId, terms_id: termsId, ip })))
      .onConflict((conflict) => conflict.columns(['user_id', 'terms_id']).doNothing())
      .execute();
    return { accepted: ids, unknown: [] };
  });
}

/**
 * Hands out a one-time token that lets the browser record this user's acceptance without a session
 * (the sign-in was refused, so there is none); only its hash is stored.
 */
export async function issueTermsToken(db: Kysely<Database>, userId: number): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insertInto('terms_challenges')
    .values({ token_hash: hashOpaqueToken(token), user_id: userId, expires_at: sql<Date>`now() + ${TERMS_TOKEN_SECONDS} * interval '1 second'` })
    .execute();
  return token;
}

/**
 * Spends a terms token: the user it was issued to, or undefined when it is unknown, used or expired.
 *
 * @example
 * const userId = await redeemTermsToken(db, body.termsToken);
 */
export async function redeemTermsToken(db: Kysely<Database>, token: string): Promise<number | undefined> {
  const row = await db
    .updateTable('terms_challenges')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * The sign-in policy for terms (document 000 sections 4 and 8, TE): while a user has pending terms the
 * sign-in is refused with HTTP 403 `{ message, responseCode: 'TE', terms, termsToken }`. The browser
 * shows the terms, records the acceptance at `POST /auth/terms/accept` with the token, and signs in again.
 */
export const termsPolicy: LoginPolicy = async (attempt) => {
  const terms = await pendingTerms(attempt.db, attempt.userId);
  if (terms.length === 0) return null;
  return {
    status: 403,
    body: { message: requestTexts()('server.signin.termsChanged'), responseCode: 'TE', terms, termsToken: await issueTermsToken(attempt.db, attempt.userId) },
  };
};
