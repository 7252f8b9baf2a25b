import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS } from './account-status.ts';
import { keyedCounterparty, keyedDescription } from './descriptions.ts';
import type { LedgerLeg } from './posting-rules.ts';

/** One share of a payment the sender received that goes to a beneficiary. */
export interface SplitShare {
  contractId: number;
  senderAccountId: number;
  beneficiaryAccountId: number;
  senderId: number;
  beneficiaryId: number;
  percentageBp: number;
  amount: bigint;
}

/** The kinds of movement that are payments into the receiving customer's account. */
const SPLIT_OPERATION_TYPES = new Set(['Transfer', 'Deposit']);

/** Whether a movement of this kind can owe revenue-split shares at all (a payment into the receiver's account). */
export const maySplit = (operationType: string) => SPLIT_OPERATION_TYPES.has(operationType);

/**
 * The rounding rule of the split (README "Contracts"): each contract's share is
 * floor(amount × basis points / 10000) in minor units, computed on the whole payment (not on what
 * another contract left), and the remainder stays with the sender. Since the active percentages of a
 * sender never pass 100, the shares never pass the payment, and no minor unit is created or lost: the
 * sender keeps exactly amount − Σ shares.
 *
 * @example
 * shareOf(1001n, 3333); // 333n (33.33 % of 10.01 is 3.336..., floored to 3.33)
 */
export function shareOf(amount: bigint, basisPoints: number): bigint {
  return (amount * BigInt(basisPoints)) / 10_000n;
}

/**
 * The shares a posting's incoming legs owe to the beneficiaries of their holders' ACTIVE and TERMINATING
 * contracts. Only a Transfer or Deposit into a customer's account from someone else counts (a move between
 * a customer's own accounts is not a payment it receives); a beneficiary without an open account in the
 * payment's currency gets no share of it (the sender keeps it). Answers nothing in one indexed query when
 * no holder is a sender of an active contract.
 *
 * Which contracts split (ACTIVE or TERMINATING, the receiving leg's holder their sender) is also the question
 * `ledger_post_unless_split` (migration 0067) asks before a posting, and only a yes there brings a posting here:
 * a change to that rule goes into a new migration of that function as well as into this query.
 */
export async function sharesOf(db: Kysely<Database>, operationType: string, legs: readonly LedgerLeg[]): Promise<SplitShare[]> {
  if (!maySplit(operationType)) return [];
  const incoming = legs.filter((leg) => leg.amount > 0n);
  if (incoming.length === 0) return [];
  const rows = (
    await sql<{
      account_id: number;
      customer_id: number;
      contract_id: number;
      percentage_bp: number;
      beneficiary_id: number;
      beneficiary_account_id: number | null;
    }>`
      select a.id as account_id, a.customer_id, c.id as contract_id, c.percentage_bp, c.beneficiary_id,
        (select b.id from accounts b where b.customer_id = c.beneficiary_id and b.currency_code = a.currency_code and b.status = ${ACCOUNT_STATUS.open}
           and b.settlement_account_id is null order by b.id limit 1) as beneficiary_account_id
      from accounts a join contracts c on c.sender_id = a.customer_id and c.status in ('ACTIVE', 'TERMINATING')
      where a.id in (${sql.join(incoming.map((leg) => leg.accountId))})
      order by c.id`.execute(db)
  ).rows;
  if (rows.length === 0) return [];
  // A customer's own money moving between its accounts is not a payment it receives.
  const outgoingHolders = new Set(
    (
      await db
        .selectFrom('accounts')
        .select('customer_id')
        .where(
          'id',
          'in',
          legs.filter((leg) => leg.amount < 0n).map((leg) => leg.accountId),
        )
        .execute()
    ).map((row) => row.customer_id),
  );
  const shares: SplitShare[] = [];
  for (const row of rows) {
    if (outgoingHolders.has(row.customer_id) || row.beneficiary_account_id === null) continue;
    const leg = incoming.find((candidate) => candidate.accountId === row.account_id)!;
    const amount = shareOf(leg.amount, row.percentage_bp);
    if (amount <= 0n) continue;
    shares.push({
      contractId: row.contract_id,
      senderAccountId: row.account_id,
      beneficiaryAccountId: row.beneficiary_account_id,
      senderId: row.customer_id,
      beneficiaryId: row.beneficiary_id,
      percentageBp: row.percentage_bp,
      amount,
    });
  }
  return shares;
}

/**
 * The ledger postings of the shares: one per contract, from the sender's account to the beneficiary's,
 * described in both histories as the revenue split of that contract. Written by writeEntries (post-transaction.ts)
 * in the database transaction of the payment itself: the payment and its shares commit together or not at all.
 */
export function splitPostings(shares: readonly SplitShare[], paymentId: bigint) {
  return shares.map((share) => ({
    operationType: 'Transfer' as const,
    ...keyedDescription('server.contracts.splitDescription', {
      contract: share.contractId,
      percentage: share.percentageBp / 100,
      payment: paymentId.toString(),
    }),
    legs: [
      { accountId: share.senderAccountId, amount: -share.amount, ...keyedCounterparty('server.contracts.splitTo', { contract: share.contractId }) },
      { accountId: share.beneficiaryAccountId, amount: share.amount, ...keyedCounterparty('server.contracts.splitFrom', { contract: share.contractId }) },
    ],
    splitOf: paymentId,
  }));
}
