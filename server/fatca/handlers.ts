import type { RpcHandlerMap } from '../../generated/methods.ts';
import { taxRequirement } from '../../schemas/rules/tax-ids.ts';
import { requestTexts } from '../i18n/request-language.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { businessFatcaDocumentStatuses, businessWForm, readBusinessCertification, requestBusinessWFormSigning, saveBusinessCertification } from './business.ts';

type BusinessFatcaMethods = 'businessFatcaCrsGet' | 'businessFatcaCrsUpdate' | 'businessWFormUpload' | 'taxIdRule';

/** The acting company: its own FATCA/CRS is asked only of a business customer (a person certifies on /self-certification). */
async function actingCompany(ctx: RpcContext): Promise<{ customerId: number; company: string }> {
  const { customerId } = callerOf(ctx);
  const customer = await ctx.db.selectFrom('customers').select(['type', 'business_name']).where('id', '=', customerId).executeTakeFirstOrThrow();
  if (customer.type !== 'business') throw new RpcRefusal('13', { key: 'server.fatca.companyOnly' });
  return { customerId, company: customer.business_name ?? '' };
}

/** A company's FATCA/CRS info: answers, the W-form they call for and its document statuses. */
async function businessFatcaInfo(ctx: RpcContext, customerId: number) {
  const [certification, statuses] = await Promise.all([
    readBusinessCertification(ctx.db, customerId),
    businessFatcaDocumentStatuses(ctx.db, customerId, new Date()),
  ]);
  return { ...(certification ? { certification, wForm: businessWForm(certification) } : {}), statuses };
}

/**
 * A company's FATCA/CRS self-certification (get, update, the W-form to sign) for a business user with the
 * company settings right on it, and the per-country tax-id rule every tax-id field words its label by.
 */
export const businessFatcaHandlers: Pick<RpcHandlerMap<RpcContext>, BusinessFatcaMethods> = {
  async businessFatcaCrsGet(_params, ctx) {
    const { customerId } = await actingCompany(ctx);
    return businessFatcaInfo(ctx, customerId);
  },

  async businessFatcaCrsUpdate(params, ctx) {
    const { customerId, company } = await actingCompany(ctx);
    const { user } = callerOf(ctx);
    await saveBusinessCertification(ctx.db, customerId, params.certification, { company, signer: user.login, userId: user.userId, now: new Date() });
    return businessFatcaInfo(ctx, customerId);
  },

  async businessWFormUpload(_params, ctx) {
    const { customerId, company } = await actingCompany(ctx);
    const { login } = callerOf(ctx).user;
    return requestBusinessWFormSigning(ctx.db, ctx.adapters, customerId, { company, name: company, email: login });
  },

  async taxIdRule(params) {
    const { nameKey, shortName, required, crs } = taxRequirement(params.countryCode, params.kind);
    return { rule: { name: requestTexts()(`server.taxIds.${nameKey}`), shortName, required, crs } };
  },
};
