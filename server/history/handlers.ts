import { requestLanguage } from '../i18n/texts.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { ownsAccount } from '../accounts/balances.ts';
import { transactionHistory } from '../accounts/transaction-history.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { balanceHistory } from './balance-history.ts';
import { batchTransferList } from './batches.ts';
import { transactionDetails } from './details.ts';
import { historyExportPath } from './export-route.ts';
import { statementList, statementPdf } from './statements.ts';
import { transferReceiptPdf } from './receipt.ts';
import { documentAudience } from '../documents/pdf/index.ts';

type HistoryMethods =
  'transactionHistory' | 'transferDetails' | 'transferReceiptPdf' | 'balanceHistory' | 'statementList' | 'statementDownload' | 'batchTransferList';

/** Refuses (13) an account the acting customer does not hold; nothing is read from it. */
async function checkAccount(ctx: RpcContext, accountId: number | undefined): Promise<void> {
  if (accountId !== undefined && !(await ownsAccount(ctx.db, callerOf(ctx).customerId, accountId))) throw new RpcRefusal('13');
}

/** What the history handlers read from the declared schemas at start. */
export interface HistoryFields {
  /** The properties transferDetails' declared transaction lists: a transfer's attributes named here are answered. */
  details: readonly string[];
}

/** History, transfer details, the balance chart, statements and the batch list (issue 4 item 7). */
export const historyHandlers = (fields: HistoryFields): Pick<RpcHandlerMap<RpcContext>, HistoryMethods> => ({
  async transactionHistory(params, ctx) {
    const { customerId } = callerOf(ctx);
    // The customer comes from the token and the Customer-Id header; a body naming another is refused.
    if (params.customerId !== undefined && params.customerId !== customerId) throw new RpcRefusal('13');
    // Another customer's account is refused outright, not answered with an empty page.
    await checkAccount(ctx, params.accountId);
    // Validation fills in the declared defaults; the fallbacks only satisfy the optional types.
    const page = await transactionHistory(
      ctx.db,
      {
        ...params,
        customerId,
        sortBy: params.sortBy ?? 'transactionDate',
        sortDirection: params.sortDirection ?? 'desc',
        pageNumber: params.pageNumber ?? 1,
        pageSize: params.pageSize ?? 20,
      },
      requestLanguage(ctx.acceptLanguage),
    );
    return { ...page, exportCsv: historyExportPath({ ...params }) };
  },

  async transferDetails(params, ctx) {
    return {
      transaction: await transactionDetails(
        ctx.db,
        callerOf(ctx).customerId,
        BigInt(params.transactionId),
        fields.details,
        requestLanguage(ctx.acceptLanguage),
      ),
    };
  },

  async transferReceiptPdf(params, ctx) {
    const file = await transferReceiptPdf(ctx.db, callerOf(ctx).customerId, BigInt(params.transactionId), documentAudience(ctx));
    return { fileName: file.fileName, mediaType: file.mediaType, content: file.content.toString('base64') };
  },

  async balanceHistory(params, ctx) {
    await checkAccount(ctx, params.accountId);
    return balanceHistory(ctx.db, callerOf(ctx).customerId, { ...params, days: params.days ?? 90, step: params.step ?? 1 });
  },

  async statementList(params, ctx) {
    await checkAccount(ctx, params.accountId);
    return statementList(ctx.db, callerOf(ctx).customerId, { ...params, pageNumber: params.pageNumber ?? 1, pageSize: params.pageSize ?? 12 });
  },

  async statementDownload(params, ctx) {
    const file = await statementPdf(ctx.db, callerOf(ctx).customerId, params.accountId, params.year, params.month, documentAudience(ctx));
    return { fileName: file.fileName, mediaType: file.mediaType, content: file.content.toString('base64') };
  },

  async batchTransferList(params, ctx) {
    return batchTransferList(ctx.db, callerOf(ctx).customerId, { ...params, pageNumber: params.pageNumber ?? 1, pageSize: params.pageSize ?? 20 });
  },
});
