import type { Transaction } from 'kysely';
import type { Database, TransferStatus } from '../db/schema.ts';
import { settleHeldTransaction } from '../ledger/holds.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { reportPaymentReceived } from './payment-events.ts';

type Trx = Transaction<Database>;

/** The payout of a transfer that leaves the bank on a rail (server/rails/payouts.ts), if it is one. */
const payoutOfTransfer = (trx: Trx, transferId: bigint) =>
  trx.selectFrom('rail_payouts').select(['id', 'state']).where('transfer_id', '=', transferId).executeTakeFirst();

/**
 * Lets a confirmed or approved transfer go on. A transfer inside the bank has its held funds posted:
 * 'completed', or 'awaitingPayee' when the money went to escrow for a payee who has not registered (it
 * lands with `releaseEscrowFor` once they do). A payout on a rail keeps its hold, which its rail's
 * settlement posts or its return releases: it becomes 'processing', and the caller hands it to its rail
 * after the commit (`handOverPayout`; `resendPendingPayouts` hands it over again if that is lost).
 * Money that reached another customer raises their `payment.received` webhook event with it. Answers the status.
 */
export async function completeTransfer(trx: Trx, transferId: bigint): Promise<TransferStatus> {
  const payout = await payoutOfTransfer(trx, transferId);
  if (payout) {
    await trx.updateTable('transfers').set({ status: 'processing', updated_at: new Date() }).where('id', '=', transferId).execute();
    // The resend waits its interval from now, not from when the payout was created.
    await trx.updateTable('rail_payouts').set({ updated_at: new Date() }).where('id', '=', payout.id).execute();
    return 'processing';
  }
  const transfer = await trx.selectFrom('transfers').select(['ledger_transaction_id', 'to_account_id']).where('id', '=', transferId).executeTakeFirstOrThrow();
  await settleHeldTransaction(trx, transfer.ledger_transaction_id!, 'post');
  const status: TransferStatus = transfer.to_account_id === null ? 'awaitingPayee' : 'completed';
  await trx.updateTable('transfers').set({ status, updated_at: new Date() }).where('id', '=', transferId).execute();
  if (status === 'completed') await reportPaymentReceived(trx, transferId);
  return status;
}

/**
 * Ends a transfer that has not moved money yet (waiting for its second factor or for approval):
 * the hold is released and the status says why. `status` is 'declined' (an approver said no),
 * 'canceled' (the customer withdrew it) or 'failed' (too many wrong codes). A payout that never reached
 * its rail ends 'failed' there too, its timeline saying when.
 */
export async function releaseTransfer(trx: Trx, transferId: bigint, status: 'declined' | 'canceled' | 'failed', reason?: string): Promise<void> {
  const transfer = await trx
    .selectFrom('transfers')
    .select(['ledger_transaction_id', 'status'])
    .where('id', '=', transferId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (transfer.status !== 'awaitingConfirmation' && transfer.status !== 'awaitingApproval') {
    throw new RpcRefusal('TA1', { key: 'server.transfers.alreadyProcessed' });
  }
  await settleHeldTransaction(trx, transfer.ledger_transaction_id!, 'void');
  await trx
    .updateTable('transfers')
    .set({ status, decline_reason: reason ?? null, updated_at: new Date() })
    .where('id', '=', transferId)
    .execute();
  const payout = await payoutOfTransfer(trx, transferId);
  if (payout?.state === 'pending') {
    await trx.updateTable('rail_payouts').set({ state: 'failed', updated_at: new Date() }).where('id', '=', payout.id).execute();
    await trx.insertInto('rail_payout_events').values({ payout_id: payout.id, report_id: status, state: 'failed', reason_code: null }).execute();
  }
}
