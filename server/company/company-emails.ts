import type { Kysely } from 'kysely';
import type { CustomerEmail } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { customerEmails, setPrimaryEmail } from '../profile/emails.ts';

/**
 * A business customer's e-mail addresses, the primary one first. The first time they are read the
 * company e-mail its registration gave becomes the first of them, confirmed (registration checked it
 * with the activation code sent there) and primary; without one, the shared rule of the profile's
 * e-mails applies (its first user's login).
 *
 * @example
 * const emails = await companyEmails(db, customerId);
 */
export async function companyEmails(db: Kysely<Database>, customerId: number): Promise<CustomerEmail[]> {
  const any = await db.selectFrom('customer_emails').select('id').where('customer_id', '=', customerId).limit(1).executeTakeFirst();
  if (!any) {
    const profile = await db.selectFrom('business_profiles').select('email').where('customer_id', '=', customerId).executeTakeFirst();
    if (profile) {
      await db
        .insertInto('customer_emails')
        .values({
          customer_id: customerId,
          email: profile.email,
          confirmed: true,
          is_primary: true,
          confirmation_token_hash: null,
          confirmation_expires_at: null,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  return customerEmails(db, customerId);
}

/**
 * Makes a confirmed address the business customer's primary one, and the company e-mail of its info
 * with it.
 *
 * @example
 * const emails = await setPrimaryCompanyEmail(db, customerId, emailId);
 */
export async function setPrimaryCompanyEmail(db: Kysely<Database>, customerId: number, emailId: number | string): Promise<CustomerEmail[]> {
  const emails = await setPrimaryEmail(db, customerId, emailId);
  const primary = emails.find((email) => email.primary);
  if (primary) await db.updateTable('business_profiles').set({ email: primary.email }).where('customer_id', '=', customerId).execute();
  return emails;
}
