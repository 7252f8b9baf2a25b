import type { RpcHandlerMap } from '../../generated/methods.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { decideRequests, listRequests, notificationCounts, requestCreators, waitingInBatch, type DecisionNotice, type QueueActor } from './queue.ts';

const actorOf = (ctx: RpcContext): QueueActor => {
  const caller = callerOf(ctx);
  return { customerId: caller.customerId, userId: caller.user.userId };
};

/** Tells each creator, after the commit, what an approver decided about their requests. */
function queueNotices(ctx: RpcContext, notices: DecisionNotice[]): void {
  if (!notices.length) return;
  ctx.afterCommit(async () => {
    for (const notice of notices) {
      const verb = notice.outcome === 'approved' ? 'approved and sent' : 'declined, and the funds were released';
      await ctx.adapters.messages.sendEmail({
        to: notice.creatorEmail,
        subject: notice.outcome === 'approved' ? 'Your transfer request was approved' : 'Your transfer request was declined',
        text: `Your transfer request ${notice.transactionId} of ${notice.what} was ${verb}.${notice.reason ? ` Reason: ${notice.reason}` : ''}`,
        purpose: 'transferRequestDecision',
      });
    }
  });
}

/** The business approval queue (document 001 sections 4 and 7, 'Business queue'). */
export const approvalHandlers: Pick<
  RpcHandlerMap<RpcContext>,
  'transactionRequestList' | 'transactionRequestApprove' | 'transactionRequestMassApprove' | 'transactionRequestUsers' | 'approvalNotificationCounts'
> = {
  async transactionRequestList(params, ctx) {
    return listRequests(ctx.db, actorOf(ctx), params);
  },

  async transactionRequestApprove(params, ctx) {
    const { decisions, notices } = await decideRequests(ctx.db as Transaction<Database>, actorOf(ctx), params.transactionIds.map(BigInt), {
      declined: params.declined,
      ...(params.reason ? { reason: params.reason } : {}),
    });
    queueNotices(ctx, notices);
    return decisions;
  },

  async transactionRequestMassApprove(params, ctx) {
    const actor = actorOf(ctx);
    const trx = ctx.db as Transaction<Database>;
    const ids = await waitingInBatch(trx, actor.customerId, BigInt(params.batchId));
    const { decisions, notices } = await decideRequests(trx, actor, ids, { declined: params.declined, ...(params.reason ? { reason: params.reason } : {}) });
    queueNotices(ctx, notices);
    return decisions;
  },

  async transactionRequestUsers(_params, ctx) {
    return { users: await requestCreators(ctx.db, callerOf(ctx).customerId) };
  },

  async approvalNotificationCounts(_params, ctx) {
    return notificationCounts(ctx.db, actorOf(ctx));
  },
};
