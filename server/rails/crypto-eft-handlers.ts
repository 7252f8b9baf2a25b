import { ownAccountWithScale } from '../accounts/paying-account.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { cryptoRecipient } from './crypto-eft.ts';
import { createPayout, payoutScope } from './payouts.ts';
import { railFeeQuote } from './fee-quote.ts';
import { receivingCurrency } from './payout-currencies.ts';

/**
 * The crypto withdrawal's calls (document 001 section 7, 'External transfers by ... crypto eft'): a
 * payout to an address on a network, and its network fee. The fee is the crypto_eft fee variant named by
 * the network (schemas/data/transfer-pricing.json), so the fee shown is the fee charged.
 */
export const cryptoEftHandlers: Pick<RpcHandlerMap<RpcContext>, 'cryptoEftTransfer' | 'cryptoEftFee'> = {
  async cryptoEftTransfer(params, ctx) {
    const recipient = cryptoRecipient(params);
    return createPayout(payoutScope(ctx), {
      rail: 'crypto_eft',
      fromAccountId: params.accountId,
      ...(params.currency ? { currency: params.currency } : {}),
      amount: params.amount,
      feeVariant: params.network,
      ...(params.toCurrency ? { toCurrency: params.toCurrency } : {}),
      beneficiary: recipient,
      ...(params.note ? { note: params.note } : {}),
    });
  },

  async cryptoEftFee(params, ctx) {
    const account = await ownAccountWithScale(ctx.db, params.accountId, callerOf(ctx).customerId);
    return railFeeQuote('crypto_eft', params.amount, account, params.network, await receivingCurrency(ctx.db, 'crypto_eft', account, params.toCurrency));
  },
};
