import { sql, type Kysely } from 'kysely';
import type { RpcResponse } from '../../generated/methods.ts';
import { customerAddresses } from '../profile/contacts.ts';
import type { Database } from '../db/schema.ts';
import { readUploadedFile, storeDocument } from '../documents/uploads.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { DOCUMENT_KINDS, type UploadableKind } from '../documents/document-kinds.ts';
import { isWaiting } from '../documents/document-status.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';

type DueDiligenceInfo = RpcResponse<'dueDiligenceInfoGet'>['dueDiligence'];

/** Due diligence levels that load due diligence info (document 000 sections 4 and 9). */
export const DUE_DILIGENCE_LEVELS = [1, 4] as const;

/**
 * The customer's due diligence info: the level, the address and document the request concerns, and
 * what was uploaded for it since it was opened. `required` stays true until an upload is waiting or
 * confirmed. A customer without a request (or at another level) gets an empty info.
 *
 * @example
 * const info = await dueDiligenceInfo(db, customerId);
 */
export async function dueDiligenceInfo(db: Kysely<Database>, customerId: number): Promise<DueDiligenceInfo> {
  const request = await db.selectFrom('due_diligence_cases').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
  if (!request || !(DUE_DILIGENCE_LEVELS as readonly number[]).includes(request.level)) {
    return { required: false, duplicateDocuments: false, uploadedDocuments: [] };
  }
  const uploads = await db
    .selectFrom('documents as document')
    .leftJoin('document_files as file', (join) => join.onRef('file.document_id', '=', 'document.id').on('file.role', '=', 'main'))
    .select(['document.id', 'document.status_id', 'document.created_at', 'document.document_type_id', 'document.reject_reason', 'file.file_name'])
    .where('document.customer_id', '=', customerId)
    .where(sql<string>`document.attributes->>'isDueDiligence'`, '=', 'true')
    .where('document.created_at', '>=', request.created_at)
    .where('document.status_id', '!=', DOCUMENT_STATUS.deleted)
    .orderBy('document.id')
    .execute();
  const address = request.address_id === null ? undefined : (await customerAddresses(db, customerId)).find((one) => one.addressId === request.address_id);
  const kind = request.requested_kind as UploadableKind;
  return {
    level: request.level as 1 | 4,
    required: !uploads.some((upload) => isWaiting(upload.status_id) || upload.status_id === DOCUMENT_STATUS.confirmed),
    duplicateDocuments: request.duplicate_documents,
    ...(address ? { address } : {}),
    document: { kind, ...DOCUMENT_KINDS[kind] },
    uploadedDocuments: uploads.map((upload) => ({
      id: upload.id,
      statusId: upload.status_id,
      uploaded: upload.created_at.toISOString(),
      documentTypeId: upload.document_type_id,
      ...(upload.file_name ? { fileName: upload.file_name } : {}),
      ...(upload.reject_reason ? { rejectReason: upload.reject_reason } : {}),
    })),
  };
}

/**
 * Stores the document a due diligence request asks for, marked isDueDiligence (and tied to the
 * request's address). Without an open request at level 1 or 4 the call is refused with 13.
 *
 * @example
 * await uploadDueDiligenceDocument(db, { customerId, userId, file });
 */
export async function uploadDueDiligenceDocument(db: Kysely<Database>, upload: { customerId: number; userId: number; file: string }): Promise<number> {
  const request = await db.selectFrom('due_diligence_cases').selectAll().where('customer_id', '=', upload.customerId).executeTakeFirst();
  if (!request || !(DUE_DILIGENCE_LEVELS as readonly number[]).includes(request.level)) throw new RpcRefusal('13');
  const file = readUploadedFile(upload.file, 'file');
  return storeDocument(db, {
    customerId: upload.customerId,
    ...DOCUMENT_KINDS[request.requested_kind as UploadableKind],
    createdByUserId: upload.userId,
    addressId: request.address_id,
    statusId: DOCUMENT_STATUS.submitted,
    attributes: { isDueDiligence: true, dueDiligenceLevel: request.level },
    files: [{ role: 'main', ...file }],
  });
}
