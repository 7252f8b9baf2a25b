import type { Kysely, Selectable } from 'kysely';
import type { UploadedDocument } from '../../generated/entities.ts';
import type { BusinessRepresentativesTable, Database } from '../db/schema.ts';
import type { Language } from '../i18n/texts.ts';
import { customerAddresses, customerPhones } from '../profile/contacts.ts';
import { ownRepresentativeRow } from '../profile/access.ts';
import { customerDocuments } from '../profile/documents.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { categoryState, isAcceptableRepresentativeStatus, representativeDocumentStatus, type CategoryState } from './document-states.ts';
import { COMPANY_DOCUMENTS_RULES, fillLink, type RequiredCompanyField } from './rules.ts';

/** One company document category with its state and its documents, newest first. */
export interface CompanyDocumentCategory {
  category: string;
  required: boolean;
  state: CategoryState;
  link: string;
  documents: UploadedDocument[];
}

/**
 * The company's own documents (not its representatives') by category, in the order of
 * schemas/data/company-documents.json, each with its state.
 *
 * @example
 * const categories = await companyDocumentCategories(db, customerId, 'en');
 */
export async function companyDocumentCategories(
  db: Kysely<Database>,
  customerId: number,
  language: Language,
  now: Date = new Date(),
): Promise<CompanyDocumentCategory[]> {
  const documents = (await customerDocuments(db, customerId, {}, language)).filter((document) => document.representativeId === undefined);
  return COMPANY_DOCUMENTS_RULES.categories.map(({ category, required }) => {
    const inCategory = documents.filter((document) => document.category === category);
    return {
      category,
      required,
      state: categoryState(inCategory, required, now),
      link: fillLink(COMPANY_DOCUMENTS_RULES.links.document, { category }),
      documents: inCategory,
    };
  });
}

/** A representative as the company screens show them. */
export interface CompanyRepresentative {
  businessRepresentativeId: number;
  kind: number;
  entity: 'person' | 'company';
  name: string;
  email?: string;
  share?: number;
  parentId?: number;
  isUser: boolean;
  documentStatuses: Record<string, number>;
  needsAction: boolean;
  link: string;
}

type RepresentativeRow = Selectable<BusinessRepresentativesTable>;

const representativeName = (row: RepresentativeRow) =>
  row.entity === 'company' ? (row.company_name ?? '') : `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();

/** The company's representatives still on it, in the order they were registered. */
async function representativeRows(db: Kysely<Database>, customerId: number): Promise<RepresentativeRow[]> {
  return db.selectFrom('business_representatives').selectAll().where('customer_id', '=', customerId).where('removed_at', 'is', null).orderBy('id').execute();
}

function toRepresentative(row: RepresentativeRow, documents: readonly UploadedDocument[], now: Date): CompanyRepresentative {
  const own = documents.filter((document) => document.representativeId === row.id);
  const documentStatuses = Object.fromEntries(
    COMPANY_DOCUMENTS_RULES.representativeCategories.map((category) => [
      category,
      representativeDocumentStatus(
        own.filter((document) => document.category === category),
        now,
      ),
    ]),
  );
  const mustProve = row.entity === 'person' && COMPANY_DOCUMENTS_RULES.representativeKindsNeedingDocuments.includes(row.kind);
  return {
    businessRepresentativeId: row.id,
    kind: row.kind,
    entity: row.entity,
    name: representativeName(row),
    ...(row.email ? { email: row.email } : {}),
    ...(row.share !== null ? { share: Number(row.share) } : {}),
    ...(row.parent_id !== null ? { parentId: row.parent_id } : {}),
    isUser: row.user_id !== null,
    documentStatuses,
    needsAction: mustProve && Object.values(documentStatuses).some((status) => !isAcceptableRepresentativeStatus(status)),
    link: fillLink(COMPANY_DOCUMENTS_RULES.links.representative, { representativeId: row.id }),
  };
}

/**
 * The company's representatives (kind 2 director, 6 and 9 shareholder, 8 owner, others authorised
 * users) with the status of each document they must give and whether they need action.
 */
export async function companyRepresentatives(
  db: Kysely<Database>,
  customerId: number,
  language: Language,
  now: Date = new Date(),
): Promise<CompanyRepresentative[]> {
  const [rows, documents] = await Promise.all([representativeRows(db, customerId), customerDocuments(db, customerId, {}, language)]);
  return rows.map((row) => toRepresentative(row, documents, now));
}

/** One person or company of the company, once, with the kinds of every role they hold. */
export interface CompanyPerson {
  businessRepresentativeId: number;
  name: string;
  kinds: number[];
}

/**
 * The company's people, each once however many roles they hold: the registration draft gave a person
 * one id (draft_id) that each of their roles keeps. A person is named by their first role's id.
 *
 * @example
 * companyPeople(representatives); // [{ businessRepresentativeId: 4, name: 'Ann Lee', kinds: [2, 6] }]
 */
export function companyPeople(representatives: readonly (CompanyRepresentative & { personKey: string })[]): CompanyPerson[] {
  const people = new Map<string, CompanyPerson>();
  for (const { personKey, businessRepresentativeId, name, kind } of representatives) {
    const known = people.get(personKey);
    if (known) {
      if (!known.kinds.includes(kind)) known.kinds.push(kind);
    } else people.set(personKey, { businessRepresentativeId, name, kinds: [kind] });
  }
  return [...people.values()];
}

/** The company's people (see companyPeople) as businessRepresentativeList answers them. */
export async function companyPeopleOf(db: Kysely<Database>, customerId: number): Promise<CompanyPerson[]> {
  const rows = await representativeRows(db, customerId);
  return companyPeople(rows.map((row) => ({ ...toRepresentative(row, [], new Date()), personKey: personKeyOf(row) })));
}

/** What makes two representative rows the same person or company: the draft id their registration gave them. */
export const personKeyOf = (row: Pick<RepresentativeRow, 'entity' | 'draft_id'>) => `${row.entity}:${row.draft_id}`;

/** Source-of-wealth documents grouped by the source they prove (documents with none under 'general'). */
export interface SourceOfWealthGroup {
  key: string;
  documents: UploadedDocument[];
}

/**
 * One representative with their address, phone, documents and source-of-wealth documents grouped by
 * key.
 */
export async function companyRepresentativeInfo(
  db: Kysely<Database>,
  customerId: number,
  representativeId: number | string,
  language: Language,
  now: Date = new Date(),
) {
  const row = await ownRepresentativeRow(db, customerId, representativeId);
  const documents = await customerDocuments(db, customerId, { representativeId: row.id }, language);
  const groups = new Map<string, UploadedDocument[]>();
  for (const document of documents.filter((item) => item.category === 'sourceOfWealth')) {
    const key = document.sourceKey ?? 'general';
    groups.set(key, [...(groups.get(key) ?? []), document]);
  }
  const address = row.address as Record<string, unknown> | null;
  const phone = row.phone as Record<string, unknown> | null;
  return {
    representative: toRepresentative(row, documents, now),
    ...(address ? { address: textValues(address) } : {}),
    ...(phone ? { phone: textValues(phone) } : {}),
    ...(row.birth_day ? { birthDay: row.birth_day } : {}),
    documents: documents.filter((document) => document.category !== 'sourceOfWealth'),
    sourceOfWealth: [...groups].map(([key, items]) => ({ key, documents: items })),
  };
}

/** The string and number values of a stored object as strings (what the representative's address or phone holds). */
function textValues(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => typeof item === 'string' || typeof item === 'number')
      .map(([key, item]) => [key, String(item)]),
  );
}

/** What happens to a representative's login when they are deleted by the company (the choices offered). */
export type RepresentativeDeleteChoice = 'keepUserAccess' | 'removeUserAccess';

/**
 * Deletes a representative from the company. An admin's delete is forced: the representative and
 * their access go. Anyone else chooses whether a representative who signs in keeps their access.
 */
export async function deleteRepresentative(
  db: Kysely<Database>,
  customerId: number,
  representativeId: number | string,
  how: { forced: true } | { forced: false; choice: RepresentativeDeleteChoice | undefined },
  now: Date = new Date(),
): Promise<void> {
  const row = await ownRepresentativeRow(db, customerId, representativeId);
  if (!how.forced && row.user_id !== null && how.choice === undefined) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'choice', key: 'server.companyDocuments.chooseDelete' }] });
  }
  const removeAccess = how.forced || how.choice === 'removeUserAccess';
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('business_representatives').set({ removed_at: now }).where('id', '=', row.id).execute();
    if (removeAccess && row.user_id !== null) {
      await trx.deleteFrom('customer_access').where('user_id', '=', row.user_id).where('customer_id', '=', customerId).execute();
    }
  });
}

/** One thing the company must fix, and where. */
export interface ActionRequired {
  link: string;
}

/** The company's required fields that are empty, each with where it is filled in. */
async function emptyRequiredFields(db: Kysely<Database>, customerId: number): Promise<{ field: RequiredCompanyField; link: string }[]> {
  const customer = await db
    .selectFrom('customers')
    .select(['business_name', 'residence_country_code', 'tax_id'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const profile = await db.selectFrom('business_profiles').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
  const phones = await customerPhones(db, customerId);
  const values: Record<RequiredCompanyField, unknown> = {
    name: customer.business_name,
    country: customer.residence_country_code,
    tradingName: profile?.trading_name,
    email: profile?.email,
    registrationNumber: profile?.registration_number,
    registrationDate: profile?.registration_date,
    taxId: customer.tax_id,
    phoneNumber: phones[0]?.number,
    website: profile?.website,
  };
  const empty = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  return COMPANY_DOCUMENTS_RULES.requiredFields.filter(({ field }) => empty(values[field]));
}

/**
 * The company's actions required (document 002 section 5): its unconfirmed documents (a required
 * category with nothing valid or waiting), its addresses without accepted documents, its
 * representatives needing action (a document status other than 1 or 2) and its empty required
 * fields, counted and listed, each with a link to where it is fixed.
 *
 * @example
 * const { total } = await companyActionsRequired(db, customerId, 'en');
 */
export async function companyActionsRequired(db: Kysely<Database>, customerId: number, language: Language, now: Date = new Date()) {
  const [categories, addresses, representatives, fields] = await Promise.all([
    companyDocumentCategories(db, customerId, language, now),
    customerAddresses(db, customerId, now),
    companyRepresentatives(db, customerId, language, now),
    emptyRequiredFields(db, customerId),
  ]);
  const documents = categories
    .filter((category) => category.required && ['none', 'rejected', 'expiredSoon'].includes(category.state))
    .map(({ category, state, link }) => ({ category, state, link }));
  const unprovenAddresses = addresses
    .filter((address) => address.isDocumentRequired || address.isDocumentOutOfDate)
    .map((address) => ({
      addressId: address.addressId,
      address: [address.address1, address.city, address.countryCode].join(', '),
      link: COMPANY_DOCUMENTS_RULES.links.address,
    }));
  const needing = representatives
    .filter((representative) => representative.needsAction)
    .map(({ businessRepresentativeId, kind, name, link }) => ({ businessRepresentativeId, kind, name, link }));
  const counts = { documents: documents.length, addresses: unprovenAddresses.length, representatives: needing.length, fields: fields.length };
  return {
    total: counts.documents + counts.addresses + counts.representatives + counts.fields,
    counts,
    documents,
    addresses: unprovenAddresses,
    representatives: needing,
    fields,
  };
}

/** A representative's address as given: its lines, city, postal code and country. */
export interface RepresentativeAddressInput {
  address1: string;
  address2?: string;
  city: string;
  postalCode?: string;
  countryCode: string;
}

/**
 * Gives a representative a new address, unconfirmed (the company confirms it with
 * confirmRepresentativeAddress); their documents proving the old one stay on file.
 */
export async function createRepresentativeAddress(
  db: Kysely<Database>,
  customerId: number,
  representativeId: number | string,
  input: RepresentativeAddressInput,
) {
  const row = await ownRepresentativeRow(db, customerId, representativeId);
  const address = { ...input, confirmed: 'false' };
  await db
    .updateTable('business_representatives')
    .set({ address: JSON.stringify(address) })
    .where('id', '=', row.id)
    .execute();
  return { address };
}

/** The company confirms its representative's address is theirs and current; one with no address is refused on the field. */
export async function confirmRepresentativeAddress(db: Kysely<Database>, customerId: number, representativeId: number | string, now: Date = new Date()) {
  const row = await ownRepresentativeRow(db, customerId, representativeId);
  if (!row.address) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'businessRepresentativeId', key: 'server.companyDocuments.noAddress' }] });
  const address = { ...textValues(row.address), confirmed: 'true', confirmedAt: now.toISOString() };
  await db
    .updateTable('business_representatives')
    .set({ address: JSON.stringify(address) })
    .where('id', '=', row.id)
    .execute();
  return { address };
}
