import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LedgerError } from './errors.ts';
import { legValues, lockAccounts, writeEntries, type LedgerPosting, type PostedTransaction } from './post-transaction.ts';
import { sharesOf, splitPostings } from './revenue-split.ts';

/**
 * Holds a posting: its transaction and entries are written as pending, and every customer account
 * it takes money from reserves that amount (`pending` grows; what can be spent shrinks). Balances do
 * not move until `settleHeldTransaction` posts it; voiding releases the reservation. Refused with
 * LedgerError 'insufficientFunds' when the reservation would take an account below its minimum.
 * Runs inside the caller's database transaction.
 *
 * @example
 * const held = await holdLedgerTransaction(trx, { operationType: 'Transfer', description: 'To Ben', legs });
 * // later, once approved:
 * await settleHeldTransaction(trx, held.transactionId, 'post');
 */
export async function holdLedgerTransaction(trx: Transaction<Database>, posting: LedgerPosting): Promise<PostedTransaction> {
  return writeEntries(trx, posting, 'pending');
}

/**
 * Ends a hold. 'post' moves every balance by its entry and releases the reservation (what can be
 * spent is unchanged by the post itself); 'void' only releases it. Either way the entries leave the
 * pending state, so a hold is settled once: a second settle is refused with 'invalidEntries'.
 * Posting into an account closed since the hold was made is refused with 'closedAccount'.
 *
 * @example
 * await settleHeldTransaction(trx, transactionId, 'void'); // the approver declined
 */
export async function settleHeldTransaction(trx: Transaction<Database>, transactionId: bigint, outcome: 'post' | 'void'): Promise<void> {
  // Claiming the entries is the settle's lock: a second settle of the same hold waits for this one,
  // then finds nothing pending and is refused, instead of moving the balances again.
  const entries = await trx
    .updateTable('ledger_entries')
    .set({ status: outcome === 'post' ? 'posted' : 'voided' })
    .where('transaction_id', '=', transactionId)
    .where('status', '=', 'pending')
    .returning(['id', 'account_id', 'amount'])
    .execute();
  if (!entries.length) {
    throw new LedgerError('invalidEntries', `Transaction ${transactionId} holds nothing: it was already posted or voided.`);
  }
  // The history's timeline says when the hold ended.
  await trx.updateTable('ledger_transactions').set({ settled_at: new Date() }).where('id', '=', transactionId).execute();
  const legs = entries.map((entry) => ({ accountId: entry.account_id, amount: entry.amount }));
  // Voiding must work on closed accounts too (that is how money comes back); posting checks them.
  if (outcome === 'post') await lockAccounts(trx, legs);
  else
    await trx
      .selectFrom('accounts')
      .select('id')
      .where(
        'id',
        'in',
        legs.map((leg) => leg.accountId),
      )
      .where('customer_id', 'is not', null)
      .orderBy('id')
      .forUpdate()
      .execute();

  // Every customer balance moves (post) and every reservation ends, in one statement. System accounts never
  // hold; a posted leg of theirs is a delta, as in ledger_post (migration 0030), so no settle waits for them.
  await sql`
    with v(id, amount) as (values ${legValues(legs)}),
    customers as (
      update accounts as a
      set balance = a.balance + ${outcome === 'post' ? sql`v.amount` : sql`0`}, pending = a.pending - greatest(-v.amount, 0)
      from v
      where a.id = v.id and a.customer_id is not null
    )
    insert into system_balance_deltas (account_id, amount)
    select v.id, v.amount from v join accounts as a on a.id = v.id
    where a.customer_id is null and ${outcome === 'post'}`.execute(trx);

  // A held payment (a transfer confirmed by a code, approved, or released from escrow) is received when it is
  // posted: the revenue-split shares of its receiver's active contracts move now, in this same transaction,
  // as writeEntries moves them for a payment posted at once (server/ledger/revenue-split.ts).
  if (outcome === 'post') {
    const { operation_type } = await trx.selectFrom('ledger_transactions').select('operation_type').where('id', '=', transactionId).executeTakeFirstOrThrow();
    const shares = await sharesOf(trx, operation_type, legs);
    for (const share of splitPostings(shares, transactionId)) await writeEntries(trx, share, 'posted');
  }
}
