import { sql, type Kysely } from 'kysely';

/**
 * History at scale (issue 14 item 3) and the transfer's timeline (issue 13, History):
 * - `pg_trgm` and a trigram GIN index on each text the history's keyword searches (a transaction's
 *   description, an entry's counterparty), so `ilike '%word%'` reads the index instead of every row of
 *   the customer. PGlite ships the extension as a module the server loads when it opens the database
 *   (server/db/connect.ts); on PostgreSQL it is part of contrib, which every packaged server has.
 * - `ledger_transactions.settled_at`: when a hold was posted or voided, the timeline's last step. A
 *   transaction posted at once has none: its creation is its posting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index ledger_transactions_description_trgm on ledger_transactions using gin (description gin_trgm_ops)`.execute(db);
  await sql`create index ledger_entries_counterparty_trgm on ledger_entries using gin (counterparty gin_trgm_ops)`.execute(db);
  await sql`alter table ledger_transactions add column settled_at timestamptz`.execute(db);
}
