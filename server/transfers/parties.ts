import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Trx = Transaction<Database>;

/** A customer's name as the other side of a transfer sees it. */
export async function customerName(trx: Trx, customerId: number): Promise<string> {
  const row = await trx.selectFrom('customers').select(['business_name', 'first_name', 'last_name']).where('id', '=', customerId).executeTakeFirstOrThrow();
  return row.business_name ?? ([row.first_name, row.last_name].filter(Boolean).join(' ') || `Customer ${customerId}`);
}

/**
 * The customer an e-mail address belongs to: a user's sign-in e-mail, or a confirmed e-mail of the
 * customer's profile. Undefined when nobody has registered with it yet.
 *
 * @example
 * await customerByEmail(trx, 'Ben@Example.com'); // 42
 */
export async function customerByEmail(trx: Trx, email: string): Promise<number | undefined> {
  const address = email.trim().toLowerCase();
  const user = await trx.selectFrom('users').select('customer_id').where('email', '=', address).where('customer_id', 'is not', null).executeTakeFirst();
  if (user?.customer_id) return user.customer_id;
  const profile = await trx.selectFrom('customer_emails').select('customer_id').where('email', '=', address).where('confirmed', '=', true).executeTakeFirst();
  return profile?.customer_id;
}

/**
 * Where a payee receives a currency: their open payment account in it, else their first open
 * account in it, else a new payment account opened for them (a payee may always be paid).
 */
export async function receivingAccount(trx: Trx, customerId: number, currency: string): Promise<number> {
  const existing = await trx
    .selectFrom('accounts')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currency)
    .where('status', '=', 1)
    .where('type', 'in', [1001, 4001, 4002])
    .orderBy(sql`case when type = 1001 then 0 else 1 end`)
    .orderBy('id')
    .executeTakeFirst();
  if (existing) return existing.id;
  const opened = await trx
    .insertInto('accounts')
    .values({ customer_id: customerId, currency_code: currency, type: 1001 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return opened.id;
}
