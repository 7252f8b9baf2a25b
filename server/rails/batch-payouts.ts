import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LedgerEffect, PayoutState } from './payout-states.ts';
import { reasonKey } from './reason-codes.ts';

/**
 * What a rail's report on one of a batch's payouts does to its row (called by applyRailReport in the
 * report's transaction): settled, the row is paid; failed or returned before settling (the hold voided, its
 * money still in the batch's escrow), the row failed, its money and fee given back when the batch ends;
 * returned after settling, the rail's refund already gave the amount back (the fee kept, as for a single
 * payout), so the row is 'returned'. The batch counts the row done (and failed).
 *
 * @example
 * await batchPayoutSettled(trx, 42n, 'settled', 'post');
 */
export async function batchPayoutSettled(
  trx: Transaction<Database>,
  transferId: bigint,
  state: PayoutState,
  effect: LedgerEffect,
  reasonCode: string | null,
): Promise<void> {
  const status = state === 'settled' ? 'completed' : effect === 'refund' ? 'returned' : state === 'failed' || state === 'returned' ? 'failed' : undefined;
  if (!status) return;
  const row = await trx
    .updateTable('transfer_batch_rows')
    .set({ status, ...(status !== 'completed' ? { failure_key: reasonKey(reasonCode ?? 'MS03') } : {}) })
    .where('transfer_id', '=', transferId)
    .returning(['batch_id'])
    .executeTakeFirst();
  if (!row) return;
  await trx
    .updateTable('transfer_batches')
    .set((eb) => ({
      ...(effect === 'refund' ? {} : { processed: eb('processed', '+', 1) }),
      ...(status === 'completed' ? {} : { failed_count: eb('failed_count', '+', 1) }),
    }))
    .where('id', '=', row.batch_id)
    .execute();
}
