import type { Transaction } from 'kysely';
import type { Database, TransferStatus } from '../db/schema.ts';
import { settleHeldTransaction } from '../ledger/holds.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

type Trx = Transaction<Database>;

/**
 * Posts a transfer's held funds: 'completed', or 'awaitingPayee' when the money went to escrow for a
 * payee who has not registered (it lands with `releaseEscrowFor` once they do). Answers the status.
 */
export async function completeTransfer(trx: Trx, transferId: bigint): Promise<TransferStatus> {
  const transfer = await trx.selectFrom('transfers').select(['ledger_transaction_id', 'to_account_id']).where('id', '=', transferId).executeTakeFirstOrThrow();
  await settleHeldTransaction(trx, transfer.ledger_transaction_id!, 'post');
  const status: TransferStatus = transfer.to_account_id === null ? 'awaitingPayee' : 'completed';
  await trx.updateTable('transfers').set({ status, updated_at: new Date() }).where('id', '=', transferId).execute();
  return status;
}

/**
 * Ends a transfer that has not moved money yet (waiting for its second factor or for approval):
 * the hold is released and the status says why. `status` is 'declined' (an approver said no),
 * 'canceled' (the customer withdrew it) or 'failed' (too many wrong codes).
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
}
