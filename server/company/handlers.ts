import type { RpcHandlerMap } from '../../generated/methods.ts';
import { customerAddresses, customerPhones } from '../profile/contacts.ts';
import { addAddress, confirmAddress, deleteAddress } from '../profile/addresses.ts';
import { addEmail, confirmOwnEmail, deleteEmail, resendConfirmation, type LinkBase } from '../profile/emails.ts';
import { addPhone, confirmPhone, replacePhone } from '../profile/phones.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { businessCustomer, companyInfo, updateCompanyInfo } from './company-info.ts';
import { companyEmails, setPrimaryCompanyEmail } from './company-emails.ts';
import { FALLBACK_LINK_BASE } from '../messaging/links.ts';

/** Where e-mail links point: the server's public URL when it has one, else the origin the call came to (`ctx.origin`). */
const linkBase = (ctx: RpcContext): LinkBase => ({ origin: ctx.origin ?? FALLBACK_LINK_BASE });

/** The acting customer's id once it is known to be a business ('13' otherwise). */
async function actingBusiness(ctx: RpcContext): Promise<number> {
  const { customerId } = callerOf(ctx);
  await businessCustomer(ctx.db, customerId);
  return customerId;
}

/**
 * The company profile of a business customer (document 002 sections 3 and 7): its info, addresses,
 * phones and e-mails. Every method is declared with the companySettings right and acts on the acting
 * customer only, which must be a business; the addresses, phones and e-mails are the customer's own
 * (the profile's tables and rules, shared with a personal customer's profile).
 */
export const companyHandlers: Pick<
  RpcHandlerMap<RpcContext>,
  | 'companyInfo'
  | 'companyInfoUpdate'
  | 'companyAddresses'
  | 'companyAddressCreate'
  | 'companyAddressConfirm'
  | 'companyAddressDelete'
  | 'companyPhones'
  | 'companyPhoneUpdate'
  | 'companyPhoneConfirm'
  | 'companyEmails'
  | 'companyEmailAdd'
  | 'companyEmailDelete'
  | 'companyEmailConfirmRequest'
  | 'companyEmailConfirm'
  | 'companyEmailSetPrimary'
> = {
  async companyInfo(_params, ctx) {
    return { info: await companyInfo(ctx.db, callerOf(ctx).customerId) };
  },
  async companyInfoUpdate(params, ctx) {
    return { info: await updateCompanyInfo(ctx.db, callerOf(ctx).customerId, params) };
  },

  async companyAddresses(_params, ctx) {
    return { addresses: await customerAddresses(ctx.db, await actingBusiness(ctx)) };
  },
  async companyAddressCreate(params, ctx) {
    return { address: await addAddress(ctx.db, await actingBusiness(ctx), params) };
  },
  async companyAddressConfirm(params, ctx) {
    return { address: await confirmAddress(ctx.db, await actingBusiness(ctx), params.addressId) };
  },
  async companyAddressDelete(params, ctx) {
    return { addresses: await deleteAddress(ctx.db, await actingBusiness(ctx), params.addressId) };
  },

  async companyPhones(_params, ctx) {
    return { phones: await customerPhones(ctx.db, await actingBusiness(ctx)) };
  },
  async companyPhoneUpdate(params, ctx) {
    const customerId = await actingBusiness(ctx);
    const [primary] = await customerPhones(ctx.db, customerId);
    const phoneId = primary?.id;
    return { phone: phoneId === undefined ? await addPhone(ctx.db, customerId, params) : await replacePhone(ctx.db, customerId, phoneId, params) };
  },
  async companyPhoneConfirm(params, ctx) {
    return { phone: await confirmPhone(ctx.db, await actingBusiness(ctx), params) };
  },

  async companyEmails(_params, ctx) {
    return { emails: await companyEmails(ctx.db, await actingBusiness(ctx)) };
  },
  async companyEmailAdd(params, ctx) {
    const customerId = await actingBusiness(ctx);
    await companyEmails(ctx.db, customerId);
    return { email: await addEmail(ctx.db, ctx.adapters, customerId, params.email, linkBase(ctx)) };
  },
  async companyEmailDelete(params, ctx) {
    const customerId = await actingBusiness(ctx);
    await deleteEmail(ctx.db, customerId, params.emailId);
    return { emails: await companyEmails(ctx.db, customerId) };
  },
  async companyEmailConfirmRequest(params, ctx) {
    return { email: await resendConfirmation(ctx.db, ctx.adapters, await actingBusiness(ctx), params.emailId, linkBase(ctx)) };
  },
  async companyEmailConfirm(params, ctx) {
    return { email: await confirmOwnEmail(ctx.db, await actingBusiness(ctx), params.emailId, params.token) };
  },
  async companyEmailSetPrimary(params, ctx) {
    return { emails: await setPrimaryCompanyEmail(ctx.db, await actingBusiness(ctx), params.emailId) };
  },
};
