import { sql, type Kysely } from 'kysely';

/**
 * Mass payments on the rails (issue 16): a rail batch's rows become payouts (rail_payouts, migration
 * 0033's) as the runner reaches them, so a row may wait for its rail's report ('sent') and may come back
 * after it settled ('returned', the rail's refund having given the amount back).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transfer_batch_rows drop constraint transfer_batch_rows_status_check`.execute(db);
  await sql`
    alter table transfer_batch_rows add constraint transfer_batch_rows_status_check
      check (status in ('valid', 'pending', 'sent', 'completed', 'failed', 'returned'))`.execute(db);
  await sql`create index transfer_batch_rows_transfer on transfer_batch_rows (transfer_id) where transfer_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index transfer_batch_rows_transfer`.execute(db);
  await sql`alter table transfer_batch_rows drop constraint transfer_batch_rows_status_check`.execute(db);
  await sql`
    alter table transfer_batch_rows add constraint transfer_batch_rows_status_check
      check (status in ('valid', 'pending', 'completed', 'failed'))`.execute(db);
}
