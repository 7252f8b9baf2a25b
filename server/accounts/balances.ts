import type { Kysely } from 'kysely';
import type { Account } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { omitNull } from '../db/omit-null.ts';
import { accountFlags } from './account-flags.ts';

/**
 * Whether `accountId` is one of the customer's accounts (open or closed): the ownership check
 * before any handler reads or moves anything on an account the caller names.
 *
 * @example
 * if (!(await ownsAccount(db, customerId, params.accountId))) throw new RpcRefusal('13');
 */
export async function ownsAccount(db: Kysely<Database>, customerId: number, accountId: number): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('id', '=', accountId).where('customer_id', '=', customerId).executeTakeFirst();
  return row !== undefined;
}

/**
 * How screens name an account beside its currency and name: the last four digits of its number, the
 * rest masked, so the number is never shown whole. A no-break space keeps the dots with the digits.
 *
 * @example
 * maskedAccountNumber(57); // '••\u00a00057'
 */
export function maskedAccountNumber(accountId: number): string {
  return `••\u00a0${String(accountId).padStart(4, '0').slice(-4)}`;
}

/**
 * What balanceInquiry answers: the customer's open accounts and the closed ones that have history
 * (shown as closed, never movable), each with the currency's symbol, the derived flags of document
 * 001 section 3 and, for a crypto account with a wallet, its deposit address. `accountId` narrows the
 * answer to one account (which the caller must already have checked is the customer's).
 *
 * @example
 * const accounts = await customerAccounts(db, customerId);
 */
export async function customerAccounts(db: Kysely<Database>, customerId: number, accountId?: number): Promise<Account[]> {
  let query = db
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .leftJoin('crypto_wallets as w', 'w.account_id', 'a.id')
    .leftJoin('cards as k', (join) => join.onRef('k.account_id', '=', 'a.id').on('k.role', '=', 'current'))
    .leftJoin('cards as r', (join) => join.onRef('r.account_id', '=', 'a.id').on('r.role', '=', 'replacement'))
    .select((eb) => [
      'k.is_virtual as card_is_virtual',
      'k.expiry_month as card_expiry_month',
      'k.expiry_year as card_expiry_year',
      'r.status_id as card_reissued_status_id',
      'a.id',
      'a.type',
      'a.sub_type',
      'a.status',
      'a.balance',
      'a.pending',
      'a.balance_min',
      'a.currency_code',
      'a.name',
      'a.settlement_account_id',
      'c.scale',
      'c.symbol',
      'c.crypto',
      'w.address',
      eb.exists(eb.selectFrom('ledger_entries as e').select('e.id').whereRef('e.account_id', '=', 'a.id')).as('has_entries'),
    ])
    .where('a.customer_id', '=', customerId);
  if (accountId !== undefined) query = query.where('a.id', '=', accountId);
  const rows = await query.orderBy('a.id').execute();
  return rows
    .filter((row) => row.status === ACCOUNT_STATUS.open || Boolean(row.has_entries))
    .map((row) => ({
      accountId: row.id,
      type: row.type,
      accountStatusId: row.status,
      balance: formatMinorUnits(row.balance, row.scale),
      pendingAmount: formatMinorUnits(row.pending, row.scale),
      accountBalanceMin: formatMinorUnits(row.balance_min, row.scale),
      customerId,
      currencyCode: row.currency_code,
      currencySymbol: row.symbol,
      maskedNumber: maskedAccountNumber(row.id),
      crypto: row.crypto,
      flags: accountFlags({ type: row.type, status: row.status, currencyCode: row.currency_code, crypto: row.crypto, hasEntries: Boolean(row.has_entries) }),
      ...omitNull({ name: row.name, subType: row.sub_type, settlementAccountId: row.settlement_account_id, walletAddress: row.address }),
      ...omitNull({
        cardIsVirtual: row.card_is_virtual,
        cardExpiryMonth: row.card_expiry_month,
        cardExpiryYear: row.card_expiry_year,
        cardReissuedStatusId: row.card_reissued_status_id,
      }),
    }));
}
