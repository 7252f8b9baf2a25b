import { sql, type Kysely } from 'kysely';

/**
 * Sign-in throttles that hold across sign-ins and concurrent requests (issue 11):
 * - `login_address_attempts`: wrong passwords sent from one address in a window, whatever the login
 *   name, so trying many names from one place is slowed too;
 * - `second_factor_failures`: wrong second-factor codes per user across every sign-in in a window;
 *   past the limit `locked_at` is set and second-factor sign-in stays locked until the user recovers
 *   the account (document 000, account recovery).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_address_attempts (
      address text primary key,
      window_started timestamptz not null default now(),
      failed_count integer not null
    )`.execute(db);
  await sql`
    create table second_factor_failures (
      user_id integer primary key references users (id),
      window_started timestamptz not null default now(),
      failed_count integer not null,
      locked_at timestamptz
    )`.execute(db);
}
