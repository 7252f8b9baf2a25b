import { sql, type Kysely } from 'kysely';

/**
 * The daily sums of `transfer_limit_usage` (migration 0068) by day, so the scheduler forgets the days no
 * limit reads any more (server/transfers/limits.ts, `pruneLimitUsage`) by finding just those rows, not by
 * reading the whole table. A sum's row is written once a day per customer, kind and currency and then only
 * updated in its amount, which this index does not hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index transfer_limit_usage_day on transfer_limit_usage (day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists transfer_limit_usage_day`.execute(db);
}
