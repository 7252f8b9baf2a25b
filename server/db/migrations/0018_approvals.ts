import { sql, type Kysely } from 'kysely';

/**
 * The business approval queue (issue 4 item 6):
 * - `transfers.batch_id`: the batch (transfer_batches) a request belongs to, so an approver decides a
 *   whole batch at once (mass approve);
 * - `transfers.decided_by_user_id`, `decided_at`: who approved or declined a request, and when;
 * - an index on the requests still waiting for a decision, per customer, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transfers add column batch_id bigint references transfer_batches (id)`.execute(db);
  await sql`alter table transfers add column decided_by_user_id integer references users (id)`.execute(db);
  await sql`alter table transfers add column decided_at timestamptz`.execute(db);
  await sql`create index transfers_awaiting_approval on transfers (customer_id, created_at desc, id desc) where status = 'awaitingApproval'`.execute(db);
  await sql`create index transfers_batch on transfers (batch_id) where batch_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index transfers_batch`.execute(db);
  await sql`drop index transfers_awaiting_approval`.execute(db);
  await sql`alter table transfers drop column decided_at`.execute(db);
  await sql`alter table transfers drop column decided_by_user_id`.execute(db);
  await sql`alter table transfers drop column batch_id`.execute(db);
}
