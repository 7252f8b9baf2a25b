import { ownAccountWithScale } from '../accounts/paying-account.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { currentLanguage } from '../i18n/request-language.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { instantBanks, instantKeyHolder, instantRecipient, maskedTaxId } from './instant.ts';
import { createPayout, payoutScope } from './payouts.ts';
import { railFeeQuote } from './fee-quote.ts';
import { receivingCurrency } from './payout-currencies.ts';

/**
 * The instant payment's calls (document 001 sections 5 and 7, 'Instant key info and bank list',
 * 'External transfers by ... instant'): a payout to an instant key, its fee, who holds a key, and the
 * rail's banks.
 */
export const instantHandlers: Pick<RpcHandlerMap<RpcContext>, 'instantTransfer' | 'instantFee' | 'instantKeyInfo' | 'instantBankList'> = {
  async instantTransfer(params, ctx) {
    const recipient = instantRecipient(params);
    return createPayout(payoutScope(ctx), {
      rail: 'instant_payment',
      fromAccountId: params.accountId,
      ...(params.currency ? { currency: params.currency } : {}),
      amount: params.amount,
      ...(params.toCurrency ? { toCurrency: params.toCurrency } : {}),
      beneficiary: recipient,
      ...(params.note ? { note: params.note } : {}),
    });
  },

  async instantFee(params, ctx) {
    const account = await ownAccountWithScale(ctx.db, params.accountId, callerOf(ctx).customerId);
    return railFeeQuote('instant_payment', params.amount, account, undefined, await receivingCurrency(ctx.db, 'instant_payment', account, params.toCurrency));
  },

  async instantKeyInfo(params, ctx) {
    callerOf(ctx);
    const holder = instantKeyHolder(params.keyType, params.key);
    return { holderName: holder.holderName, bankCode: holder.bankCode, bankName: holder.bankName, taxIdMasked: maskedTaxId(holder.taxId) };
  },

  async instantBankList(_params, ctx) {
    callerOf(ctx);
    return { banks: instantBanks(currentLanguage()) };
  },
};
