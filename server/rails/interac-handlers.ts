import { ownAccountWithScale } from '../accounts/paying-account.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { INTERAC_CURRENCY, interacRecipient } from './interac.ts';
import { createPayout, payoutScope } from './payouts.ts';
import { railFeeQuote } from './fee-quote.ts';
import { receivingCurrency } from './payout-currencies.ts';

type Db = RpcContext['db'];

/** The caller's paying account, refused on accountId when it is not in Canadian dollars. */
async function cadAccount(db: Db, accountId: number, customerId: number) {
  const account = await ownAccountWithScale(db, accountId, customerId);
  if (account.currency_code !== INTERAC_CURRENCY) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'accountId', key: 'rails.interac.cadOnly' }] });
  }
  return account;
}

/**
 * The Interac e-Transfer's calls (document 001 section 7, 'External transfers by ... interac'): a payout
 * in Canadian dollars to an e-mail or phone, deposited with a security answer, and its fee.
 */
export const interacHandlers: Pick<RpcHandlerMap<RpcContext>, 'interacTransfer' | 'interacFee'> = {
  async interacTransfer(params, ctx) {
    const caller = callerOf(ctx);
    await cadAccount(ctx.db, params.accountId, caller.customerId);
    const recipient = await interacRecipient(params);
    return createPayout(payoutScope(ctx), {
      rail: 'interac',
      fromAccountId: params.accountId,
      currency: INTERAC_CURRENCY,
      amount: params.amount,
      ...(params.toCurrency ? { toCurrency: params.toCurrency } : {}),
      beneficiary: recipient,
      ...(params.note ? { note: params.note } : {}),
    });
  },

  async interacFee(params, ctx) {
    const account = await cadAccount(ctx.db, params.accountId, callerOf(ctx).customerId);
    return railFeeQuote('interac', params.amount, account, undefined, await receivingCurrency(ctx.db, 'interac', account, params.toCurrency));
  },
};
