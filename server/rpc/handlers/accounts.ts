import type { RpcHandlerMap } from '../../../generated/methods.ts';
import { openAccounts, ownsAccount } from '../../accounts/balances.ts';
import { transactionHistory } from '../../accounts/transaction-history.ts';
import { callerOf, type RpcContext } from '../context.ts';
import { RpcRefusal } from '../response-codes.ts';

/** balanceInquiry and transactionHistory: what the acting customer holds and what moved. */
export const accountHandlers: Pick<RpcHandlerMap<RpcContext>, 'balanceInquiry' | 'transactionHistory'> = {
  async balanceInquiry(_params, ctx) {
    const { customerId } = callerOf(ctx);
    return { accounts: await openAccounts(ctx.db, customerId) };
  },

  async transactionHistory(params, ctx) {
    const { customerId } = callerOf(ctx);
    // Another customer's account is refused outright, not answered with an empty page.
    if (params.accountId !== undefined && !(await ownsAccount(ctx.db, customerId, params.accountId))) {
      throw new RpcRefusal('13');
    }
    // Validation fills in the declared defaults; the fallbacks only satisfy the optional types.
    return transactionHistory(ctx.db, {
      ...params,
      customerId,
      sortBy: params.sortBy ?? 'transactionDate',
      sortDirection: params.sortDirection ?? 'desc',
      pageNumber: params.pageNumber ?? 1,
      pageSize: params.pageSize ?? 20,
    });
  },
};
