import { ownAccountWithScale, positiveAmount } from '../accounts/paying-account.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import type { Database } from '../db/schema.ts';
import type { Transaction } from 'kysely';
import { formatMinorUnits } from '../ledger/money.ts';
import { transferFee } from '../pricing/pricing.ts';
import { createPayout, payoutOf } from './payouts.ts';
import type { RailName } from './rail-adapter.ts';
import { wireBeneficiary } from './wire.ts';
import { saveBeneficiaryTemplate } from '../transfers/templates.ts';

/**
 * The second factor and business approval of issue 15 item 5 are not asked yet: a wire goes to its rail
 * at once. The p2p confirmation (server/transfers/confirmation.ts) does not fit as it stands, because
 * confirming completes a transfer by posting its hold (settle-transfer.ts, completeTransfer), while a
 * payout's hold must stay until its rail settles it; and its code is bound to to_account_id and
 * to_email, not to the rail and beneficiary. It needs completeTransfer to leave a payout's hold and mark
 * the transfer 'processing' (resendPendingPayouts then hands it to the rail), and the bound facts to
 * include the payout's beneficiary.
 *
 * The rails' calls (document 001 section 7, 'External transfers'): a wire payout and its fee, and where a
 * payout stands at its rail with its timeline.
 */
export const railHandlers: Pick<RpcHandlerMap<RpcContext>, 'wireTransfer' | 'wireFee' | 'payoutStatus'> = {
  async wireTransfer(params, ctx) {
    const caller = callerOf(ctx);
    if (!ctx.db.isTransaction) throw new Error('A payout runs inside the call\'s transaction: declare the method "moneyMoving": true.');
    const beneficiary = wireBeneficiary(params);
    const { instruction, ...created } = await createPayout(ctx.db as Transaction<Database>, {
      rail: 'wire',
      customerId: caller.customerId,
      userId: caller.user.userId,
      fromAccountId: params.accountId,
      ...(params.currency ? { currency: params.currency } : {}),
      amount: params.amount,
      beneficiary,
      ...(params.reference ? { reference: params.reference } : {}),
      ...(params.note ? { note: params.note } : {}),
    });
    if (params.templateName) {
      await saveBeneficiaryTemplate(ctx.db as Transaction<Database>, { customerId: caller.customerId, userId: caller.user.userId }, 'wire', {
        name: params.templateName,
        beneficiary,
        accountId: params.accountId,
      });
    }
    // The rail is reached after the commit, never from inside the transaction; if it cannot be reached
    // the scheduler hands the payout over again (resendPendingPayouts).
    ctx.afterCommit(() => ctx.adapters.rails.wire.sendPayout(instruction));
    return created;
  },

  async wireFee(params, ctx) {
    const account = await ownAccountWithScale(ctx.db, params.accountId, callerOf(ctx).customerId);
    const amount = positiveAmount(params.amount, account.scale, 'amount', 'server.amounts.aboveZeroForFee');
    const fee = transferFee('wire', amount);
    return { fee: formatMinorUnits(fee, account.scale), total: formatMinorUnits(amount + fee, account.scale), currencyCode: account.currency_code };
  },

  async payoutStatus(params, ctx) {
    const { payout, timeline } = await payoutOf(ctx.db, callerOf(ctx).customerId, BigInt(params.operationId));
    return {
      operationId: params.operationId,
      rail: payout.rail as RailName,
      state: payout.state,
      ...(payout.reason_code ? { reasonCode: payout.reason_code } : {}),
      amount: formatMinorUnits(payout.amount, payout.scale),
      fee: formatMinorUnits(payout.fee, payout.scale),
      currencyCode: payout.currency_code,
      beneficiaryName: payout.beneficiary.name ?? '',
      timeline,
    };
  },
};
