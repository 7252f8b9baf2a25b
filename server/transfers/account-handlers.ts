import { keyedDescription } from '../ledger/descriptions.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { createTransfer, type TransferInput } from './create-transfer.ts';
import { transferLookupHandlers } from './lookups.ts';
import { cancelPreapprovedPayment, listPreapprovedPayments, scheduleRecurring } from './recurring.ts';
import { transferScope } from './scope.ts';

/**
 * Transfers between the acting customer's own accounts (document 001 section 7, 'Between own
 * accounts'), optionally recurring, the lookups its screen asks while the customer types, and the
 * pre-approved (recurring) payments list and cancel.
 */
export const accountTransferHandlers: Pick<
  RpcHandlerMap<RpcContext>,
  'accountTransfer' | 'preapprovedPaymentList' | 'preapprovedPaymentCancel' | keyof typeof transferLookupHandlers
> = {
  ...transferLookupHandlers,

  async accountTransfer(params, ctx) {
    const input: TransferInput = {
      kind: 'account',
      fromAccountId: params.fromAccount,
      ...(params.currency ? { currency: params.currency } : {}),
      ...(params.amount !== undefined ? { amount: params.amount } : {}),
      ...(params.toAmount !== undefined ? { toAmount: params.toAmount } : {}),
      to: { accountId: params.toAccount },
      ...keyedDescription('server.ledger.ownAccounts'),
      fromField: 'fromAccount',
      toField: 'toAccount',
    };
    if (params.subscriptionFrequency) {
      // Between own accounts needs no second factor, now or later (document 001 section 7).
      return scheduleRecurring(
        transferScope(ctx),
        { ...input, confirmation: 'none' },
        {
          frequency: params.subscriptionFrequency,
          ...(params.subscriptionEndDate ? { endDate: params.subscriptionEndDate } : {}),
          ...(params.subscriptionTransactions !== undefined ? { transactions: params.subscriptionTransactions } : {}),
        },
      );
    }
    return createTransfer(transferScope(ctx), { ...input, confirmation: 'none' });
  },

  async preapprovedPaymentList(params, ctx) {
    return listPreapprovedPayments(ctx.db, callerOf(ctx).customerId, params);
  },

  async preapprovedPaymentCancel(params, ctx) {
    const caller = callerOf(ctx);
    await cancelPreapprovedPayment(ctx.db, { customerId: caller.customerId, userId: caller.user.userId }, params.id);
    return { id: params.id, status: 'canceled' as const };
  },
};
