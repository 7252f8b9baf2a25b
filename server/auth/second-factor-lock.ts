import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import type { Database } from '../db/schema.ts';
import { messageTexts } from '../i18n/request-language.ts';

/**
 * Wrong second-factor codes one user may enter across all their sign-ins within the window. Each
 * sign-in allows 5 on its own; without a count per user, signing in again with the password would
 * give an attacker who holds it 5 more, for ever.
 */
export const SECOND_FACTOR_FAILURES_ALLOWED = 10;
const WINDOW_MINUTES = 60;

/** What the refusal says; the product's account recovery is the way back in. */
export const SECOND_FACTOR_LOCKED =
  'Sign-in is locked after too many wrong codes. We have sent you an e-mail: recover your account with "Forgot password" to sign in again.';

/**
 * Whether second-factor sign-in is locked for the user.
 *
 * @example
 * if (await secondFactorLocked(trx, userId)) return { refused: 'locked' };
 */
export async function secondFactorLocked(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('second_factor_failures').select('locked_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.locked_at != null;
}

/**
 * Counts one wrong second-factor code of the user in one atomic statement (concurrent wrong codes each
 * count), and locks second-factor sign-in when the count reaches the allowance within the window.
 * `justLocked` is true only for the call that set the lock, so the user is told once.
 *
 * @example
 * const { justLocked } = await countWrongSecondFactor(trx, userId);
 */
export async function countWrongSecondFactor(db: Kysely<Database>, userId: number): Promise<{ locked: boolean; justLocked: boolean }> {
  const stale = sql<boolean>`second_factor_failures.locked_at is null and second_factor_failures.window_started < now() - ${WINDOW_MINUTES} * interval '1 minute'`;
  const row = await db
    .insertInto('second_factor_failures')
    .values({ user_id: userId, failed_count: 1, locked_at: null })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        failed_count: sql`case when ${stale} then 1 else second_factor_failures.failed_count + 1 end`,
        window_started: sql`case when ${stale} then now() else second_factor_failures.window_started end`,
      }),
    )
    .returning(['failed_count', 'locked_at'])
    .executeTakeFirstOrThrow();
  if (row.locked_at !== null) return { locked: true, justLocked: false };
  if (row.failed_count < SECOND_FACTOR_FAILURES_ALLOWED) return { locked: false, justLocked: false };
  const locked = await db
    .updateTable('second_factor_failures')
    .set({ locked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('locked_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return { locked: true, justLocked: locked !== undefined };
}

/**
 * Lifts the lock and forgets the count: the user proved who they are through account recovery.
 *
 * @example
 * await unlockSecondFactor(db, userId);
 */
export async function unlockSecondFactor(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('second_factor_failures').where('user_id', '=', userId).execute();
}

/**
 * Tells the user by e-mail that second-factor sign-in was locked and how to get back in. A failing
 * mail relay is logged, not answered: the lock holds either way and the sign-in page says the same.
 *
 * @example
 * if (result.justLocked) await tellSecondFactorLocked(db, adapters, userId, request.log);
 */
export async function tellSecondFactorLocked(db: Kysely<Database>, adapters: Adapters, userId: number, log: FastifyBaseLogger): Promise<void> {
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  try {
    await adapters.messages.sendEmail({
      to: user.email,
      subject: messageTexts()('messages.secondFactorLocked.subject'),
      text: messageTexts()('messages.secondFactorLocked.text', { count: SECOND_FACTOR_FAILURES_ALLOWED }),
      purpose: 'secondFactorLocked',
    });
  } catch (error) {
    log.error({ err: error }, 'could not send the second-factor lock e-mail');
  }
}
