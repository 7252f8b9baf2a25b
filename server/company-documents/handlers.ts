import type { RpcHandlerMap } from '../../generated/methods.ts';
import { requestLanguage } from '../i18n/texts.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { adminCompany, assignDocument, removeDocument, updateCompanyCompliance } from './admin.ts';
import {
  companyActionsRequired,
  companyDocumentCategories,
  companyPeopleOf,
  companyRepresentativeInfo,
  companyRepresentatives,
  confirmRepresentativeAddress,
  createRepresentativeAddress,
  deleteRepresentative,
} from './company.ts';
import { brandOf } from '../registration/business.ts';
import { registrationRules } from '../registration/brand-rules.ts';
import { confirmRepresentativePhone, updateRepresentativePhone } from './representative-phone.ts';
import { resolutionOf, saveStatement, sendResolution, startResolutionSigning, statementOf } from './statements.ts';

type CompanyMethods =
  | 'companyDocumentsInquiry'
  | 'companyActionsRequired'
  | 'businessRepresentativeList'
  | 'businessRepresentativeInfo'
  | 'businessRepresentativeDelete'
  | 'businessRepresentativeAddressCreate'
  | 'businessRepresentativeAddressConfirm'
  | 'businessRepresentativePhoneUpdate'
  | 'businessRepresentativePhoneConfirm'
  | 'businessResolutionSend'
  | 'businessResolutionGet'
  | 'businessResolutionSign'
  | 'companyDeclarationsGet'
  | 'companyDeclarationsUpdate'
  | 'prohibitedEscortStatementGet'
  | 'prohibitedEscortStatementAccept'
  | 'adminCompanyGet'
  | 'adminDocumentAssign'
  | 'adminDocumentRemove'
  | 'adminRepresentativeDelete';

/**
 * The company's documents, representatives, resolution, statements and actions required (document 002
 * sections 3, 5 and 7), for a business user holding the documents right, and what admins do to them
 * (section 6). Every object named is the acting customer's own, else '13'.
 */
export const companyDocumentsHandlers: Pick<RpcHandlerMap<RpcContext>, CompanyMethods> = {
  async companyDocumentsInquiry(_params, ctx) {
    return { categories: await companyDocumentCategories(ctx.db, callerOf(ctx).customerId, requestLanguage(ctx.acceptLanguage)) };
  },
  async companyActionsRequired(_params, ctx) {
    return companyActionsRequired(ctx.db, callerOf(ctx).customerId, requestLanguage(ctx.acceptLanguage));
  },
  async businessRepresentativeList(_params, ctx) {
    const { customerId } = callerOf(ctx);
    const [representatives, people] = await Promise.all([
      companyRepresentatives(ctx.db, customerId, requestLanguage(ctx.acceptLanguage)),
      companyPeopleOf(ctx.db, customerId),
    ]);
    return { representatives, people };
  },
  async businessRepresentativeInfo(params, ctx) {
    return companyRepresentativeInfo(ctx.db, callerOf(ctx).customerId, params.businessRepresentativeId, requestLanguage(ctx.acceptLanguage));
  },
  async businessRepresentativeDelete(params, ctx) {
    const { customerId, rights } = callerOf(ctx);
    // Removing the user's access to the company changes who may act for it: the users right too.
    if (params.choice === 'removeUserAccess' && rights !== undefined && !rights.includes('users')) throw new RpcRefusal('13');
    await deleteRepresentative(ctx.db, customerId, params.businessRepresentativeId, { forced: false, choice: params.choice });
    return { representatives: await companyRepresentatives(ctx.db, customerId, requestLanguage(ctx.acceptLanguage)) };
  },
  async businessRepresentativeAddressCreate(params, ctx) {
    const { businessRepresentativeId, ...address } = params;
    return createRepresentativeAddress(ctx.db, callerOf(ctx).customerId, businessRepresentativeId, address);
  },
  async businessRepresentativeAddressConfirm(params, ctx) {
    return confirmRepresentativeAddress(ctx.db, callerOf(ctx).customerId, params.businessRepresentativeId);
  },
  async businessRepresentativePhoneUpdate(params, ctx) {
    const { businessRepresentativeId, ...phone } = params;
    return updateRepresentativePhone(ctx.db, ctx.adapters, callerOf(ctx).customerId, businessRepresentativeId, phone);
  },
  async businessRepresentativePhoneConfirm(params, ctx) {
    return confirmRepresentativePhone(ctx.db, callerOf(ctx).customerId, params.businessRepresentativeId, params.code);
  },
  async businessResolutionSend(params, ctx) {
    const { customerId, user } = callerOf(ctx);
    const { accountResolution } = await sendResolution(ctx.db, { customerId, userId: user.userId }, params);
    if (!accountResolution) throw new Error('the resolution was stored but cannot be read back');
    return { accountResolution };
  },
  async businessResolutionGet(_params, ctx) {
    return resolutionOf(ctx.db, callerOf(ctx).customerId);
  },
  async businessResolutionSign(params, ctx) {
    return startResolutionSigning(ctx.db, ctx.adapters, callerOf(ctx).customerId, params.businessRepresentativeId);
  },
  async companyDeclarationsGet(_params, ctx) {
    return statementOf(ctx.db, callerOf(ctx).customerId, 'declarations');
  },
  async companyDeclarationsUpdate(params, ctx) {
    const { customerId, user } = callerOf(ctx);
    return saveStatement(ctx.db, { customerId, userId: user.userId }, 'declarations', params.answers);
  },
  async prohibitedEscortStatementGet(_params, ctx) {
    return statementOf(ctx.db, callerOf(ctx).customerId, 'prohibitedEscort');
  },
  async prohibitedEscortStatementAccept(params, ctx) {
    const { customerId, user } = callerOf(ctx);
    return saveStatement(ctx.db, { customerId, userId: user.userId }, 'prohibitedEscort', { accepted: params.accepted });
  },

  async adminCompanyGet(params, ctx) {
    return adminCompany(ctx.db, Number(params.customerId), requestLanguage(ctx.acceptLanguage));
  },
  async adminDocumentAssign(params, ctx) {
    await assignDocument(ctx.db, {
      documentId: Number(params.documentId),
      customerId: Number(params.customerId),
      ...(params.representativeId !== undefined ? { representativeId: Number(params.representativeId) } : {}),
    });
    return {};
  },
  async adminDocumentRemove(params, ctx) {
    await removeDocument(ctx.db, Number(params.documentId));
    return {};
  },
  async adminRepresentativeDelete(params, ctx) {
    await deleteRepresentative(ctx.db, Number(params.customerId), params.businessRepresentativeId, { forced: true });
    return {};
  },
};

/**
 * An admin's change of a business customer's financial info and due diligence (document 002 section 6),
 * checked against the dictionaries the brand `brandId` offers, as its registration wizard is.
 *
 * @example
 * const handlers = { ...companyComplianceHandlers(config.brand) };
 */
export function companyComplianceHandlers(brandId: string): Pick<RpcHandlerMap<RpcContext>, 'adminCompanyComplianceUpdate'> {
  return {
    async adminCompanyComplianceUpdate(params, ctx) {
      const { customerId, ...changes } = params;
      await updateCompanyCompliance(ctx.db, brandOf(registrationRules(brandId)), { customerId: Number(customerId), ...changes });
      return {};
    },
  };
}
