import type { Kysely } from 'kysely';
import type { IdentityDocument, UploadedDocument } from '../../generated/entities.ts';
import type { DocumentUploadRequest } from '../../generated/methods.ts';
import type { Selectable } from 'kysely';
import type { Database, DocumentsTable } from '../db/schema.ts';
import type { DocumentType } from '../dictionaries/data.ts';
import { documentTypeById } from '../dictionaries/data.ts';
import { readUploadedFile, storeDocument, type DocumentFileInput } from '../documents/uploads.ts';
import type { TextValues } from '../i18n/texts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { notYours, ownAddress, ownDocument, ownRepresentativeRow, recordId } from './access.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import { documentTypeName } from '../documents/document-kinds.ts';
import type { Language } from '../i18n/texts.ts';

/** Address statuses (document 000 section 3). */
export const ADDRESS_STATUS = { unconfirmed: 0, confirmed: 1, pending: 2, rejected: 3, nameMismatch: 4 } as const;

/** The categories whose documents prove an address and name one. */
const ADDRESS_CATEGORIES = new Set(['address', 'businessAddress', 'registrationAddress']);

/** An identity document expiring within this many days shows as expiredSoon. */
const EXPIRES_SOON_DAYS = 30;

/** Which page of the document each stored file is, in the order the files were stored. */
type FilePage = 'front' | 'backSide' | 'stampPage';

const today = (now: Date) => now.toISOString().slice(0, 10);

const invalid = (field: string, key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key, ...(values ? { values } : {}) }] });

/**
 * The customer's documents with their files, newest first; deleted ones are left out. `category`
 * and `addressId` narrow the list; each document's type is named in `language`.
 *
 * @example
 * const documents = await customerDocuments(db, customerId, { addressId: 7 });
 */
export async function customerDocuments(
  db: Kysely<Database>,
  customerId: number,
  filter: { category?: string; addressId?: number; documentId?: number; representativeId?: number } = {},
  language: Language = 'en',
): Promise<UploadedDocument[]> {
  let query = db
    .selectFrom('documents')
    .leftJoin('users', 'users.id', 'documents.created_by_user_id')
    .selectAll('documents')
    .select('users.email as created_username')
    .where('documents.customer_id', '=', customerId)
    .where('documents.status_id', '<>', DOCUMENT_STATUS.deleted);
  if (filter.category) query = query.where('documents.category', '=', filter.category);
  if (filter.addressId !== undefined) query = query.where('documents.address_id', '=', filter.addressId);
  if (filter.documentId !== undefined) query = query.where('documents.id', '=', filter.documentId);
  if (filter.representativeId !== undefined) query = query.where('documents.representative_id', '=', filter.representativeId);
  const rows = await query.orderBy('documents.created_at', 'desc').orderBy('documents.id', 'desc').execute();
  if (rows.length === 0) return [];
  const files = await db
    .selectFrom('document_files')
    .select(['id', 'document_id', 'role', 'file_name', 'media_type', 'size_bytes'])
    .where(
      'document_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) =>
    toUploadedDocument(
      row,
      files.filter((file) => file.document_id === row.id),
      language,
    ),
  );
}

/**
 * One of the customer's documents with its files; another customer's, a deleted one or none at all is
 * refused '13', as every method of this folder refuses what is not the caller's.
 *
 * @example
 * const document = await customerDocument(db, customerId, 42, 'es');
 */
export async function customerDocument(
  db: Kysely<Database>,
  customerId: number,
  documentId: number | string,
  language: Language = 'en',
): Promise<UploadedDocument> {
  const [document] = await customerDocuments(db, customerId, { documentId: recordId(documentId) }, language);
  if (!document) throw notYours();
  return document;
}

function toUploadedDocument(
  row: Selectable<DocumentsTable> & { created_username: string | null },
  files: { id: number; role: 'main' | 'relationship' | 'additional'; file_name: string; media_type: string; size_bytes: number }[],
  language: Language,
): UploadedDocument {
  const pages = Array.isArray(row.attributes.filePages) ? (row.attributes.filePages as FilePage[]) : [];
  return {
    id: row.id,
    // The column holds only the documented status ids.
    statusId: row.status_id as UploadedDocument['statusId'],
    uploaded: row.created_at.toISOString(),
    documentTypeId: row.document_type_id,
    documentType: documentTypeName(row.document_type_id, language),
    category: row.category,
    isSubDocument: row.parent_document_id !== null,
    ...(row.parent_document_id !== null ? { parentDocumentId: row.parent_document_id } : {}),
    ...(row.address_id !== null ? { addressId: row.address_id } : {}),
    ...(row.representative_id !== null ? { representativeId: row.representative_id } : {}),
    ...(typeof row.attributes.sourceKey === 'string' ? { sourceKey: row.attributes.sourceKey } : {}),
    ...(row.issued_date ? { issuedDate: row.issued_date } : {}),
    ...(row.expires_date ? { expiresDate: row.expires_date } : {}),
    ...(row.created_username ? { createdUsername: row.created_username } : {}),
    ...(row.reject_reason ? { rejectReason: row.reject_reason } : {}),
    files: files.map((file, index) => ({
      fileId: file.id,
      role: file.role,
      ...(pages[index] ? { page: pages[index] } : {}),
      fileName: file.file_name,
      mediaType: file.media_type,
      sizeBytes: file.size_bytes,
    })),
  };
}

/**
 * The customer's identity document: the newest proof of identity that is not a sub-document, with
 * its profile document status (none, rejected, expiredSoon, validated, pending, notRequired).
 */
export function identityDocumentOf(documents: UploadedDocument[], customerType: 'personal' | 'business', now: Date = new Date()): IdentityDocument {
  const live: number[] = [DOCUMENT_STATUS.canceled, DOCUMENT_STATUS.deleted];
  const latest = documents.find((document) => document.category === 'proofOfIdentity' && !document.isSubDocument && !live.includes(document.statusId));
  if (!latest) return { status: customerType === 'business' ? 'notRequired' : 'none' };
  const soon = new Date(now.getTime() + EXPIRES_SOON_DAYS * 24 * 60 * 60 * 1000);
  let status: IdentityDocument['status'];
  switch (latest.statusId) {
    case DOCUMENT_STATUS.confirmed:
      status = latest.expiresDate && latest.expiresDate <= today(soon) ? 'expiredSoon' : 'validated';
      break;
    case DOCUMENT_STATUS.rejected:
    case DOCUMENT_STATUS.nameMismatch:
      status = 'rejected';
      break;
    case DOCUMENT_STATUS.expired:
      status = 'none';
      break;
    default:
      status = 'pending';
  }
  return {
    documentId: latest.id,
    type: latest.documentType,
    typeId: latest.documentTypeId,
    status,
    statusId: latest.statusId,
    ...(latest.issuedDate ? { issuedDate: latest.issuedDate } : {}),
    ...(latest.expiresDate ? { expiresDate: latest.expiresDate } : {}),
    ...(latest.rejectReason ? { rejectReason: latest.rejectReason } : {}),
  };
}

/** The document number stored with an identity document, when one was given. */
export async function identityDocumentNumber(db: Kysely<Database>, documentId: number): Promise<string | undefined> {
  const row = await db.selectFrom('documents').select('attributes').where('id', '=', documentId).executeTakeFirst();
  const number = row?.attributes.number;
  return typeof number === 'string' ? number : undefined;
}

/** Who uploads and for whom. */
export interface Uploader {
  customerId: number;
  userId: number;
  /** The language the stored document is described in (its type's name). */
  language?: Language;
}

/**
 * Checks an upload against the document types dictionary and stores it as pending (41): the main
 * file with the back side (types that need one) and the stamp page (type 88) and any additional
 * files; a relationship file as a sub-document. A proof of address names one of the customer's
 * addresses, which becomes pending (2). Refusals name the field they concern.
 *
 * @example
 * const document = await uploadDocument(db, { customerId, userId }, params);
 */
export async function uploadDocument(
  db: Kysely<Database>,
  uploader: Uploader,
  params: DocumentUploadRequest,
  now: Date = new Date(),
): Promise<UploadedDocument> {
  const type = documentTypeById(params.documentType);
  if (!type) throw invalid('documentType', 'server.profile.documents.chooseType');
  if (type.uploadable === false) throw invalid('documentType', 'server.profile.documents.selfCertified', { document: type.name });
  const customer = await db.selectFrom('customers').select(['type', 'residence_country_code']).where('id', '=', uploader.customerId).executeTakeFirstOrThrow();
  if (!type.customerTypes.includes(customer.type)) throw invalid('documentType', 'server.profile.documents.notForAccount');
  if (type.countries && !type.countries.includes(customer.residence_country_code ?? '')) {
    throw invalid('documentType', 'server.profile.documents.residentsOnly', { countries: type.countries.join(', ') });
  }

  const representativeId = params.representativeId === undefined ? null : (await ownRepresentativeRow(db, uploader.customerId, params.representativeId)).id;
  let addressId: number | null = null;
  if (params.addressId !== undefined) addressId = (await ownAddress(db, uploader.customerId, params.addressId)).id;
  // A representative's proof of address proves the address the company gave for them, not one of its own.
  if (ADDRESS_CATEGORIES.has(type.category) && addressId === null && representativeId === null)
    throw invalid('addressId', 'server.profile.documents.chooseAddress');

  const files = params.files;
  if (type.needsBackSide && !files.backSide) throw invalid('files.backSide', 'server.profile.documents.backSide');
  if (type.needsStampPage && !files.stampPage) throw invalid('files.stampPage', 'server.cards.uploadStampPage');
  if (type.category === 'proofOfIdentity') {
    if (params.expiresDate && params.expiresDate <= today(now)) throw invalid('expiresDate', 'server.profile.documents.expired');
  }
  if (params.issuedDate && params.issuedDate > today(now)) throw invalid('issuedDate', 'server.profile.documents.issuedFuture');
  if (params.issuedDate && params.expiresDate && params.expiresDate <= params.issuedDate)
    throw invalid('expiresDate', 'server.profile.documents.expiresAfterIssue');

  let relationshipType: DocumentType | undefined;
  if (files.relationship || params.relationshipDocumentType !== undefined) {
    relationshipType = params.relationshipDocumentType === undefined ? undefined : documentTypeById(params.relationshipDocumentType);
    if (!relationshipType || relationshipType.category !== 'relationship')
      throw invalid('relationshipDocumentType', 'server.profile.documents.chooseRelationship');
    if (!files.relationship) throw invalid('files.relationship', 'server.profile.documents.uploadRelationship');
  }

  const passwords = params.passwords ?? {};
  const mainFiles: DocumentFileInput[] = [{ role: 'main', ...readUploadedFile(files.main, 'files.main'), passwordProtected: Boolean(passwords.main) }];
  const pages: FilePage[] = ['front'];
  if (files.backSide) {
    mainFiles.push({ role: 'additional', ...readUploadedFile(files.backSide, 'files.backSide') });
    pages.push('backSide');
  }
  if (files.stampPage) {
    mainFiles.push({ role: 'additional', ...readUploadedFile(files.stampPage, 'files.stampPage') });
    pages.push('stampPage');
  }
  (files.additional ?? []).forEach((file, index) => {
    mainFiles.push({ role: 'additional', ...readUploadedFile(file, `files.additional.${index}`), passwordProtected: Boolean(passwords.additional) });
  });
  const relationshipFile = files.relationship ? readUploadedFile(files.relationship, 'files.relationship') : undefined;

  const documentId = await db.transaction().execute(async (trx) => {
    const id = await storeDocument(trx, {
      customerId: uploader.customerId,
      category: type.category,
      documentTypeId: type.id,
      createdByUserId: uploader.userId,
      addressId,
      representativeId,
      issuedDate: params.issuedDate ?? null,
      expiresDate: params.expiresDate ?? null,
      statusId: DOCUMENT_STATUS.pending,
      attributes: {
        filePages: pages,
        ...(params.number ? { number: params.number } : {}),
        ...(params.sourceKey ? { sourceKey: params.sourceKey } : {}),
        ...(params.isDueDiligence ? { isDueDiligence: true } : {}),
        // The reviewer needs the passwords to open protected PDFs.
        ...(passwords.main || passwords.additional ? { filePasswords: { main: passwords.main, additional: passwords.additional } } : {}),
      },
      files: mainFiles,
    });
    if (relationshipType && relationshipFile) {
      await storeDocument(trx, {
        customerId: uploader.customerId,
        category: 'relationship',
        documentTypeId: relationshipType.id,
        createdByUserId: uploader.userId,
        parentDocumentId: id,
        statusId: DOCUMENT_STATUS.pending,
        attributes: passwords.relationship ? { filePasswords: { relationship: passwords.relationship } } : {},
        files: [{ role: 'relationship', ...relationshipFile, passwordProtected: Boolean(passwords.relationship) }],
      });
    }
    if (addressId !== null && ADDRESS_CATEGORIES.has(type.category)) {
      await trx.updateTable('addresses').set({ address_status: ADDRESS_STATUS.pending }).where('id', '=', addressId).execute();
    }
    return id;
  });
  const stored = (await customerDocuments(db, uploader.customerId, {}, uploader.language)).find((document) => document.id === documentId);
  if (!stored) throw new Error(`document ${documentId} was stored but cannot be read back`);
  return stored;
}

/**
 * One file of one of the customer's documents as a data URL. Another customer's document, or a
 * file of another document, is refused '13'.
 */
export async function documentFile(db: Kysely<Database>, customerId: number, documentId: number | string, fileId: number | string) {
  const document = await ownDocument(db, customerId, documentId);
  const file = await db
    .selectFrom('document_files')
    .select(['file_name', 'media_type', 'content'])
    .where('id', '=', recordId(fileId))
    .where('document_id', '=', document.id)
    .executeTakeFirst();
  if (!file) throw notYours();
  return {
    fileName: file.file_name,
    mediaType: file.media_type,
    content: `data:${file.media_type};base64,${Buffer.from(file.content).toString('base64')}`,
  };
}
