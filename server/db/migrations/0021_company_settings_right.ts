import { sql, type Kysely } from 'kysely';

/**
 * The companySettings right (issue 11): changing a company's profile, tax number, e-mails, phones,
 * addresses, notification and security settings now needs it. Users who could manage the company's
 * users held full access already and keep it; everyone else (a clerk who only creates transfer
 * requests) loses what they never should have had.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update customer_access set rights = array_append(rights, 'companySettings')
    where 'users' = any(rights) and not 'companySettings' = any(rights)`.execute(db);
}
