import type { RpcHandlerMap } from '../../generated/methods.ts';
import { customerAccounts } from './balances.ts';
import { isCardAccountType } from '../ledger/account-status.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';

/** balanceInquiry: what the acting customer holds (transactionHistory is in server/history/handlers.ts). */
export const accountHandlers: Pick<RpcHandlerMap<RpcContext>, 'balanceInquiry'> = {
  async balanceInquiry(params, ctx) {
    const { customerId } = callerOf(ctx);
    const accounts = await customerAccounts(ctx.db, customerId);
    return { accounts: params.cardAccounts === false ? accounts.filter((account) => !isCardAccountType(account.type)) : accounts };
  },
};
