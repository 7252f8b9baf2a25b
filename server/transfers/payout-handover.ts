import type { Kysely, Transaction } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import type { Database } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';

type Db = Kysely<Database> | Transaction<Database>;
/** The payment rails as the adapters carry them (server/rails/rail-adapter.ts). */
type Rails = Adapters['rails'];
type Rail = keyof Rails;
/** What a rail is sent for a payout. */
export type PayoutInstruction = Parameters<Rails[Rail]['sendPayout']>[0];

/** A payout ready for its rail: the rail and what it is sent. */
export interface PayoutHandOver {
  rail: Rail;
  instruction: PayoutInstruction;
}

/**
 * What a rail is sent for a payout.
 *
 * @example
 * payoutInstruction({ name: 'Ada' }, 'WIRE-42', '250.00', 'EUR', null); // { endToEndId: 'WIRE-42', amount: '250.00', currency: 'EUR', beneficiary: { name: 'Ada' } }
 */
export function payoutInstruction(
  beneficiary: PayoutInstruction['beneficiary'],
  endToEndId: string,
  amount: string,
  currency: string,
  reference: string | null,
): PayoutInstruction {
  return { endToEndId, amount, currency, beneficiary, ...(reference ? { reference } : {}) };
}

/**
 * The payouts let go to their rails (their transfer 'processing': created without a second factor, or
 * confirmed, or approved) that their rail has not taken yet ('pending'), with what each rail is sent.
 */
export function processingPayouts(db: Db) {
  return (
    db
      .selectFrom('rail_payouts as p')
      .innerJoin('transfers as t', 't.id', 'p.transfer_id')
      // What the beneficiary receives, in the payout's currency (the account's, or the one it was converted to).
      .innerJoin('currencies as c', 'c.code', 't.to_currency_code')
      .select(['p.id', 'p.rail', 'p.end_to_end_id', 'p.beneficiary', 't.to_amount as amount', 't.to_currency_code as currency_code', 't.reference', 'c.scale'])
      .where('p.state', '=', 'pending')
      .where('t.status', '=', 'processing')
  );
}

/** What a row of `processingPayouts` sends to its rail. */
export function instructionOf(payout: {
  end_to_end_id: string;
  beneficiary: Record<string, string>;
  amount: bigint;
  scale: number;
  currency_code: string;
  reference: string | null;
}): PayoutInstruction {
  return payoutInstruction(
    payout.beneficiary as PayoutInstruction['beneficiary'],
    payout.end_to_end_id,
    formatMinorUnits(payout.amount, payout.scale),
    payout.currency_code,
    payout.reference,
  );
}

/**
 * What a confirmed or approved payout sends to its rail (completeTransfer made it 'processing'), read in
 * the transaction that let it go so it can be sent after the commit; undefined for a transfer that is no
 * payout or not waiting for its rail.
 *
 * @example
 * const handOver = await payoutToHandOver(trx, 42n);
 * if (handOver) ctx.afterCommit(() => ctx.adapters.rails[handOver.rail].sendPayout(handOver.instruction));
 */
export async function payoutToHandOver(db: Db, transferId: bigint): Promise<PayoutHandOver | undefined> {
  const payout = await processingPayouts(db).where('p.transfer_id', '=', transferId).executeTakeFirst();
  return payout ? { rail: payout.rail as Rail, instruction: instructionOf(payout) } : undefined;
}

/**
 * Hands a confirmed or approved payout to its rail, after the commit that let it go. Does nothing for a
 * transfer that is no payout or not waiting for its rail; a rail that cannot be reached leaves it to
 * `resendPendingPayouts` (server/rails/payouts.ts), and the rail is idempotent on the payout's
 * end-to-end id, so a second hand-over changes nothing.
 *
 * @example
 * const { status, confirmedNow } = await confirmTransfer(db, who, 42n, code);
 * if (confirmedNow && status === 'processing') ctx.afterCommit(() => handOverPayout(db, ctx.adapters.rails, 42n));
 */
export async function handOverPayout(db: Kysely<Database>, rails: Rails, transferId: bigint): Promise<void> {
  const handOver = await payoutToHandOver(db, transferId);
  if (handOver) await rails[handOver.rail].sendPayout(handOver.instruction);
}
