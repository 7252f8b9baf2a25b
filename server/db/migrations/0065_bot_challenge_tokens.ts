import { sql, type Kysely } from 'kysely';

/**
 * The sandbox bot challenge (issue 19 item 5; document 002 section 3, the brand's bot-challenge site key):
 * each token the sandbox widget hands out, for the site key it was solved on, kept until a registration or
 * recovery call spends it (once) or it grows too old.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bot_challenge_tokens (
      token varchar(64) primary key,
      site_key varchar(128) not null,
      created_at timestamptz not null default now(),
      spent_at timestamptz
    )`.execute(db);
  await sql`create index bot_challenge_tokens_created on bot_challenge_tokens (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists bot_challenge_tokens`.execute(db);
}
