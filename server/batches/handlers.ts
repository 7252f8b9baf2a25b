import type { Transaction } from 'kysely';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import type { Database } from '../db/schema.ts';
import { currentLanguage } from '../i18n/request-language.ts';
import { localeTexts } from '../i18n/texts.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { confirmStepUp, startStepUp } from '../signin/step-up.ts';
import { needsBusinessApproval } from '../transfers/create-transfer.ts';
import { transferScope } from '../transfers/scope.ts';
import { globalPaySampleFile } from './global-pay-file.ts';
import { batchStepUp } from './step-up.ts';
import { FLAG_OF_METHOD, massSendingFlags } from './permissions.ts';
import { BATCH_METHODS, batchFile, batchPayments, batchState, cancelBatch, confirmBatch, sampleFile, uploadBatch } from './batches.ts';

/**
 * The mass payments' calls (document 001 section 7, 'Mass transfers'; issue 16): upload and summary,
 * confirmation (money-moving: the batch funded in one ledger transaction), where a batch stands, its
 * payments, its file, a sample file per method, and cancelling one not yet confirmed.
 */
export const batchHandlers: Pick<
  RpcHandlerMap<RpcContext>,
  | 'massTransferUpload'
  | 'massTransferConfirm'
  | 'massTransferStatus'
  | 'massTransferPayments'
  | 'massTransferCancel'
  | 'massTransferFile'
  | 'massSampleFile'
  | 'massTransferTypes'
> = {
  async massTransferUpload(params, ctx) {
    const caller = callerOf(ctx);
    const source = params.file !== undefined ? { file: params.file } : params.text !== undefined ? { text: params.text } : undefined;
    if (!source) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'file', key: 'server.uploads.chooseFile' }] });
    const uploaded = await ctx.db.transaction().execute((trx) =>
      uploadBatch(trx, {
        customerId: caller.customerId,
        userId: caller.user.userId,
        method: params.transferType,
        accountId: params.accountId,
        batchName: params.batchName,
        source,
        ...(params.onlySummary !== undefined ? { onlySummary: params.onlySummary } : {}),
        ...(params.ignoreIdenticalBatch !== undefined ? { ignoreIdenticalBatch: params.ignoreIdenticalBatch } : {}),
      }),
    );
    const t = localeTexts(currentLanguage());
    const { summary } = uploaded;
    const money = (minor: bigint) => formatMinorUnits(minor, summary.scale);
    return {
      summary: {
        count: summary.count,
        validCount: summary.validCount,
        invalidCount: summary.invalidCount,
        total: money(summary.total),
        fees: money(summary.fees),
        totalWithFees: money(summary.totalWithFees),
        available: money(summary.available),
        sufficient: summary.available >= summary.totalWithFees,
        currencyCode: summary.currencyCode,
      },
      errors: uploaded.problems.map((problem) => ({
        row: problem.row,
        field: problem.field,
        message: 'key' in problem ? t(problem.key, problem.values) : problem.description,
      })),
      ...(uploaded.batchId !== undefined ? { batchId: Number(uploaded.batchId), status: 'awaitingConfirmation' as const } : {}),
    };
  },

  async massTransferConfirm(params, ctx) {
    const caller = callerOf(ctx);
    if (!ctx.db.isTransaction) throw new Error('A batch is funded inside the call\'s transaction: declare the method "moneyMoving": true.');
    const trx = ctx.db as Transaction<Database>;
    const batchId = BigInt(params.batchId);
    const userId = caller.user.userId;
    // A business user who may only initiate makes a batch approval request: funded, waiting for an approver.
    if (await needsBusinessApproval(trx, transferScope(ctx))) {
      await confirmBatch(trx, { customerId: caller.customerId, userId, batchId, approvalRequest: true });
      return batchState(ctx.db, caller.customerId, batchId);
    }
    // The customer's two-step setting asks the second factor, as createPayout does, bound to the batch and its total.
    const customer = await trx.selectFrom('customers').select('transaction_approve_mode').where('id', '=', caller.customerId).executeTakeFirstOrThrow();
    if (customer.transaction_approve_mode !== null) {
      const state = await batchState(ctx.db, caller.customerId, batchId);
      if (state.status === 'awaitingConfirmation') {
        const { subject, wording } = batchStepUp({ customerId: caller.customerId, userId }, 'massTransferConfirm', state);
        if (!params.confirm) return startStepUp(trx, ctx.adapters, subject, wording, ctx.afterCommit);
        await confirmStepUp(trx, subject, params.confirm, wording, { field: 'batchId', key: 'server.batches.changedAfterCode' });
      }
    }
    await confirmBatch(trx, { customerId: caller.customerId, userId, batchId });
    return batchState(ctx.db, caller.customerId, batchId);
  },

  async massTransferStatus(params, ctx) {
    return batchState(ctx.db, callerOf(ctx).customerId, BigInt(params.batchId));
  },

  async massTransferPayments(params, ctx) {
    const t = localeTexts(currentLanguage());
    const { payments, total } = await batchPayments(ctx.db, callerOf(ctx).customerId, BigInt(params.batchId), {
      pageNumber: params.pageNumber ?? 1,
      pageSize: params.pageSize ?? 20,
      ...(params.status ? { status: params.status } : {}),
    });
    return { total, payments: payments.map(({ failureKey, ...payment }) => ({ ...payment, ...(failureKey ? { failure: t(failureKey) } : {}) })) };
  },

  async massTransferCancel(params, ctx) {
    const { customerId } = callerOf(ctx);
    const batchId = BigInt(params.batchId);
    await ctx.db.transaction().execute((trx) => cancelBatch(trx, customerId, batchId));
    return batchState(ctx.db, customerId, batchId);
  },

  async massTransferFile(params, ctx) {
    const file = await batchFile(ctx.db, callerOf(ctx).customerId, BigInt(params.batchId));
    return { fileName: file.fileName, mediaType: file.mediaType, content: file.content.toString('base64') };
  },

  async massTransferTypes(_params, ctx) {
    const permissions = await massSendingFlags(ctx.db, callerOf(ctx).customerId);
    return { permissions, transferTypes: BATCH_METHODS.filter((method) => permissions[FLAG_OF_METHOD[method]]) };
  },

  async massSampleFile(params) {
    const t = localeTexts(currentLanguage());
    const sample = params.transferType === 'globalPay' ? globalPaySampleFile(t) : sampleFile(params.transferType, t);
    return { fileName: sample.fileName, mediaType: 'text/csv' as const, content: Buffer.from(sample.content, 'utf8').toString('base64') };
  },
};
