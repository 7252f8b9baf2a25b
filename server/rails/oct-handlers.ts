import type { Transaction } from 'kysely';
import { ownAccountWithScale } from '../accounts/paying-account.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import type { Database } from '../db/schema.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { deleteExternalCard, externalCards, octCard } from './oct.ts';
import { createPayout, payoutScope } from './payouts.ts';
import { railFeeQuote } from './fee-quote.ts';
import { receivingCurrency } from './payout-currencies.ts';

/**
 * The card payout's calls (document 001 section 7, 'External transfers'; the oct rail): a payout to a
 * card and its fee, and the customer's saved external cards, listed and deleted.
 */
export const octHandlers: Pick<RpcHandlerMap<RpcContext>, 'octTransfer' | 'octFee' | 'externalCards' | 'externalCardDelete'> = {
  async octTransfer(params, ctx) {
    const caller = callerOf(ctx);
    if (!ctx.db.isTransaction) throw new Error('A payout runs inside the call\'s transaction: declare the method "moneyMoving": true.');
    const { beneficiary } = await octCard(ctx.db as Transaction<Database>, caller.customerId, params);
    // The payout keeps the card's vault token; the rail's adapter unseals the number when it is sent (adapters.ts).
    return createPayout(payoutScope(ctx), {
      rail: 'oct',
      fromAccountId: params.accountId,
      ...(params.currency ? { currency: params.currency } : {}),
      amount: params.amount,
      ...(params.toCurrency ? { toCurrency: params.toCurrency } : {}),
      beneficiary,
      descriptionValues: { card: beneficiary.cardNumber },
      ...(params.reference ? { reference: params.reference } : {}),
      ...(params.note ? { note: params.note } : {}),
    });
  },

  async octFee(params, ctx) {
    const account = await ownAccountWithScale(ctx.db, params.accountId, callerOf(ctx).customerId);
    return railFeeQuote('oct', params.amount, account, undefined, await receivingCurrency(ctx.db, 'oct', account, params.toCurrency));
  },

  async externalCards(_params, ctx) {
    return { cards: await externalCards(ctx.db, callerOf(ctx).customerId) };
  },

  async externalCardDelete(params, ctx) {
    const customerId = callerOf(ctx).customerId;
    await deleteExternalCard(ctx.db, customerId, params.externalCardId);
    return { cards: await externalCards(ctx.db, customerId) };
  },
};
