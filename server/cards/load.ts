import { requestLanguage } from '../i18n/texts.ts';
import { keyedDescription } from '../ledger/descriptions.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { createTransfer, type SubmitResult } from '../transfers/create-transfer.ts';
import { transferScope } from '../transfers/scope.ts';
import { customerCard } from './cards.ts';
import { paymentAccount } from './fees.ts';
import { cardLabelText } from './lifecycle.ts';
import { AmountFormatError, formatMinorUnits, toMinorUnits } from '../ledger/money.ts';
import { transferFee } from '../pricing/pricing.ts';

/**
 * cardLoad: moves money from one of the customer's payment accounts in the card's currency onto an
 * active card, as a transfer of kind 'cardLoad' (limits, second factor and business approval apply).
 * Runs inside the call's transaction (the method is money-moving).
 */
export async function loadCard(
  ctx: RpcContext,
  params: { accountId: number; fromAccountId: number; amount: string; currency?: string },
): Promise<SubmitResult> {
  const { customerId } = callerOf(ctx);
  const card = await customerCard(ctx.db, customerId, params.accountId, requestLanguage(ctx.acceptLanguage));
  // Both ids are checked for their owner before anything about the card is said.
  await paymentAccount(ctx.db, customerId, params.fromAccountId, 'fromAccountId', card.currencyCode);
  if (card.accountStatusId !== ACCOUNT_STATUS.open) throw new RpcRefusal('CA', { key: 'server.cards.cancelled' });
  if (!card.capabilities.load) throw new RpcRefusal('TA1', { key: 'server.cards.loadActiveOnly' });
  const label = cardLabelText({ product_type: card.productType, last4: card.maskedCardNumber?.slice(-4) ?? null }, card.cardAliasName);
  return createTransfer(transferScope(ctx), {
    kind: 'cardLoad',
    fromAccountId: params.fromAccountId,
    amount: params.amount,
    ...(params.currency ? { currency: params.currency } : {}),
    to: { accountId: params.accountId },
    ...keyedDescription('server.ledger.cardLoad', { card: label }),
    fromField: 'fromAccountId',
    toField: 'accountId',
  });
}

/**
 * cardLoadQuote: what loading `amount` onto the customer's card costs, priced as cardLoad's transfer
 * (kind cardLoad): the amount, the fee and the total leaving the paying account, in the card's currency.
 */
export async function loadQuote(ctx: RpcContext, params: { accountId: number; amount: string }) {
  const { customerId } = callerOf(ctx);
  const card = await customerCard(ctx.db, customerId, params.accountId, requestLanguage(ctx.acceptLanguage));
  const currency = await ctx.db.selectFrom('currencies').select('scale').where('code', '=', card.currencyCode).executeTakeFirstOrThrow();
  let amount: bigint;
  try {
    amount = toMinorUnits(params.amount, currency.scale);
  } catch (error) {
    if (error instanceof AmountFormatError) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'amount', ...error.text }] });
    throw error;
  }
  if (amount <= 0n) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'amount', key: 'server.amounts.aboveZero' }] });
  const fee = transferFee('cardLoad', amount);
  return {
    accountId: card.accountId,
    amount: formatMinorUnits(amount, currency.scale),
    fee: formatMinorUnits(fee, currency.scale),
    total: formatMinorUnits(amount + fee, currency.scale),
    currencyCode: card.currencyCode,
  };
}
