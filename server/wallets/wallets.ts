import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { toMinorUnits } from '../ledger/money.ts';
import { postLedgerTransaction, type PostedTransaction } from '../ledger/post-transaction.ts';
import { systemAccountId } from '../ledger/system-accounts.ts';
import { ACCOUNT_TYPE } from '../accounts/account-flags.ts';
import { openPaymentAccount } from '../accounts/add-currency.ts';
import type { CryptoRail } from './crypto-rail.ts';

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
  const accountId =
    'accountId' in opened
      ? opened.accountId
      : (
          await db
            .selectFrom('accounts')
            .select('id')
            .where('customer_id', '=', customerId)
            .where('currency_code', '=', currency)
            .where('type', '=', ACCOUNT_TYPE.payment)
            .where('status', '=', ACCOUNT_STATUS.open)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id;
  await db
    .insertInto('crypto_wallets')
    .values({ customer_id: customerId, account_id: accountId, currency_code: currency, address })
    .onConflict((conflict) => conflict.columns(['customer_id', 'currency_code']).doNothing())
    .execute();
  return walletOf(db, customerId, currency);
}

/** Why a deposit was not credited; the message says what to change. */
export class DepositError extends Error {
  override name = 'DepositError';
}

/**
 * Credits a deposit the crypto rail saw on `address`: clearing:crypto of the currency pays the
 * wallet's account, as one ledger transaction whose idempotency key is the deposit's transaction
 * hash, so a deposit reported twice (a rail retrying its notification) lands exactly once.
 *
 * @example
 * await creditDeposit(db, { address: 'bc1q…', amount: '0.015', txHash: 'ab12…' });
 */
export async function creditDeposit(
  db: Kysely<Database>,
  deposit: { address: string; amount: string; txHash: string },
): Promise<PostedTransaction & { accountId: number; currencyCode: string }> {
  const wallet = await db
    .selectFrom('crypto_wallets as w')
    .innerJoin('currencies as c', 'c.code', 'w.currency_code')
    .select(['w.account_id', 'w.currency_code', 'c.scale'])
    .where('w.address', '=', deposit.address.trim())
    .executeTakeFirst();
  if (!wallet) throw new DepositError(`No wallet has the address '${deposit.address}': copy the address from the wallet list.`);
  if (!/^[A-Za-z0-9]{8,100}$/.test(deposit.txHash)) throw new DepositError('The transaction hash must be 8 to 100 letters and digits.');
  const amount = toMinorUnits(deposit.amount.trim(), wallet.scale);
  if (amount <= 0n) throw new DepositError('A deposit must be more than zero.');
  const clearing = await systemAccountId(db, 'clearing:crypto', wallet.currency_code);
  const posted = await postLedgerTransaction(db, {
    operationType: 'Deposit',
    description: `${wallet.currency_code} deposit ${deposit.txHash}`,
    idempotencyKey: `crypto-deposit:${wallet.currency_code}:${deposit.txHash}`,
    legs: [
      { accountId: clearing, amount: -amount, counterparty: deposit.address },
      { accountId: wallet.account_id, amount, counterparty: `${wallet.currency_code} network` },
    ],
  });
  return { ...posted, accountId: wallet.account_id, currencyCode: wallet.currency_code };
}
