import { sql, type Kysely } from 'kysely';

/**
 * Step-up challenges beyond cards (issue 11): `card_challenges` becomes `step_up_challenges`, the
 * second factor asked before any sensitive action (a card secret, an approver's decision that moves
 * money). An approval names no account, so `account_id` may be empty; challenges are counted per
 * user and action in a window, so that is indexed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table card_challenges rename to step_up_challenges`.execute(db);
  await sql`alter index card_challenges_account rename to step_up_challenges_account`.execute(db);
  await sql`alter table step_up_challenges alter column account_id drop not null`.execute(db);
  await sql`create index step_up_challenges_user_action on step_up_challenges (user_id, action, created_at)`.execute(db);
}
