import type { StepUpSubject, StepUpWording } from '../signin/step-up.ts';

/**
 * What a batch's second factor is bound to and how its message words it: the batch, its account, its
 * number of payments, total and fees, so a code sent for one batch (or for a batch since changed) never
 * sends another. `action` tells the initiator's confirmation from an approver's decision, and an approver's
 * decision on a mass batch from one on a global pay batch (numbered apart).
 *
 * @example
 * const { subject, wording } = batchStepUp({ customerId, userId }, 'massTransferConfirm', state);
 * if (!params.confirm) return startStepUp(trx, ctx.adapters, subject, wording, ctx.afterCommit);
 */
export function batchStepUp(
  who: { customerId: number; userId: number },
  action: 'massTransferConfirm' | 'massTransferApprove' | 'globalPayApprove',
  batch: { batchId: number; name: string; accountId: number; count: number; total: string; fees: string; currencyCode: string },
): { subject: StepUpSubject; wording: StepUpWording } {
  return {
    subject: {
      ...who,
      action,
      accountId: batch.accountId,
      facts: [batch.batchId, batch.count, batch.total, batch.fees, batch.currencyCode],
    },
    wording: {
      what: {
        key: action === 'massTransferConfirm' ? 'messages.stepUp.what.massBatch' : 'messages.stepUp.what.approveMassBatch',
        values: { name: batch.name, payments: batch.count, total: { amount: batch.total, currency: batch.currencyCode } },
      },
      emailSubject: 'messages.stepUp.subject.massBatch',
      purpose: action,
      object: 'server.batches.codeNotForBatch',
    },
  };
}
