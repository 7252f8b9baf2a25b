import { sql, type Kysely } from 'kysely';

/**
 * A transfer's analyst-declared fields (DESIGN.md, "Database"): a request field a method's schema
 * declares beyond the transfer's core columns is kept in `attributes`, so adding one (say a purpose
 * of payment) needs no migration. Only a JSON object is accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transfers add column attributes jsonb not null default '{}'::jsonb check (jsonb_typeof(attributes) = 'object')`.execute(db);
}
