import type { RpcHandlerMap } from '../../generated/methods.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { requestLanguage } from '../i18n/texts.ts';
import { confirmStepUp, startStepUp, type StepUpWording } from '../signin/step-up.ts';
import {
  amountAndPayee,
  decideRequests,
  listRequests,
  notificationCounts,
  requestCreators,
  requestsToApprove,
  waitingInBatch,
  type DecisionNotice,
  type QueueActor,
} from './queue.ts';
import type { TransactionRequestApproveResponse } from '../../generated/methods.ts';
import { messageTexts } from '../i18n/request-language.ts';
import { batchAwaitingApproval, batchState, decideBatch } from '../batches/batches.ts';
import { batchStepUp } from '../batches/step-up.ts';
import { decideGlobalPayRequest, globalPayBatch, globalPayRequestAwaitingApproval } from '../global-pay/batches.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { notifyCustomer } from '../notifications/notifications.ts';

const actorOf = (ctx: RpcContext): QueueActor => {
  const caller = callerOf(ctx);
  return { customerId: caller.customerId, userId: caller.user.userId };
};

/** Tells each creator, after the commit, what an approver decided about their requests. */
function queueNotices(ctx: RpcContext, notices: DecisionNotice[]): void {
  if (!notices.length) return;
  ctx.afterCommit(async () => {
    for (const notice of notices) {
      const t = messageTexts();
      const outcome = notice.outcome === 'approved' ? 'approved' : 'declined';
      const told = t(`messages.transferRequest.${outcome}Text`, { id: notice.transactionId, what: notice.what });
      await ctx.adapters.messages.sendEmail({
        to: notice.creatorEmail,
        subject: t(`messages.transferRequest.${outcome}Subject`),
        text: notice.reason ? `${told} ${t('messages.transferRequest.reason', { reason: notice.reason })}` : told,
        purpose: 'transferRequestDecision',
      });
    }
  });
}

/** Tells the customer's pages that a transfer request was declined ('Transaction was rejected.', document 002 section 8). */
async function notifyRejected(trx: Transaction<Database>, customerId: number, notice: DecisionNotice): Promise<void> {
  const body = { key: 'server.notifications.transactionRejected.body', values: { id: notice.transactionId, what: notice.what } };
  await notifyCustomer(trx, customerId, {
    type: 'transactionRejected',
    title: { key: 'server.notifications.transactionRejected.title' },
    body: notice.reason ? { key: 'server.notifications.withReason', values: { text: body, reason: notice.reason } } : body,
    data: { transactionId: String(notice.transactionId) },
  });
}

/** The step-up action of an approval: its codes open nothing else. */
const APPROVE_ACTION = 'transfersApprove';

type Decision = { declined: boolean; reason?: string; confirm?: { requestId: string; approvalCode: string } };

/**
 * Approves or declines `ids` for the approver. Declining moves money back to the customer and needs
 * nothing more. Approving sends money, so it asks the approver's own second factor first (issue 11):
 * without `confirm` it answers the challenge, whose code is bound to the requests it would send and
 * their amounts; with `confirm` the code is checked (a wrong one counts even though the call rolls
 * back) and the requests are decided. Requests that changed since the code was sent need a new code,
 * refused on `changedField`. When approving would send nothing (all decided, or the approver's own),
 * no code is asked.
 */
async function decide(ctx: RpcContext, ids: bigint[], decision: Decision, changedField: string): Promise<TransactionRequestApproveResponse> {
  const actor = actorOf(ctx);
  const trx = ctx.db as Transaction<Database>;
  if (!decision.declined) {
    const sending = await requestsToApprove(trx, actor, ids);
    if (sending.length) {
      const subject = {
        ...actor,
        action: APPROVE_ACTION,
        accountId: null,
        facts: sending.map((request) => [request.transactionId, request.amount, request.fee, request.currencyCode]),
      };
      const t = messageTexts();
      const what = sending.map((request) => {
        const said = amountAndPayee({ amount: request.amount, currency: request.currencyCode }, request.payee);
        return t(said.key, said.values);
      });
      const wording: StepUpWording = {
        what: {
          key: 'messages.stepUp.what.approve',
          values: {
            list: what.length > 3 ? t('messages.stepUp.what.andMore', { list: what.slice(0, 3).join(', '), count: what.length - 3 }) : what.join(', '),
          },
        },
        emailSubject: 'messages.stepUp.subject.transferRequestApproval',
        purpose: 'transferRequestApproval',
        object: 'server.stepUp.notForRequests',
      };
      if (!decision.confirm) return startStepUp(trx, ctx.adapters, subject, wording, ctx.afterCommit);
      await confirmStepUp(trx, subject, decision.confirm, wording, {
        field: changedField,
        key: 'server.approvals.changedAfterCode',
      });
    }
  }
  const { decisions, notices, handOvers } = await decideRequests(trx, actor, ids, {
    declined: decision.declined,
    ...(decision.reason ? { reason: decision.reason } : {}),
  });
  queueNotices(ctx, notices);
  for (const notice of notices.filter((told) => told.outcome === 'declined')) await notifyRejected(trx, actor.customerId, notice);
  // Approved payouts go to their rails once the approval is committed (resendPendingPayouts if one is lost).
  for (const { rail, instruction } of handOvers) ctx.afterCommit(() => ctx.adapters.rails[rail].sendPayout(instruction));
  return decisions;
}

/**
 * Approves or declines a mass batch's approval request as a whole, with the rules of `decide`: declining
 * gives its funding back and needs nothing more; approving lets its payments go, so it asks the approver's
 * own second factor first, bound to the batch, its total and fees (a batch changed since needs a new code,
 * refused on batchId). Answers as a decision on the batch's requests: no single request, the batch's
 * payments counted as approved or declined.
 */
async function decideMassBatch(ctx: RpcContext, batchId: bigint, decision: Decision): Promise<TransactionRequestApproveResponse> {
  const actor = actorOf(ctx);
  const trx = ctx.db as Transaction<Database>;
  const state = await batchState(trx, actor.customerId, batchId);
  if (!decision.declined) {
    const { subject, wording } = batchStepUp(actor, 'massTransferApprove', state);
    if (!decision.confirm) return startStepUp(trx, ctx.adapters, subject, wording, ctx.afterCommit);
    await confirmStepUp(trx, subject, decision.confirm, wording, { field: 'batchId', key: 'server.batches.changedAfterCode' });
  }
  await decideBatch(trx, {
    customerId: actor.customerId,
    userId: actor.userId,
    batchId,
    declined: decision.declined,
    ...(decision.reason ? { reason: decision.reason } : {}),
  });
  return { results: [], approved: decision.declined ? 0 : state.count, declined: decision.declined ? state.count : 0, skipped: 0 };
}

/**
 * Approves or declines a global pay batch's approval request as a whole, with the rules of `decideMassBatch`:
 * declining gives its whole funding back; approving asks the approver's own code first, bound to the batch,
 * its payments and what it holds, then sends each recipient their link. Not waiting for an approver → TA1 on
 * batchId; another customer's → 13.
 */
async function decideGlobalPayBatch(ctx: RpcContext, batchId: bigint, decision: Decision): Promise<TransactionRequestApproveResponse> {
  const actor = actorOf(ctx);
  const trx = ctx.db as Transaction<Database>;
  const state = await globalPayRequestAwaitingApproval(trx, actor.customerId, batchId);
  if (!state) {
    await globalPayBatch(trx, actor.customerId, batchId); // another customer's (or none) → 13
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'batchId', key: 'server.batches.notAwaitingApproval' }] });
  }
  if (!decision.declined) {
    const { subject, wording } = batchStepUp(actor, 'globalPayApprove', state);
    if (!decision.confirm) return startStepUp(trx, ctx.adapters, subject, wording, ctx.afterCommit);
    await confirmStepUp(trx, subject, decision.confirm, wording, { field: 'batchId', key: 'server.batches.changedAfterCode' });
  }
  const messenger = { messages: ctx.adapters.messages, afterCommit: (effect: () => Promise<void>) => ctx.afterCommit(effect), t: messageTexts() };
  await decideGlobalPayRequest(
    trx,
    {
      customerId: actor.customerId,
      userId: actor.userId,
      batchId,
      declined: decision.declined,
      ...(decision.reason ? { reason: decision.reason } : {}),
      ...(ctx.origin ? { origin: ctx.origin } : {}),
    },
    messenger,
  );
  return { results: [], approved: decision.declined ? 0 : state.count, declined: decision.declined ? state.count : 0, skipped: 0 };
}

/** The business approval queue (document 001 sections 4 and 7, 'Business queue'). */
export const approvalHandlers: Pick<
  RpcHandlerMap<RpcContext>,
  'transactionRequestList' | 'transactionRequestApprove' | 'transactionRequestMassApprove' | 'transactionRequestUsers' | 'approvalNotificationCounts'
> = {
  async transactionRequestList(params, ctx) {
    return listRequests(ctx.db, actorOf(ctx), params, requestLanguage(ctx.acceptLanguage));
  },

  async transactionRequestApprove(params, ctx) {
    return decide(ctx, params.transactionIds.map(BigInt), params, 'transactionIds');
  },

  async transactionRequestMassApprove(params, ctx) {
    const trx = ctx.db as Transaction<Database>;
    const batchId = BigInt(params.batchId);
    // A global pay batch's approval request (server/global-pay/) is decided as a whole.
    if (params.batchType === 'globalPay') return decideGlobalPayBatch(ctx, batchId, params);
    // A mass batch's approval request (server/batches/) is decided as a whole.
    if (await batchAwaitingApproval(trx, callerOf(ctx).customerId, batchId)) return decideMassBatch(ctx, batchId, params);
    const ids = await waitingInBatch(trx, callerOf(ctx).customerId, batchId);
    return decide(ctx, ids, params, 'batchId');
  },

  async transactionRequestUsers(_params, ctx) {
    return { users: await requestCreators(ctx.db, callerOf(ctx).customerId) };
  },

  async approvalNotificationCounts(_params, ctx) {
    return notificationCounts(ctx.db, actorOf(ctx));
  },
};
