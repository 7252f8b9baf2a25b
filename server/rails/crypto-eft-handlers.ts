import type { Transaction } from 'kysely';
import { ownAccountWithScale, positiveAmount } from '../accounts/paying-account.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import type { Database } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { transferFee } from '../pricing/pricing.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { cryptoRecipient } from './crypto-eft.ts';
import { createPayout } from './payouts.ts';

/**
 * The crypto withdrawal's calls (document 001 section 7, 'External transfers by ... crypto eft'): a
 * payout to an address on a network, and its network fee. The fee is the crypto_eft fee variant named by
 * the network (schemas/data/transfer-pricing.json), so the fee shown is the fee charged.
 */
export const cryptoEftHandlers: Pick<RpcHandlerMap<RpcContext>, 'cryptoEftTransfer' | 'cryptoEftFee'> = {
  async cryptoEftTransfer(params, ctx) {
    const caller = callerOf(ctx);
    if (!ctx.db.isTransaction) throw new Error('A payout runs inside the call\'s transaction: declare the method "moneyMoving": true.');
    const recipient = cryptoRecipient(params);
    const { instruction, ...created } = await createPayout(ctx.db as Transaction<Database>, {
      rail: 'crypto_eft',
      customerId: caller.customerId,
      userId: caller.user.userId,
      fromAccountId: params.accountId,
      ...(params.currency ? { currency: params.currency } : {}),
      amount: params.amount,
      feeVariant: params.network,
      beneficiary: recipient,
      ...(params.note ? { note: params.note } : {}),
    });
    // The rail is reached after the commit; if it cannot be, the scheduler hands the payout over again.
    ctx.afterCommit(() => ctx.adapters.rails.crypto_eft.sendPayout(instruction));
    return created;
  },

  async cryptoEftFee(params, ctx) {
    const account = await ownAccountWithScale(ctx.db, params.accountId, callerOf(ctx).customerId);
    const amount = positiveAmount(params.amount, account.scale, 'amount', 'server.amounts.aboveZeroForFee');
    const fee = transferFee('crypto_eft', amount, params.network);
    return { fee: formatMinorUnits(fee, account.scale), total: formatMinorUnits(amount + fee, account.scale), currencyCode: account.currency_code };
  },
};
