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

/** {@link lockSeconds} from the fifth failure to the longest lock, as the SQL array the claim indexes. */
const LOCK_STEPS = Array.from({ length: 6 }, (_, i) => lockSeconds(FREE_ATTEMPTS + i)); // 30 s doubling to 15 min
const LOCK_STEPS_SQL = `array[${LOCK_STEPS.join(',')}]::integer[]`;

/** Wrong passwords one address may send in a window, over any number of login names. */
export const ADDRESS_FREE_ATTEMPTS = 15;
/** The address window: long enough that a slow spray across names is still counted. */
const ADDRESS_WINDOW_MINUTES = 15;

/** Why a sign-in attempt may not be evaluated, and for how long. */
export type AttemptRefusal = { scope: 'login' | 'address'; waitSeconds: number };

/**
 * Claims one password attempt for `login` from `address` before the password is checked, so that a
 * burst of concurrent guesses cannot all be evaluated: each claim is one atomic statement that counts
 * the attempt and, at the fifth, locks the login at once (30 s, doubling). A locked login or an address
 * past its allowance in the window gets a refusal and its password is never checked. A right password
 * then gives the claim back ({@link clearFailedAttempts}); a wrong one leaves it counted.
 *
 * @example
 * const refusal = await claimAttempt(db, 'personal@example.com', request.ip);
 * if (refusal) return reply.code(429).send({ message: `Too many attempts. Try again in ${refusal.waitSeconds} seconds.` });
 */
export async function claimAttempt(db: Kysely<Database>, login: string, address: string): Promise<AttemptRefusal | undefined> {
  const byAddress = await db
    .insertInto('login_address_attempts')
    .values({ address, failed_count: 1 })
    .onConflict((conflict) =>
      conflict.column('address').doUpdateSet({
        failed_count: sql`case when login_address_attempts.window_started < now() - ${ADDRESS_WINDOW_MINUTES} * interval '1 minute' then 1 else login_address_attempts.failed_count + 1 end`,
        window_started: sql`case when login_address_attempts.window_started < now() - ${ADDRESS_WINDOW_MINUTES} * interval '1 minute' then now() else login_address_attempts.window_started end`,
      }),
    )
    .returning([
      'failed_count',
      sql<number>`greatest(ceil(extract(epoch from window_started + ${ADDRESS_WINDOW_MINUTES} * interval '1 minute' - now())), 1)::integer`.as('wait'),
    ])
    .executeTakeFirstOrThrow();
  if (byAddress.failed_count > ADDRESS_FREE_ATTEMPTS) return { scope: 'address', waitSeconds: byAddress.wait };

  // Counted and, from the fifth attempt on, locked in the same statement; a login still locked is not counted.
  const claimed = await db
    .insertInto('login_attempts')
    .values({ login, failed_count: 1, locked_until: null })
    .onConflict((conflict) =>
      conflict
        .column('login')
        .doUpdateSet({
          failed_count: sql`login_attempts.failed_count + 1`,
          locked_until: sql`case when login_attempts.failed_count + 1 >= ${FREE_ATTEMPTS}
            then now() + (${sql.raw(LOCK_STEPS_SQL)})[least(login_attempts.failed_count + 2 - ${FREE_ATTEMPTS}, ${LOCK_STEPS.length})] * interval '1 second'
            else null end`,
        })
        .where((where) => where.or([where('login_attempts.locked_until', 'is', null), where('login_attempts.locked_until', '<=', sql<Date>`now()`)])),
    )
    .returning('failed_count')
    .executeTakeFirst();
  if (claimed) return undefined;
  await giveBackAddressAttempt(db, address);
  return { scope: 'login', waitSeconds: Math.max(await secondsUntilUnlocked(db, login), 1) };
}

/** An attempt refused for its login's lock was never evaluated, so the address does not pay for it. */
async function giveBackAddressAttempt(db: Kysely<Database>, address: string): Promise<void> {
  await db
    .updateTable('login_address_attempts')
    .set({ failed_count: sql`greatest(failed_count - 1, 0)` })
    .where('address', '=', address)
    .execute();
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

/**
 * Gives back a claimed attempt whose password was right: the login's wrong passwords are forgotten
 * (and a lock its own claim set lifted) and the address is not charged for it.
 *
 * @example
 * await clearFailedAttempts(db, 'personal@example.com', request.ip);
 */
export async function clearFailedAttempts(db: Kysely<Database>, login: string, address?: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('login', '=', login).execute();
  if (address !== undefined) await giveBackAddressAttempt(db, address);
}
