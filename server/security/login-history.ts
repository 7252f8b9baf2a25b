import { sql, type Kysely } from 'kysely';
import type { LoginEvent } from '../auth/login-attempt.ts';
import type { Database } from '../db/schema.ts';

/** Document 001 section 9: the login history shows 20 entries a page. */
export const LOGIN_HISTORY_PAGE_SIZE = 20;

/** One sign-in attempt as the login history answers it. */
export interface LoginHistoryEntry {
  date: string;
  ip: string;
  userAgent: string;
  outcome: 'succeeded' | 'wrongPassword' | 'refused';
  login: string;
}

/** The login listener: every attempt of a known user is written; unknown login names are not anyone's history. */
export async function recordLoginAttempt(event: LoginEvent): Promise<void> {
  if (event.userId === undefined) return;
  await event.db
    .insertInto('login_history')
    .values({
      user_id: event.userId,
      ip: event.ip.slice(0, 64),
      user_agent: event.userAgent.slice(0, 400),
      outcome: event.outcome,
      reason: event.reason?.slice(0, 400) ?? null,
    })
    .execute();
}

export interface LoginHistoryQuery {
  fromDate?: string;
  toDate?: string;
  pageNumber?: number;
  pageSize?: number;
}

/**
 * One page of the sign-ins of the customer's users (the people whose own customer it is), newest
 * first. Dates are whole days in UTC, both ends included.
 *
 * @example
 * const { entries, results } = await loginHistory(db, customerId, { fromDate: '2026-01-01', pageNumber: 2 });
 */
export async function loginHistory(
  db: Kysely<Database>,
  customerId: number,
  query: LoginHistoryQuery,
): Promise<{ entries: LoginHistoryEntry[]; results: number }> {
  const pageSize = query.pageSize ?? LOGIN_HISTORY_PAGE_SIZE;
  const pageNumber = query.pageNumber ?? 1;
  let base = db.selectFrom('login_history as h').innerJoin('users as u', 'u.id', 'h.user_id').where('u.customer_id', '=', customerId);
  if (query.fromDate) base = base.where('h.created_at', '>=', sql<Date>`(${query.fromDate}::date)::timestamp at time zone 'UTC'`);
  if (query.toDate) base = base.where('h.created_at', '<', sql<Date>`(${query.toDate}::date + 1)::timestamp at time zone 'UTC'`);
  const [rows, count] = await Promise.all([
    base
      .select(['h.created_at', 'h.ip', 'h.user_agent', 'h.outcome', 'u.email'])
      .orderBy('h.created_at', 'desc')
      .orderBy('h.id', 'desc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map((row) => ({ date: row.created_at.toISOString(), ip: row.ip, userAgent: row.user_agent, outcome: row.outcome, login: row.email })),
    results: Number(count.n),
  };
}
