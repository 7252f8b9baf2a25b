import { sql, type Kysely } from 'kysely';

/**
 * Two indexes every posting wrote to and no query needed (issue 14, Speed). Each is the leading part of a
 * later, wider index that serves the same lookups and orders (a B-tree is read in either direction):
 * - `ledger_entries_account (account_id, transaction_id)`, within `ledger_entries_account_newest
 *   (account_id, transaction_id desc, id desc)` (migration 0014);
 * - `ledger_transactions_created (created_at)`, within `ledger_transactions_created_id (created_at desc, id desc)`.
 * A posting writes one transaction and two or more entries: three index insertions fewer, for the same plans.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ledger_entries_account`.execute(db);
  await sql`drop index if exists ledger_transactions_created`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists ledger_entries_account on ledger_entries (account_id, transaction_id)`.execute(db);
  await sql`create index if not exists ledger_transactions_created on ledger_transactions (created_at)`.execute(db);
}
