import type { CustomerProfile } from '../../generated/entities.ts';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import { customerAddresses, customerPhones } from './contacts.ts';
import { customerSummary } from '../customers/customer-summary.ts';
import { readProfile, updateProfile, type Profile } from '../customers/profile.ts';
import { countries, documentTypes, occupations, statesOf } from '../dictionaries/data.ts';
import { ownPhone, refuseHiddenIp } from './access.ts';
import { addAddress, confirmAddress, customerAddress, updateAddress, deleteAddress } from './addresses.ts';
import { customerDocument, customerDocuments, documentFile, identityDocumentNumber, identityDocumentOf, uploadDocument } from './documents.ts';
import { addEmail, customerEmail, customerEmails, deleteEmail, resendConfirmation, setPrimaryEmail, type LinkBase } from './emails.ts';
import { plainIp } from './ip-lookup.ts';
import { addPhone, confirmPhone, deletePhone, normalizePhone, replacePhone, setPrimaryPhone } from './phones.ts';
import { customerTaxNumber, updateTaxNumber } from './tax.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { requestLanguage } from '../i18n/texts.ts';
import { FALLBACK_LINK_BASE } from '../messaging/links.ts';

/** The profile properties each method's declared schema lists, read from the bundle at start. */
export interface ProfileFields {
  /** profileInquiry's answer. */
  inquiry: readonly string[];
  /** What profileUpdate accepts. */
  editable: readonly string[];
  /** profileUpdate's answer. */
  updated: readonly string[];
}

/**
 * The profile is shaped by the declared schema at run time, not by the generated type, so an
 * analyst's new field flows through without a TypeScript change. The dispatcher validates the
 * answer against that same schema before it leaves, which is what makes this cast safe.
 */
const asDeclaredProfile = (profile: Profile) => profile as CustomerProfile;

/**
 * profileInquiry and profileUpdate: the acting customer's identity, editable profile, phones and
 * addresses; and changes to the profile (core fields to columns, the rest to attributes).
 */
export function profileHandlers(fields: ProfileFields): Pick<RpcHandlerMap<RpcContext>, 'profileInquiry' | 'profileUpdate'> {
  return {
    async profileInquiry(_params, ctx) {
      const { user, customerId } = callerOf(ctx);
      const [customer, profile, phones, addresses, emails, tax] = await Promise.all([
        customerSummary(ctx.db, user, customerId),
        readProfile(ctx.db, customerId, fields.inquiry),
        customerPhones(ctx.db, customerId),
        customerAddresses(ctx.db, customerId),
        customerEmails(ctx.db, customerId),
        customerTaxNumber(ctx.db, customerId),
      ]);
      return { customer, profile: asDeclaredProfile(profile), phones, addresses, emails, tax };
    },

    async profileUpdate(params, ctx) {
      const { customerId } = callerOf(ctx);
      await updateProfile(ctx.db, customerId, params.profile as Profile, fields.editable);
      return { profile: asDeclaredProfile(await readProfile(ctx.db, customerId, fields.updated)) };
    },
  };
}

/** Where e-mail links point: the server's public URL when it has one, else the origin the call came to (`ctx.origin`). */
const linkBase = (ctx: RpcContext): LinkBase => ({ origin: ctx.origin ?? FALLBACK_LINK_BASE });

/**
 * The profile's contacts, addresses, documents and tax number (document 000 sections 3, 5 and 7).
 * Every method names the acting customer's own objects only: another customer's id is refused '13'
 * and changes nothing. Changes are refused (ENOA) from an address the IP privacy check flags.
 */
export const profileContactHandlers: Pick<
  RpcHandlerMap<RpcContext>,
  | 'phoneAdd'
  | 'phoneReplace'
  | 'phoneInquiry'
  | 'phoneConfirm'
  | 'phoneSetPrimary'
  | 'phoneDelete'
  | 'checkPhone'
  | 'emailAdd'
  | 'emailInquiry'
  | 'emailConfirmationSend'
  | 'emailSetPrimary'
  | 'emailDelete'
  | 'addressInquiry'
  | 'addressAdd'
  | 'addressUpdate'
  | 'addressDelete'
  | 'confirmAddress'
  | 'documentsInquiry'
  | 'documentInquiry'
  | 'documentUpload'
  | 'documentFileDownload'
  | 'taxNumberUpdate'
> = {
  async phoneAdd(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { phone: await addPhone(ctx.db, customerId, params) };
  },
  async phoneReplace(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { phone: await replacePhone(ctx.db, customerId, params.phoneId, params) };
  },
  async phoneInquiry(params, ctx) {
    const { customerId } = callerOf(ctx);
    const row = await ownPhone(ctx.db, customerId, params.phoneId);
    return { phone: { id: row.id, status: row.status, confirmed: row.confirmed, countryCode: row.country_code, number: row.number } };
  },
  async phoneConfirm(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { phone: await confirmPhone(ctx.db, customerId, params) };
  },
  async phoneSetPrimary(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { phones: await setPrimaryPhone(ctx.db, customerId, params.phoneId) };
  },
  async phoneDelete(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { phones: await deletePhone(ctx.db, customerId, params.phoneId) };
  },
  async checkPhone(params, ctx) {
    const { customerId } = callerOf(ctx);
    let phone;
    try {
      phone = normalizePhone(params);
    } catch {
      return { valid: false, exists: false };
    }
    const existing = await ctx.db
      .selectFrom('phones')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('country_code', '=', phone.countryCode)
      .where('number', '=', phone.number)
      .executeTakeFirst();
    return { valid: true, exists: existing !== undefined, countryCode: phone.countryCode, number: phone.number };
  },

  async emailAdd(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { email: await addEmail(ctx.db, ctx.adapters, customerId, params.email, linkBase(ctx)) };
  },
  async emailInquiry(params, ctx) {
    const { customerId } = callerOf(ctx);
    return { email: await customerEmail(ctx.db, customerId, params.emailId) };
  },
  async emailConfirmationSend(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { email: await resendConfirmation(ctx.db, ctx.adapters, customerId, params.emailId, linkBase(ctx)) };
  },
  async emailSetPrimary(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { emails: await setPrimaryEmail(ctx.db, customerId, params.emailId) };
  },
  async emailDelete(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { emails: await deleteEmail(ctx.db, customerId, params.emailId) };
  },

  async addressInquiry(params, ctx) {
    const { customerId } = callerOf(ctx);
    return { address: await customerAddress(ctx.db, customerId, params.addressId) };
  },
  async addressAdd(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { address: await addAddress(ctx.db, customerId, params) };
  },
  async addressUpdate(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    const { addressId } = params;
    if (addressId === undefined) throw new Error('addressUpdate is declared with addressId required');
    return { address: await updateAddress(ctx.db, customerId, { ...params, addressId }) };
  },
  async addressDelete(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { addresses: await deleteAddress(ctx.db, customerId, params.addressId) };
  },
  async confirmAddress(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { address: await confirmAddress(ctx.db, customerId, params.addressId) };
  },

  async documentsInquiry(params, ctx) {
    const { customerId } = callerOf(ctx);
    const all = await customerDocuments(ctx.db, customerId, {}, requestLanguage(ctx.acceptLanguage));
    const customer = await ctx.db.selectFrom('customers').select('type').where('id', '=', customerId).executeTakeFirstOrThrow();
    const identity = identityDocumentOf(all, customer.type);
    const number = identity.documentId ? await identityDocumentNumber(ctx.db, identity.documentId) : undefined;
    const documents = params.category ? all.filter((document) => document.category === params.category) : all;
    return { documents, identityDocument: { ...identity, ...(number ? { number } : {}) } };
  },
  async documentInquiry(params, ctx) {
    const { customerId } = callerOf(ctx);
    return { document: await customerDocument(ctx.db, customerId, params.documentId, requestLanguage(ctx.acceptLanguage)) };
  },
  async documentUpload(params, ctx) {
    const { customerId, user } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { document: await uploadDocument(ctx.db, { customerId, userId: user.userId, language: requestLanguage(ctx.acceptLanguage) }, params) };
  },
  async documentFileDownload(params, ctx) {
    const { customerId } = callerOf(ctx);
    return documentFile(ctx.db, customerId, params.documentId, params.fileId);
  },

  async taxNumberUpdate(params, ctx) {
    const { customerId } = callerOf(ctx);
    await refuseHiddenIp(ctx.adapters, ctx.ip);
    return { tax: await updateTaxNumber(ctx.db, customerId, params.taxId) };
  },
};

/** The public lookups: the caller's IP and country, and the dictionaries kept as data. */
export const profileLookupHandlers: Pick<RpcHandlerMap<RpcContext>, 'ipInfo' | 'countries' | 'states' | 'documentTypes' | 'occupations'> = {
  async ipInfo(_params, ctx) {
    const ip = plainIp(ctx.ip ?? '');
    return { ip, country_code: ip ? await ctx.adapters.ipCountry.countryOf(ip) : '' };
  },
  async countries() {
    return { countries: [...countries()] };
  },
  async states(params) {
    return { states: [...statesOf(params.countryCode)] };
  },
  async documentTypes(params) {
    const all = documentTypes();
    return { documentTypes: params.category ? all.filter((type) => type.category === params.category) : [...all] };
  },
  async occupations() {
    return { occupations: [...occupations()] };
  },
};
