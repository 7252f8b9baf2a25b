import { sql, type Kysely } from 'kysely';

/**
 * News in the reader's language (issue 13, Words): an announcement keeps its title, summary and body
 * as written (the bank's first language) and, beside them, their translations by language
 * (`{ "es": { "title": …, "summary": …, "body": … } }`); a reader is shown the translation of their
 * language when there is one, else the text as written. Existing announcements have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table announcements add column translations jsonb not null default '{}'::jsonb`.execute(db);
}
