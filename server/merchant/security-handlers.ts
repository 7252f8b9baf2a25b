import type { RpcHandlerMap } from '../../generated/methods.ts';
import { messageTexts } from '../i18n/request-language.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import {
  createPayerVerification,
  CURRENT_PAGE_SIZE,
  filterValue,
  HISTORY_PAGE_SIZE,
  listPayerVerifications,
  openPayerSession,
  PAYER_VERIFICATION,
  reputationList,
  REPUTATION_PAGE_SIZE,
  toPayerVerification,
} from './payer-verification.ts';

type SecurityMethods = 'payerVerificationFee' | 'payerVerificationCreate' | 'payerVerificationList' | 'payerVerificationHistory' | 'merchantReputationList';

/** Where links in e-mails point when the request told nothing (tests calling handlers directly). */
const FALLBACK_ORIGIN = 'http://localhost:8080';

/**
 * The merchant area's security pages (document 002 sections 2, 3, 5 and 7; issue 18 item 6): payer identity
 * verification (fee, create, current list, history) and the reputation list of the merchant's payers.
 */
export const merchantSecurityHandlers: Pick<RpcHandlerMap<RpcContext>, SecurityMethods> = {
  async payerVerificationFee() {
    return { ...PAYER_VERIFICATION.fee };
  },

  async payerVerificationCreate(params, ctx) {
    const { customerId, user } = callerOf(ctx);
    // Declared with ownTransactions: the fee and the request commit together, the provider is called after.
    const { row, scale } = await ctx.db
      .transaction()
      .execute((trx) => createPayerVerification(trx, { customerId, userId: user.userId, email: params.email, accountId: params.accountId }));
    const merchant = await ctx.db
      .selectFrom('customers')
      .select(['business_name', 'first_name', 'last_name'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const merchantName = merchant.business_name ?? [merchant.first_name, merchant.last_name].filter(Boolean).join(' ');
    const t = messageTexts();
    const origin = ctx.origin ?? FALLBACK_ORIGIN;
    ctx.afterCommit(() => openPayerSession(ctx.db, ctx.adapters, { id: row.id, email: row.payer_email, origin, merchantName, t }));
    return { verification: toPayerVerification(row, scale) };
  },

  async payerVerificationList(params, ctx) {
    return listPayerVerifications(ctx.db, callerOf(ctx).customerId, { current: true }, params.pageNumber ?? 1, params.pageSize ?? CURRENT_PAGE_SIZE);
  },

  async payerVerificationHistory(params, ctx) {
    const state = filterValue(params.state) as 'pending' | 'completed' | 'failed' | undefined;
    return listPayerVerifications(
      ctx.db,
      callerOf(ctx).customerId,
      { email: filterValue(params.email), state, fromDate: filterValue(params.fromDate), toDate: filterValue(params.toDate) },
      params.pageNumber ?? 1,
      params.pageSize ?? HISTORY_PAGE_SIZE,
    );
  },

  async merchantReputationList(params, ctx) {
    return reputationList(ctx.db, callerOf(ctx).customerId, filterValue(params.email), params.pageNumber ?? 1, params.pageSize ?? REPUTATION_PAGE_SIZE);
  },
};
