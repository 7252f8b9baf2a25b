import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import type { Language } from '../i18n/texts.ts';
import { customerDocuments } from '../profile/documents.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { ownRepresentativeRow } from '../profile/access.ts';
import { registrationCurrencies } from '../registration/business.ts';
import { financialInfoProblems, type Draft, type RegistrationBrand } from '../../schemas/rules/business-registration.ts';
import { notifyCustomer } from '../notifications/notifications.ts';

type FinancialInfoForm = Draft['financialInfoForm'];
type DueDiligenceForm = Draft['dueDilligenceForm'];

/** Due diligence levels whose due diligence info an admin reads (document 002 section 9). */
export const DUE_DILIGENCE_LEVELS_WITH_INFO = [1, 4];

/** A business customer, else '13' (an admin names customers by number). */
async function businessCustomer(db: Kysely<Database>, customerId: number) {
  const customer = await db.selectFrom('customers').select(['id', 'type', 'due_diligence_level']).where('id', '=', customerId).executeTakeFirst();
  if (!customer || customer.type !== 'business') throw new RpcRefusal('13');
  return customer;
}

/**
 * What an admin sees of a customer's documents (for a business, the company's and its
 * representatives'), its financial info as the registration wizard's financial form holds it (a
 * business's; none for a personal customer), the due diligence level and, at levels 1 and 4, the due
 * diligence answers.
 */
export async function adminCompany(db: Kysely<Database>, customerId: number, language: Language) {
  const customer = await db.selectFrom('customers').select(['id', 'type', 'due_diligence_level']).where('id', '=', customerId).executeTakeFirst();
  if (!customer) throw new RpcRefusal('13');
  const profile = await db
    .selectFrom('business_profiles')
    .select(['financial_info', 'industry_id', 'additional_answers', 'due_diligence'])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  const level = customer.due_diligence_level;
  return {
    customerType: customer.type,
    documents: await customerDocuments(db, customerId, {}, language),
    // The wizard's form keeps the industry and the additional answers in it; the profile keeps them apart.
    financialInfo: profile ? { ...profile.financial_info, industryId: profile.industry_id, additionalAnswers: profile.additional_answers } : {},
    ...(level !== null ? { dueDiligenceLevel: level } : {}),
    ...(level !== null && DUE_DILIGENCE_LEVELS_WITH_INFO.includes(level) ? { dueDiligence: profile?.due_diligence ?? {} } : {}),
  };
}

/**
 * Reassigns an uploaded document to a business customer, or to one of its representatives: an admin
 * fixing a file the company put in the wrong place.
 */
export async function assignDocument(db: Kysely<Database>, params: { documentId: number; customerId: number; representativeId?: number }) {
  const document = await db.selectFrom('documents').select(['id', 'status_id']).where('id', '=', params.documentId).executeTakeFirst();
  if (!document || document.status_id === DOCUMENT_STATUS.deleted)
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'documentId', key: 'server.companyDocuments.noDocument' }] });
  await businessCustomer(db, params.customerId);
  const representativeId = params.representativeId === undefined ? null : (await ownRepresentativeRow(db, params.customerId, params.representativeId)).id;
  await db
    .updateTable('documents')
    // The address named belongs to the previous owner; the reassigned document proves no address of the new one.
    .set({ customer_id: params.customerId, representative_id: representativeId, address_id: null, updated_at: new Date() })
    .where((where) => where.or([where('id', '=', document.id), where('parent_document_id', '=', document.id)]))
    .execute();
}

/**
 * Removes an uploaded document (it becomes deleted, 5, and leaves every list); its customer is notified
 * (documentRemoved, a tap to the profile) in the same transaction.
 */
export async function removeDocument(db: Kysely<Database>, documentId: number) {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .updateTable('documents')
      .set({ status_id: DOCUMENT_STATUS.deleted, updated_at: new Date() })
      .where('id', '=', documentId)
      .where('status_id', '<>', DOCUMENT_STATUS.deleted)
      .returning('customer_id')
      .executeTakeFirst();
    if (!removed) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'documentId', key: 'server.companyDocuments.noDocument' }] });
    await notifyCustomer(trx, removed.customer_id, {
      type: 'documentRemoved',
      title: { key: 'server.notifications.documentRemoved.title' },
      body: { key: 'server.notifications.documentRemoved.body' },
    });
  });
}

/**
 * Updates a business customer's financial info and due diligence, each as the registration wizard's form
 * gives it (the request's schema refers to them), and its due diligence level. The financial form's
 * choices are checked against the dictionaries the brand offers, as the wizard's are, and refused on
 * `financialInfo.<field>`.
 */
export async function updateCompanyCompliance(
  db: Kysely<Database>,
  brand: RegistrationBrand,
  params: { customerId: number; financialInfo?: FinancialInfoForm; dueDiligenceLevel?: number; dueDiligence?: DueDiligenceForm },
) {
  await businessCustomer(db, params.customerId);
  const { financialInfo, dueDiligence } = params;
  if (financialInfo) {
    const problems = financialInfoProblems(financialInfo, brand, await registrationCurrencies(db));
    if (problems.length > 0)
      throw new RpcRefusal('TA1', { validationErrors: problems.map((problem) => ({ ...problem, field: `financialInfo.${problem.field}` })) });
  }
  const profile = await db.selectFrom('business_profiles').select('customer_id').where('customer_id', '=', params.customerId).executeTakeFirst();
  if (!profile && (financialInfo || dueDiligence)) throw new RpcRefusal('TA1', { key: 'server.companyDocuments.noProfile' });
  await db.transaction().execute(async (trx) => {
    if (financialInfo) {
      // Stored as registration stores it: the industry and the additional answers in columns of their own.
      const { industryId, additionalAnswers, ...rest } = financialInfo;
      await trx
        .updateTable('business_profiles')
        .set({ financial_info: JSON.stringify(rest), industry_id: industryId, additional_answers: JSON.stringify(additionalAnswers ?? {}) })
        .where('customer_id', '=', params.customerId)
        .execute();
    }
    if (dueDiligence)
      await trx
        .updateTable('business_profiles')
        .set({ due_diligence: JSON.stringify(dueDiligence) })
        .where('customer_id', '=', params.customerId)
        .execute();
    if (params.dueDiligenceLevel !== undefined)
      await trx.updateTable('customers').set({ due_diligence_level: params.dueDiligenceLevel }).where('id', '=', params.customerId).execute();
  });
}
