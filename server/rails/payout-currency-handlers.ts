import type { RpcHandlerMap } from '../../generated/methods.ts';
import { ownAccountWithScale } from '../accounts/paying-account.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { payoutCurrencies } from './payout-currencies.ts';

/**
 * The currencies a payout may be sent in (issue 15 item 2, 'the exchange rate and amount to receive'):
 * the account's own and those its rail offers to the beneficiary's country. Each rail's screen offers
 * them; its `<rail>Fee` answers the rate and the amount to receive, and its `<rail>Transfer` refuses another.
 */
export const payoutCurrencyHandlers: Pick<RpcHandlerMap<RpcContext>, 'payoutCurrencies'> = {
  async payoutCurrencies(params, ctx) {
    const account = await ownAccountWithScale(ctx.db, params.accountId, callerOf(ctx).customerId);
    const codes = payoutCurrencies(params.rail, account.currency_code, params.countryCode);
    return { currencies: codes.map((code) => ({ code, own: code === account.currency_code })) };
  },
};
