import { sql, type Kysely } from 'kysely';

/**
 * Public calls counted in time windows, for any public method that must be limited (issue 17: the business
 * registration draft, saved and read by anyone holding a draft token): `global_pay_lookups` (migration 0040)
 * becomes `call_counts`, keyed by a purpose-prefixed key (`link:…`, `ip:…`, `draft-ip:…`), so every
 * limited public call shares one table and one counter (server/db/call-counts.ts). Old windows are swept
 * by the counter itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table global_pay_lookups rename to call_counts`.execute(db);
  await sql`alter table call_counts rename constraint global_pay_lookups_pkey to call_counts_pkey`.execute(db);
  await sql`create index call_counts_window on call_counts (window_start)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index call_counts_window`.execute(db);
  await sql`alter table call_counts rename constraint call_counts_pkey to global_pay_lookups_pkey`.execute(db);
  await sql`alter table call_counts rename to global_pay_lookups`.execute(db);
}
