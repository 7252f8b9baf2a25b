import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import type { CryptoRail } from '../wallets/crypto-rail.ts';
import { ACCOUNT_TYPE } from './account-flags.ts';

/** Why an account could not be opened; the handler turns it into a refusal on the field. */
export type OpenAccountRefusal = 'alreadyHeld' | 'unknownCurrency';

/**
 * Opens a payment account (1001) for the customer in `currency`, unless the customer already holds
 * an open payment account in it. The customer's row is locked first, so two requests racing for the
 * same currency open one account and refuse the other.
 *
 * @example
 * const opened = await openPaymentAccount(db, customerId, 'AUD');
 * if ('refusal' in opened) …; else opened.accountId;
 */
export async function openPaymentAccount(
  db: Kysely<Database>,
  customerId: number,
  currency: string,
  options: { crypto?: boolean } = {},
): Promise<{ accountId: number } | { refusal: OpenAccountRefusal }> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().executeTakeFirstOrThrow();
    const known = await trx.selectFrom('currencies').select('crypto').where('code', '=', currency).executeTakeFirst();
    if (!known || known.crypto !== (options.crypto ?? false)) return { refusal: 'unknownCurrency' as const };
    if (await openPaymentAccountIn(trx, customerId, currency)) return { refusal: 'alreadyHeld' as const };
    const { id } = await trx
      .insertInto('accounts')
      .values({ customer_id: customerId, currency_code: currency, type: ACCOUNT_TYPE.payment })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { accountId: id };
  });
}

/** The id of the customer's open payment account in `currency` (the first, where there are several), if any. */
async function openPaymentAccountIn(db: Kysely<Database>, customerId: number, currency: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currency)
    .where('type', '=', ACCOUNT_TYPE.payment)
    .where('status', '=', ACCOUNT_STATUS.open)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/** A customer's deposit wallet: the address and the account it pays into. */
export interface Wallet {
  address: string;
  accountId: number;
  currencyCode: string;
}

async function walletOf(db: Kysely<Database>, customerId: number, currency: string): Promise<Wallet | undefined> {
  const row = await db
    .selectFrom('crypto_wallets')
    .select(['address', 'account_id', 'currency_code'])
    .where('customer_id', '=', customerId)
    .where('currency_code', '=', currency)
    .executeTakeFirst();
  return row && { address: row.address, accountId: row.account_id, currencyCode: row.currency_code };
}

/**
 * The customer's wallet in a crypto `currency`, created on first use: the open payment account in
 * that currency (opened when missing) and the rail's deposit address for it. Later calls, and calls
 * racing the first, answer the same wallet. Undefined when `currency` is not a crypto currency.
 *
 * @example
 * const wallet = await ensureWallet(db, adapters.crypto, customerId, 'BTC');
 */
export async function ensureWallet(db: Kysely<Database>, rail: CryptoRail, customerId: number, currency: string): Promise<Wallet | undefined> {
  const existing = await walletOf(db, customerId, currency);
  if (existing) return existing;
  const currencyRow = await db.selectFrom('currencies').select('crypto').where('code', '=', currency).executeTakeFirst();
  if (!currencyRow?.crypto) return undefined;
  const address = await rail.depositAddress(currency, customerId);
  const opened = await openPaymentAccount(db, customerId, currency, { crypto: true });
  const accountId = 'accountId' in opened ? opened.accountId : (await openPaymentAccountIn(db, customerId, currency))!;
  await db
    .insertInto('crypto_wallets')
    .values({ customer_id: customerId, account_id: accountId, currency_code: currency, address })
    .onConflict((conflict) => conflict.columns(['customer_id', 'currency_code']).doNothing())
    .execute();
  return walletOf(db, customerId, currency);
}
