import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Wrong passwords in a row that are answered normally; the next ones are slowed down. */
export const FREE_ATTEMPTS = 5;
const FIRST_LOCK_SECONDS = 30;
const LONGEST_LOCK_SECONDS = 15 * 60;

/**
 * How long a login name is locked after `failedCount` consecutive wrong passwords: nothing up to
 * five, then 30 seconds doubling with each further failure, at most 15 minutes.
 *
 * @example
 * lockSeconds(5); // 30
 * lockSeconds(7); // 120
 */
export function lockSeconds(failedCount: number): number {
  if (failedCount < FREE_ATTEMPTS) return 0;
  return Math.min(FIRST_LOCK_SECONDS * 2 ** (failedCount - FREE_ATTEMPTS), LONGEST_LOCK_SECONDS);
}

/**
 * Seconds until `login` may try again; 0 when it may try now.
 *
 * @example
 * const wait = await secondsUntilUnlocked(db, 'personal@example.com');
 */
export async function secondsUntilUnlocked(db: Kysely<Database>, login: string): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select(sql<number>`greatest(ceil(extract(epoch from locked_until - now())), 0)::integer`.as('wait'))
    .where('login', '=', login)
    .where('locked_until', 'is not', null)
    .executeTakeFirst();
  return row?.wait ?? 0;
}

/** Counts a wrong password for `login` (known or not) and locks it once the free attempts are used. */
export async function recordFailedAttempt(db: Kysely<Database>, login: string): Promise<void> {
  const { failed_count: failedCount } = await db
    .insertInto('login_attempts')
    .values({ login, failed_count: 1, locked_until: null })
    .onConflict((conflict) => conflict.column('login').doUpdateSet({ failed_count: sql`login_attempts.failed_count + 1` }))
    .returning('failed_count')
    .executeTakeFirstOrThrow();
  const seconds = lockSeconds(failedCount);
  if (seconds > 0) {
    await db
      .updateTable('login_attempts')
      .set({ locked_until: sql`now() + ${seconds} * interval '1 second'` })
      .where('login', '=', login)
      .execute();
  }
}

/** Forgets the wrong passwords of `login` after a successful sign-in. */
export async function clearFailedAttempts(db: Kysely<Database>, login: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('login', '=', login).execute();
}
