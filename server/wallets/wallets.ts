import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { keyedCounterparty, keyedDescription } from '../ledger/descriptions.ts';
import { toMinorUnits } from '../ledger/money.ts';
import { postLedgerTransaction, type PostedTransaction } from '../ledger/post-transaction.ts';
import { systemAccountId } from '../ledger/system-accounts.ts';

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
    ...keyedDescription('server.ledger.cryptoDeposit', { currency: wallet.currency_code, txHash: deposit.txHash }),
    idempotencyKey: `crypto-deposit:${wallet.currency_code}:${deposit.txHash}`,
    legs: [
      { accountId: clearing, amount: -amount, counterparty: deposit.address },
      { accountId: wallet.account_id, amount, ...keyedCounterparty('server.ledger.cryptoNetwork', { currency: wallet.currency_code }) },
    ],
  });
  return { ...posted, accountId: wallet.account_id, currencyCode: wallet.currency_code };
}
