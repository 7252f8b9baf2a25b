import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Trx = Transaction<Database>;

/** A customer's name as the other side of a transfer sees it, from the row's name columns. */
const displayName = sql<string>`coalesce(c.business_name, nullif(concat_ws(' ', nullif(c.first_name, ''), nullif(c.last_name, '')), ''), 'Customer ' || c.id)`;

/** A customer's name as the other side of a transfer sees it. */
export async function customerName(trx: Trx, customerId: number): Promise<string> {
  const row = await trx.selectFrom('customers as c').select(displayName.as('name')).where('c.id', '=', customerId).executeTakeFirstOrThrow();
  return row.name;
}

/**
 * The paying customer, locked for the rest of the call, with what a transfer needs of them: their name and
 * how they confirm transfers (null: no second factor). The lock (no key update) serialises one customer's
 * limit checks without waiting on the key-share locks that foreign keys to the customer take (the
 * idempotency key the call already claimed).
 *
 * @example
 * const payer = await lockPayer(trx, 7); // { name: 'Anna Smith', approveMode: 2 }
 */
export interface LockedPayer {
  name: string;
  /** How the payer confirms transfers (customers.transaction_approve_mode); null: no second factor. */
  approveMode: number | null;
}

export async function lockPayer(trx: Trx, customerId: number): Promise<LockedPayer> {
  const row = await trx
    .selectFrom('customers as c')
    .select([displayName.as('name'), 'c.transaction_approve_mode'])
    .where('c.id', '=', customerId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  return { name: row.name, approveMode: row.transaction_approve_mode };
}

/**
 * The customer an e-mail address belongs to, with their name: a user's sign-in e-mail, or a confirmed
 * e-mail of the customer's profile. Undefined when nobody has registered with it yet.
 *
 * @example
 * await customerByEmail(trx, 'Ben@Example.com'); // { customerId: 42, name: 'Ben Ortiz' }
 */
export async function customerByEmail(trx: Trx, email: string): Promise<{ customerId: number; name: string } | undefined> {
  const row = await trx
    .selectFrom('customers as c')
    .select(['c.id', displayName.as('name')])
    .where('c.id', '=', emailOwner(email))
    .executeTakeFirst();
  return row && { customerId: row.id, name: row.name };
}

/** The id of the customer an e-mail address belongs to, as {@link customerByEmail} finds them; null for nobody. */
function emailOwner(email: string) {
  const address = email.trim().toLowerCase();
  return sql<number>`coalesce(
    (select u.customer_id from users u where u.email = ${address} limit 1),
    (select e.customer_id from customer_emails e where e.email = ${address} and e.confirmed limit 1))`;
}

/**
 * The accounts a customer may be paid into in a currency, best first: open payment accounts, then their
 * other open accounts in it, oldest first.
 */
const payableAccounts = (trx: Trx, currency: string) =>
  trx
    .selectFrom('accounts as a')
    .select(['a.id', 'a.customer_id'])
    .where('a.currency_code', '=', currency)
    .where('a.status', '=', 1)
    .where('a.type', 'in', [1001, 4001, 4002])
    .orderBy(sql`case when a.type = 1001 then 0 else 1 end`)
    .orderBy('a.id');

/**
 * The payee an e-mail address names (as {@link customerByEmail} finds them) and where they receive `currency`
 * (as {@link receivingAccount} chooses it), read in one statement. A payee with no account in it gets one
 * opened. Undefined when nobody has registered with the address yet.
 *
 * @example
 * await payeeByEmail(trx, 'ben@example.com', 'EUR'); // { customerId: 42, name: 'Ben Ortiz', accountId: 1201 }
 */
export async function payeeByEmail(trx: Trx, email: string, currency: string): Promise<{ customerId: number; name: string; accountId: number } | undefined> {
  const row = await trx
    .selectFrom('customers as c')
    .select((eb) => [
      'c.id',
      displayName.as('name'),
      payableAccounts(trx, currency).clearSelect().select('a.id').whereRef('a.customer_id', '=', eb.ref('c.id')).limit(1).as('account_id'),
    ])
    .where('c.id', '=', emailOwner(email))
    .executeTakeFirst();
  if (!row) return undefined;
  const accountId = row.account_id ?? (await receivingAccount(trx, row.id, currency));
  return { customerId: row.id, name: row.name, accountId };
}

/**
 * Where a payee receives a currency: their open payment account in it, else their first open
 * account in it, else a new payment account opened for them (a payee may always be paid).
 */
export async function receivingAccount(trx: Trx, customerId: number, currency: string): Promise<number> {
  return (await receivingAccounts(trx, [customerId], currency)).get(customerId)!;
}

/**
 * Where each of several payees receives a currency, as {@link receivingAccount} chooses it, read in one
 * query (an account opened for each payee who has none).
 *
 * @example
 * const accounts = await receivingAccounts(trx, [42, 43], 'EUR'); // Map { 42 => 1201, 43 => 1305 }
 */
export async function receivingAccounts(trx: Trx, customerIds: readonly number[], currency: string): Promise<Map<number, number>> {
  const receiving = new Map<number, number>();
  if (customerIds.length === 0) return receiving;
  const existing = await payableAccounts(trx, currency)
    .where('a.customer_id', 'in', [...customerIds])
    .execute();
  for (const account of existing) if (!receiving.has(account.customer_id!)) receiving.set(account.customer_id!, account.id);
  for (const customerId of customerIds) {
    if (receiving.has(customerId)) continue;
    const opened = await trx
      .insertInto('accounts')
      .values({ customer_id: customerId, currency_code: currency, type: 1001 })
      .returning('id')
      .executeTakeFirstOrThrow();
    receiving.set(customerId, opened.id);
  }
  return receiving;
}
