import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { confirmTransfer, resendConfirmation } from './confirmation.ts';
import { releaseTransfer } from './settle-transfer.ts';
import { payeeInvitation } from './escrow.ts';
import { handOverPayout } from './payout-handover.ts';

const who = (ctx: RpcContext) => {
  const caller = callerOf(ctx);
  return { customerId: caller.customerId, userId: caller.user.userId };
};

/** What every kind of transfer shares after it is submitted: confirm, resend, status, cancel. */
export const transferHandlers: Pick<RpcHandlerMap<RpcContext>, 'transferApprove' | 'transferApprovalResend' | 'transferStatus' | 'transferCancel'> = {
  async transferApprove(params, ctx) {
    const { status, confirmedNow } = await confirmTransfer(ctx.db, who(ctx), BigInt(params.trxid), params.approvalCode);
    // A payout confirmed by this call goes to its rail (only this call's: a repeated confirmation sends nothing).
    if (confirmedNow && status === 'processing') ctx.afterCommit(() => handOverPayout(ctx.db, ctx.adapters.rails, BigInt(params.trxid)));
    // Money now waits in escrow for someone who has not registered: invite them (once per transfer).
    if (status === 'awaitingPayee') {
      const invitation = await payeeInvitation(ctx.db, BigInt(params.trxid), ctx.origin);
      if (invitation) ctx.afterCommit(() => ctx.adapters.messages.sendEmail(invitation));
    }
    return { operationId: params.trxid, status };
  },

  async transferApprovalResend(params, ctx) {
    const started = await resendConfirmation(ctx.db, ctx.adapters, who(ctx), BigInt(params.trxid), params.approveType);
    return { operationId: params.trxid, ...started };
  },

  async transferStatus(params, ctx) {
    const transfer = await ctx.db
      .selectFrom('transfers')
      .select(['customer_id', 'status', 'decline_reason'])
      .where('id', '=', BigInt(params.trxid))
      .executeTakeFirst();
    if (!transfer || transfer.customer_id !== callerOf(ctx).customerId) throw new RpcRefusal('13');
    return { operationId: params.trxid, status: transfer.status, ...(transfer.decline_reason ? { declineReason: transfer.decline_reason } : {}) };
  },

  async transferCancel(params, ctx) {
    const { customerId } = callerOf(ctx);
    await ctx.db.transaction().execute(async (trx) => {
      const transfer = await trx.selectFrom('transfers').select('customer_id').where('id', '=', BigInt(params.trxid)).executeTakeFirst();
      if (!transfer || transfer.customer_id !== customerId) throw new RpcRefusal('13');
      await releaseTransfer(trx, BigInt(params.trxid), 'canceled', 'Cancelled by the customer');
    });
    return { operationId: params.trxid, status: 'canceled' as const };
  },
};
