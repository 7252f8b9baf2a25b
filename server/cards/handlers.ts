import { requestLanguage } from '../i18n/texts.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { addressReplacementCompatibility, applyForCard, applyInfo, crossPlatformRequirement } from './apply.ts';
import { customerCard, customerCards } from './cards.ts';
import {
  activateCard,
  activationData,
  activationQuote,
  blockCard,
  confirmationSummary,
  confirmCard,
  pauseCard,
  reissueCard,
  reissueQuote,
  setCardAlias,
  unpauseCard,
  upgradeCardShipping,
} from './lifecycle.ts';
import { loadCard, loadQuote } from './load.ts';

type CardMethods =
  | 'cardList'
  | 'cardGet'
  | 'cardApplyInfo'
  | 'cardApply'
  | 'cardConfirm'
  | 'cardConfirmation'
  | 'cardActivationData'
  | 'cardActivationQuote'
  | 'cardActivate'
  | 'cardPause'
  | 'cardUnpause'
  | 'cardBlock'
  | 'cardReissue'
  | 'cardReissueQuote'
  | 'cardUpgradeShipping'
  | 'cardSetAlias'
  | 'cardLoad'
  | 'cardLoadQuote'
  | 'cardCrossPlatformRequirement'
  | 'addressReplacementCompatibility';

/** The card lifecycle (issue 5): apply, confirm, activate, pause, block, reissue, load and the card reads. */
export const cardHandlers: Pick<RpcHandlerMap<RpcContext>, CardMethods> = {
  async cardList(params, ctx) {
    const cards = await customerCards(ctx.db, callerOf(ctx).customerId, requestLanguage(ctx.acceptLanguage));
    return { cards: params.openOnly ? cards.filter((card) => card.accountStatusId !== ACCOUNT_STATUS.closed) : cards };
  },
  cardGet: (params, ctx) => customerCard(ctx.db, callerOf(ctx).customerId, Number(params.accountId), requestLanguage(ctx.acceptLanguage)),
  cardApplyInfo: (params, ctx) => applyInfo(ctx, params.countryCode, params.productType, params.currencyCode),
  cardApply: (params, ctx) => applyForCard(ctx, params),
  cardConfirm: (params, ctx) => confirmCard(ctx, params.cardId),
  cardConfirmation: (params, ctx) => confirmationSummary(ctx, Number(params.cardId)),
  cardActivationData: (params, ctx) => activationData(ctx, params.accountId),
  cardActivationQuote: (params, ctx) => activationQuote(ctx, Number(params.accountId), params.feeAccountId),
  cardActivate: (params, ctx) => activateCard(ctx, params),
  cardPause: (params, ctx) => pauseCard(ctx, params.accountId),
  cardUnpause: (params, ctx) => unpauseCard(ctx, params.accountId),
  cardBlock: (params, ctx) => blockCard(ctx, params.accountId),
  cardReissue: (params, ctx) => reissueCard(ctx, params.accountId, params.isExpressShipping ?? false),
  cardReissueQuote: (params, ctx) => reissueQuote(ctx, Number(params.accountId)),
  cardUpgradeShipping: (params, ctx) => upgradeCardShipping(ctx, params.accountId),
  cardSetAlias: (params, ctx) => setCardAlias(ctx, params.accountId, params.cardAliasName),
  cardLoad: (params, ctx) => loadCard(ctx, params),
  cardLoadQuote: (params, ctx) => loadQuote(ctx, params),
  async cardCrossPlatformRequirement(params, ctx) {
    const card = await customerCard(ctx.db, callerOf(ctx).customerId, params.accountId, requestLanguage(ctx.acceptLanguage));
    return crossPlatformRequirement(ctx, card.cardStatusId);
  },
  addressReplacementCompatibility: (params, ctx) => addressReplacementCompatibility(ctx, params.countryCode, params.oldAddressId),
};
