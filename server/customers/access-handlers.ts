import type { RpcHandlerMap } from '../../generated/methods.ts';
import { ALL_BUSINESS_RIGHTS, type BusinessRight } from '../db/schema.ts';
import { fatcaDocumentStatuses } from '../fatca/certification.ts';
import { acceptTerms } from '../terms/terms.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

const ALL_RIGHTS = ALL_BUSINESS_RIGHTS;

/** Document 001 section 6's access-right value for money: 3 means requests need another user's approval. */
export function transferAccessRight(rights: readonly BusinessRight[]): 0 | 2 | 3 {
  if (!rights.includes('transfers')) return 0;
  return rights.includes('transfersApprove') ? 2 : 3;
}

const flag = (attributes: Record<string, unknown>, name: string) => attributes[name] === true;

/**
 * businessAccessInfo, customerAccessList and termsAccept: what the user may do for the customer they
 * act for, which companies they act for, and terms accepted while signed in.
 */
export const sessionRulesHandlers: Pick<RpcHandlerMap<RpcContext>, 'businessAccessInfo' | 'customerAccessList' | 'termsAccept'> = {
  async businessAccessInfo(_params, ctx) {
    const { user, customerId } = callerOf(ctx);
    const access = await ctx.db
      .selectFrom('customer_access')
      .select('rights')
      .where('user_id', '=', user.userId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    // The dispatcher let the call through: without an access row the customer is the user's own (or an admin's view).
    const rights = access ? ALL_RIGHTS.filter((right) => access.rights.includes(right)) : [...ALL_RIGHTS];
    const customer = await ctx.db
      .selectFrom('customers')
      .select(['business_name', 'first_name', 'last_name', 'is_need_kyc', 'attributes'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const holder = await ctx.db.selectFrom('users').select('email').where('customer_id', '=', customerId).orderBy('id').limit(1).executeTakeFirst();
    const employee =
      user.customerId === null
        ? undefined
        : await ctx.db.selectFrom('customers').select(['first_name', 'last_name']).where('id', '=', user.customerId).executeTakeFirst();
    const { taxResidencySelfCertificationDocumentStatus } = await fatcaDocumentStatuses(ctx.db, { customerId, representativeInvitationId: null }, new Date());
    const attributes = customer.attributes ?? {};
    const may = (right: BusinessRight) => rights.includes(right);
    return {
      customerId,
      accessRights: rights,
      accessList: {
        balanceInfo: may('balanceInfo'),
        transfers: may('transfers'),
        transfersApprove: may('transfersApprove'),
        documents: may('documents'),
        companySettings: may('companySettings'),
        users: may('users'),
      },
      transferAccessRight: transferAccessRight(rights),
      permissions: {
        sendMoneyPaxumUser: may('transfers'),
        sendMoneyUser: may('transfers'),
        requestMoney: may('transfers'),
        settlementAccount: flag(attributes, 'settlementAccount'),
        addFundsWireThirdParty: flag(attributes, 'addFundsWireThirdParty'),
        addFundsBankThirdParty: flag(attributes, 'addFundsBankThirdParty'),
      },
      isStrictMode: flag(attributes, 'isStrictMode'),
      isConverted: flag(attributes, 'isConverted'),
      isNeedKyc: customer.is_need_kyc,
      taxResidencySelfCertificationDocumentStatus,
      customerUsername: holder?.email ?? user.login,
      customerName: customer.business_name ?? ([customer.first_name, customer.last_name].filter(Boolean).join(' ') || user.login),
      ...(employee?.first_name ? { employeeFirstName: employee.first_name } : {}),
      ...(employee?.last_name ? { employeeLastName: employee.last_name } : {}),
    };
  },

  async customerAccessList(_params, ctx) {
    const { user } = callerOf(ctx);
    const rows = await ctx.db
      .selectFrom('customer_access as a')
      .innerJoin('customers as c', 'c.id', 'a.customer_id')
      .select(['c.id', 'c.type', 'c.business_name', 'c.first_name', 'c.last_name', 'a.rights'])
      .where('a.user_id', '=', user.userId)
      .orderBy('c.business_name')
      .orderBy('c.id')
      .execute();
    return {
      customers: rows.map((row) => ({
        customerId: row.id,
        customerName: row.business_name ?? ([row.first_name, row.last_name].filter(Boolean).join(' ') || `#${row.id}`),
        customerType: row.type,
        accessRights: ALL_RIGHTS.filter((right) => row.rights.includes(right)),
        authorised: row.rights.length > 0,
      })),
    };
  },

  async termsAccept(params, ctx) {
    const { user } = callerOf(ctx);
    const { accepted, unknown } = await acceptTerms(ctx.db, user.userId, params.termsIds, null);
    if (unknown.length > 0) {
      throw new RpcRefusal('TA1', { validationErrors: [{ field: 'termsIds', key: 'server.terms.notCurrent', values: { terms: unknown.join(', ') } }] });
    }
    return { accepted };
  },
};
