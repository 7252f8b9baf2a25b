import type { Kysely } from 'kysely';
import type { SignedInUser } from '../auth/sessions.ts';
import type { BusinessRight, Database } from '../db/schema.ts';

/** Why a user may not act for a customer; the caller answers '13' either way. */
export type ActingRefusal = 'noCustomer' | 'noAccess' | 'missingRight';

/**
 * The customer a call acts for, or why it may not. `rights` are the user's business rights for that customer
 * when a `customer_access` row grants them; absent when the customer is the user's own or an admin acts.
 */
export type ActingCustomer = { customerId: number; rights?: readonly BusinessRight[] } | { refused: ActingRefusal };

/**
 * Decides which customer a call acts for and whether the user may: the `Customer-Id` header's
 * customer when sent (business users and admins act for others), otherwise the user's own.
 * - A `customer_access` row grants acting for that customer with its listed rights; a method's
 *   business right must be among them.
 * - Without a row, the user's own customer is theirs in full.
 * - An admin may act for any existing customer.
 *
 * @example
 * const acting = await resolveActingCustomer(db, user, request.headers['customer-id'], 'balanceInfo');
 */
export async function resolveActingCustomer(
  db: Kysely<Database>,
  user: SignedInUser,
  customerIdHeader: string | undefined,
  businessRight: BusinessRight | undefined,
): Promise<ActingCustomer> {
  let customerId = user.customerId;
  if (customerIdHeader !== undefined) {
    if (!/^[1-9][0-9]{0,9}$/.test(customerIdHeader)) return { refused: 'noAccess' };
    customerId = Number(customerIdHeader);
  }
  if (customerId === null) return { refused: 'noCustomer' };

  // touchSession read the rights for the header's customer (or the user's own) with the session.
  const access =
    user.access.customerId === customerId
      ? user.access.rights && { rights: user.access.rights }
      : await db.selectFrom('customer_access').select('rights').where('user_id', '=', user.userId).where('customer_id', '=', customerId).executeTakeFirst();
  if (access) {
    return businessRight && !access.rights.includes(businessRight) ? { refused: 'missingRight' } : { customerId, rights: access.rights };
  }
  if (customerId === user.customerId) return { customerId };
  if (user.isAdmin) {
    const exists = await db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
    if (exists) return { customerId };
  }
  return { refused: 'noAccess' };
}
