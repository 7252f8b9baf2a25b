import type { Kysely } from 'kysely';
import type { Account } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { omitNull } from '../db/omit-null.ts';

/**
 * A customer's open accounts with posted balance, held amount and minimum, as decimal strings in
 * each currency's scale.
 *
 * @example
 * const accounts = await openAccounts(db, customerId);
 */
export async function openAccounts(db: Kysely<Database>, customerId: number): Promise<Account[]> {
  const rows = await db
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['a.id', 'a.type', 'a.status', 'a.balance', 'a.pending', 'a.balance_min', 'a.currency_code', 'a.name', 'c.scale'])
    .where('a.customer_id', '=', customerId)
    .where('a.status', '=', ACCOUNT_STATUS.open)
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    accountId: row.id,
    type: row.type,
    accountStatusId: row.status,
    balance: formatMinorUnits(row.balance, row.scale),
    pendingAmount: formatMinorUnits(row.pending, row.scale),
    accountBalanceMin: formatMinorUnits(row.balance_min, row.scale),
    customerId,
    currencyCode: row.currency_code,
    ...omitNull({ name: row.name }),
  }));
}

/**
 * Whether `accountId` is one of the customer's accounts (open or closed): the ownership check
 * before any handler reads or moves anything on an account the caller names.
 *
 * @example
 * if (!(await ownsAccount(db, customerId, params.accountId))) throw new RpcRefusal('13');
 */
export async function ownsAccount(db: Kysely<Database>, customerId: number, accountId: number): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}
