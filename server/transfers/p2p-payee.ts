import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { customerByEmail } from './parties.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What the p2p form tells about a recipient e-mail (document 001 section 7, 'Check payee'). */
export interface PayeeCheck {
  /** A customer has this e-mail (the spec names the flag twice: exist and exists). */
  exist: boolean;
  exists: boolean;
  /** The e-mail signs in a user who acts for the same business customer as the caller. */
  isEmployee: boolean;
  /** The e-mail is on the acting customer's payout blacklist for p2p or for all payouts. */
  outBlacklist: boolean;
}

/**
 * The e-mail rule of document 001 section 5: longer than 5 characters with an @ and a dot; empty
 * is accepted (nothing to check yet). The browser applies the same rule before asking the server.
 *
 * @example
 * plausibleEmail('a@b.co'); // true
 * plausibleEmail('ab@c');   // false
 */
export function plausibleEmail(email: string): boolean {
  const value = email.trim();
  return value === '' || (value.length > 5 && value.includes('@') && value.includes('.'));
}

/**
 * Whether the acting customer refuses to pay this e-mail by p2p (block type p2p or all).
 *
 * @example
 * await blacklistedForP2p(db, 7, 'Spam@Example.com'); // true when blocked
 */
export async function blacklistedForP2p(db: Db, customerId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('payout_blacklist')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('email', '=', email.trim().toLowerCase())
    .where('block_type', 'in', ['p2p', 'all'])
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Checks a payee for the acting customer: whether someone has the e-mail, whether they are a user of
 * the same business, and whether the customer's blacklist blocks paying them.
 *
 * @example
 * await checkPayee(db, 7, 'business@example.com'); // { exist: true, exists: true, isEmployee: false, outBlacklist: false }
 */
export async function checkPayee(db: Db, customerId: number, email: string): Promise<PayeeCheck> {
  const address = email.trim().toLowerCase();
  const payee = (await customerByEmail(db as Transaction<Database>, address))?.customerId;
  const employee = await db
    .selectFrom('users as u')
    .innerJoin('customer_access as a', 'a.user_id', 'u.id')
    .select('u.id')
    .where('u.email', '=', address)
    .where('a.customer_id', '=', customerId)
    .executeTakeFirst();
  const exists = payee !== undefined;
  return { exist: exists, exists, isEmployee: employee !== undefined, outBlacklist: await blacklistedForP2p(db, customerId, address) };
}
