import { ownAccountWithScale } from '../accounts/paying-account.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { feeVariants } from '../pricing/pricing.ts';
import { createPayout, payoutOf, payoutScope } from './payouts.ts';
import type { RailName } from './rail-adapter.ts';
import { wireBeneficiary } from './wire.ts';
import { saveBeneficiaryTemplate } from '../transfers/templates.ts';
import type { Database } from '../db/schema.ts';
import type { Transaction } from 'kysely';
import { railFeeQuote } from './fee-quote.ts';
import { receivingCurrency } from './payout-currencies.ts';

/** How a wire's charges may be paid: its standard fee and the pricing data's wire variants. */
type WireFeeVariant = 'standard' | 'our' | 'express';
const WIRE_FEE_VARIANTS: WireFeeVariant[] = ['standard', ...(feeVariants('wire') as WireFeeVariant[])];

/** The pricing data's name of a variant: the standard fee is the wire kind's own rule, no variant. */
const pricingVariant = (variant: WireFeeVariant) => (variant === 'standard' ? undefined : variant);

/**
 * The rails' calls (document 001 section 7, 'External transfers'): a wire payout and its fee, and where a
 * payout stands at its rail with its timeline.
 *
 * Every payout asks what a p2p transfer asks before it moves money (issue 15 item 5), in createPayout
 * (payouts.ts), so every rail that calls it has it: the customer's two-step setting may ask a second
 * factor ('awaitingConfirmation'; the code is bound to the amount, currency, rail and beneficiary, and
 * transferApprove, transferApprovalResend and transferCancel take it on as for p2p), and a business user
 * who may only create requests makes a request for the business queue ('awaitingApproval'). The money is
 * held meanwhile; nothing reaches the rail until the payout is confirmed or approved, when
 * completeTransfer (server/transfers/settle-transfer.ts) leaves the hold to the rail, marks the transfer
 * 'processing' and the confirming call hands the payout to its rail after the commit (handOverPayout;
 * resendPendingPayouts if that hand-over is lost). Cancelling, too many wrong codes or a declined
 * request release the hold and end the payout 'failed' before it ever left.
 */
export const railHandlers: Pick<RpcHandlerMap<RpcContext>, 'wireTransfer' | 'wireFee' | 'payoutStatus'> = {
  async wireTransfer(params, ctx) {
    const beneficiary = wireBeneficiary(params);
    const created = await createPayout(payoutScope(ctx), {
      rail: 'wire',
      fromAccountId: params.accountId,
      ...(params.currency ? { currency: params.currency } : {}),
      amount: params.amount,
      ...(params.toCurrency ? { toCurrency: params.toCurrency } : {}),
      beneficiary,
      ...(params.reference ? { reference: params.reference } : {}),
      ...(params.note ? { note: params.note } : {}),
      ...(params.feeVariant && params.feeVariant !== 'standard' ? { feeVariant: params.feeVariant } : {}),
    });
    // Saved in the same transaction: a refused wire saves no template.
    if (params.templateName) {
      const caller = callerOf(ctx);
      await saveBeneficiaryTemplate(ctx.db as Transaction<Database>, { customerId: caller.customerId, userId: caller.user.userId }, 'wire', {
        name: params.templateName,
        beneficiary,
        accountId: params.accountId,
      });
    }
    return created;
  },

  async wireFee(params, ctx) {
    const account = await ownAccountWithScale(ctx.db, params.accountId, callerOf(ctx).customerId);
    const receive = await receivingCurrency(ctx.db, 'wire', account, params.toCurrency, params.countryCode);
    const priced = (variant: WireFeeVariant) => railFeeQuote('wire', params.amount, account, pricingVariant(variant), receive);
    const variants = WIRE_FEE_VARIANTS.map((variant) => {
      const { fee, total, currencyCode } = priced(variant);
      return { variant, fee, total, currencyCode };
    });
    return { ...priced(params.feeVariant ?? 'standard'), variants };
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
      toAmount: formatMinorUnits(payout.to_amount, payout.to_scale),
      toCurrencyCode: payout.to_currency_code,
      exchangeRate: payout.rate,
      beneficiaryName: payout.beneficiary.name ?? '',
      timeline,
    };
  },
};
