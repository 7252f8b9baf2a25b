import { sql, type Kysely } from 'kysely';

/**
 * Who decided a batch's approval request, when, and why when declining it (issue 16, the approvals queue's Decided tab): a mass
 * batch or a global pay batch funded by a business user who may only initiate waits for an approver, whose
 * decision is kept on the batch. A global pay batch that waits for an approver rather than for its sender's
 * code says so (`approval_requested`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table transfer_batches
      add column decided_by_user_id integer references users (id),
      add column decided_at timestamptz,
      add column decline_reason text`.execute(db);
  await sql`
    alter table global_pay_batches
      add column approval_requested boolean not null default false,
      add column decided_by_user_id integer references users (id),
      add column decided_at timestamptz,
      add column decline_reason text`.execute(db);
  await sql`create index transfer_batches_decided on transfer_batches (customer_id, created_at) where decided_by_user_id is not null`.execute(db);
  await sql`create index global_pay_batches_requested on global_pay_batches (customer_id, created_at) where approval_requested`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index global_pay_batches_requested`.execute(db);
  await sql`drop index transfer_batches_decided`.execute(db);
  await sql`alter table global_pay_batches drop column decline_reason, drop column decided_at, drop column decided_by_user_id, drop column approval_requested`.execute(
    db,
  );
  await sql`alter table transfer_batches drop column decline_reason, drop column decided_at, drop column decided_by_user_id`.execute(db);
}
