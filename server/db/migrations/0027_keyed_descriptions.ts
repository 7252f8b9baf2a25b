import { sql, type Kysely } from 'kysely';

/**
 * Descriptions in the reader's language (issue 13, Words): a ledger transaction the server describes
 * itself ('Card purchase at …') keeps the locale key of its description and the values it fills in, so
 * the history, the details, receipts and statements word it in the language of whoever reads it. The
 * `description` column keeps the English words (the keyword search, and rows written before this).
 * An entry's counterparty the server names itself (an own account: 'EUR account') is keyed the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transactions add column description_key text`.execute(db);
  await sql`alter table ledger_transactions add column description_values jsonb`.execute(db);
  await sql`alter table ledger_entries add column counterparty_key text`.execute(db);
  await sql`alter table ledger_entries add column counterparty_values jsonb`.execute(db);
}
