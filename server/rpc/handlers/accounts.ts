import type { RpcHandlerMap } from '../../../generated/methods.ts';
import { customerAccounts } from '../../accounts/balances.ts';
import { callerOf, type RpcContext } from '../context.ts';

/** balanceInquiry: what the acting customer holds (transactionHistory is in server/history/handlers.ts). */
export const accountHandlers: Pick<RpcHandlerMap<RpcContext>, 'balanceInquiry'> = {
  async balanceInquiry(_params, ctx) {
    const { customerId } = callerOf(ctx);
    return { accounts: await customerAccounts(ctx.db, customerId) };
  },
};
