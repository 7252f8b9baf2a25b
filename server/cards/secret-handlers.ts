import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { cardAuthorizations, currentAccountAuthorizations } from './authorizations.ts';
import { binInfo, blockedCardBins } from './bins.ts';
import { changeCardPin, revealCardDetails, showCardPin, type SecretCaller } from './secrets.ts';

type SecretMethods =
  | 'cardPinChange'
  | 'cardPinShow'
  | 'cardPinGet'
  | 'cardDetailsReveal'
  | 'cardAuthorizationList'
  | 'currentAccountAuthorizationList'
  | 'binInfo'
  | 'blockedCardBins';

/** The signed-in user and the customer they act for: the user answers the second factor. */
function secretCaller(ctx: RpcContext): SecretCaller {
  const caller = callerOf(ctx);
  return { customerId: caller.customerId, userId: caller.user.userId };
}

/**
 * PINs and card numbers behind a second factor, card authorisations and bin lookups (issue 5).
 * The PIN and the full number reach only the answers of cardPinShow, cardPinGet and
 * cardDetailsReveal; the audit log drops pin, pinRepeat, pinCode and codes by name
 * (server/audit/audit-log.ts), and answers are never logged.
 */
export const cardSecretHandlers: Pick<RpcHandlerMap<RpcContext>, SecretMethods> = {
  async cardPinChange(params, ctx) {
    return changeCardPin(ctx, secretCaller(ctx), params);
  },
  async cardPinShow(params, ctx) {
    return showCardPin(ctx, secretCaller(ctx), params);
  },
  async cardPinGet(params, ctx) {
    return showCardPin(ctx, secretCaller(ctx), params);
  },
  async cardDetailsReveal(params, ctx) {
    return revealCardDetails(ctx, secretCaller(ctx), params);
  },
  async cardAuthorizationList(params, ctx) {
    return cardAuthorizations(ctx.db, callerOf(ctx).customerId, Number(params.accountId), params);
  },
  async currentAccountAuthorizationList(params, ctx) {
    return currentAccountAuthorizations(ctx.db, callerOf(ctx).customerId, params.accountId, params);
  },
  async binInfo(params, ctx) {
    return binInfo(ctx.db, params.binNumber);
  },
  async blockedCardBins(_params, ctx) {
    return { bins: await blockedCardBins(ctx.db) };
  },
};
