import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import type { Database } from '../db/schema.ts';
import type { Transaction } from 'kysely';
import { formatMinorUnits } from '../ledger/money.ts';
import { createPayout, payoutOf } from './payouts.ts';
import { wireBeneficiary } from './wire.ts';

/**
 * The rails' calls (document 001 section 7, 'External transfers'): a wire payout, and where a payout
 * stands at its rail with its timeline.
 */
export const railHandlers: Pick<RpcHandlerMap<RpcContext>, 'wireTransfer' | 'payoutStatus'> = {
  async wireTransfer(params, ctx) {
    const caller = callerOf(ctx);
    const beneficiary = wireBeneficiary(params);
    const { instruction, ...created } = await createPayout(ctx.db as Transaction<Database>, {
      rail: 'wire',
      customerId: caller.customerId,
      userId: caller.user.userId,
      fromAccountId: params.accountId,
      ...(params.currency ? { currency: params.currency } : {}),
      amount: params.amount,
      beneficiary,
      ...(params.reference ? { reference: params.reference } : {}),
      ...(params.note ? { note: params.note } : {}),
    });
    // The rail is reached after the commit, never from inside the transaction; if it cannot be reached
    // the scheduler hands the payout over again (resendPendingPayouts).
    ctx.afterCommit(() => ctx.adapters.rails.wire.sendPayout(instruction));
    return created;
  },

  async payoutStatus(params, ctx) {
    const { payout, timeline } = await payoutOf(ctx.db, callerOf(ctx).customerId, BigInt(params.operationId));
    return {
      operationId: params.operationId,
      rail: payout.rail as 'wire',
      state: payout.state,
      ...(payout.reason_code ? { reasonCode: payout.reason_code } : {}),
      amount: formatMinorUnits(payout.amount, payout.scale),
      fee: formatMinorUnits(payout.fee, payout.scale),
      currencyCode: payout.currency_code,
      beneficiaryName: payout.beneficiary.name ?? '',
      timeline,
    };
  },
};
