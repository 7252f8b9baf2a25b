import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { readUploadedFile, storeDocument } from '../documents/uploads.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { DOCUMENT_KINDS, type UploadableKind } from '../documents/document-kinds.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';

/** A document uploaded for a requirement, as the limited-account screen lists it. */
export interface UploadedLimitDocument {
  id: number;
  statusId: number;
  uploaded: string;
  documentTypeId: number;
  fileName?: string;
  rejectReason?: string;
}

/** One required document of a limit reason, with what was uploaded for it. */
export interface RequirementDocument {
  requirementId: number;
  kind: UploadableKind;
  category: string;
  documentTypeId: number;
  uploadedDocuments: UploadedLimitDocument[];
}

/** A reason the account is limited (document 000 section 3, Limit data). */
export interface LimitReason {
  limitReasonId: number;
  reasonId: 1 | 2 | 3 | 4 | 5;
  actionTypeId: number;
  created: string;
  requirementDocuments: RequirementDocument[];
}

/**
 * The active limit reasons of a customer, each with its required documents and their uploads,
 * oldest reason first.
 *
 * @example
 * const reasons = await limitReasons(db, customerId);
 */
export async function limitReasons(db: Kysely<Database>, customerId: number): Promise<LimitReason[]> {
  const rows = await db
    .selectFrom('limit_reasons as reason')
    .innerJoin('limit_requirements as requirement', 'requirement.limit_reason_id', 'reason.id')
    .leftJoin('limit_requirement_documents as link', 'link.limit_requirement_id', 'requirement.id')
    .leftJoin('documents as document', (join) => join.onRef('document.id', '=', 'link.document_id').on('document.status_id', '!=', DOCUMENT_STATUS.deleted))
    .leftJoin('document_files as file', (join) => join.onRef('file.document_id', '=', 'document.id').on('file.role', '=', 'main'))
    .select([
      'reason.id as limitReasonId',
      'reason.reason_id as reasonId',
      'reason.action_type_id as actionTypeId',
      'reason.created_at as created',
      'requirement.id as requirementId',
      'requirement.kind',
      'document.id as documentId',
      'document.status_id as statusId',
      'document.created_at as uploaded',
      'document.document_type_id as documentTypeId',
      'document.reject_reason as rejectReason',
      'file.file_name as fileName',
    ])
    .where('reason.customer_id', '=', customerId)
    .where('reason.resolved_at', 'is', null)
    .orderBy('reason.id')
    .orderBy('requirement.id')
    .orderBy('document.id')
    .execute();

  const reasons = new Map<number, LimitReason>();
  const requirements = new Map<number, RequirementDocument>();
  for (const row of rows) {
    let reason = reasons.get(row.limitReasonId);
    if (!reason) {
      reason = {
        limitReasonId: row.limitReasonId,
        reasonId: row.reasonId as LimitReason['reasonId'],
        actionTypeId: row.actionTypeId,
        created: row.created.toISOString(),
        requirementDocuments: [],
      };
      reasons.set(row.limitReasonId, reason);
    }
    let requirement = requirements.get(row.requirementId);
    if (!requirement) {
      const kind = row.kind as UploadableKind;
      requirement = { requirementId: row.requirementId, kind, ...DOCUMENT_KINDS[kind], uploadedDocuments: [] };
      requirements.set(row.requirementId, requirement);
      reason.requirementDocuments.push(requirement);
    }
    if (row.documentId !== null && row.statusId !== null && row.uploaded !== null && row.documentTypeId !== null) {
      requirement.uploadedDocuments.push({
        id: row.documentId,
        statusId: row.statusId,
        uploaded: row.uploaded.toISOString(),
        documentTypeId: row.documentTypeId,
        ...(row.fileName ? { fileName: row.fileName } : {}),
        ...(row.rejectReason ? { rejectReason: row.rejectReason } : {}),
      });
    }
  }
  return [...reasons.values()];
}

/**
 * The requirements of the active limit reasons with the status ids of their uploads, for the
 * verification status.
 */
export async function limitRequirementsOf(db: Kysely<Database>, customerId: number): Promise<{ statusIds: number[] }[]> {
  return (await limitReasons(db, customerId)).flatMap((reason) =>
    reason.requirementDocuments.map((requirement) => ({ statusIds: requirement.uploadedDocuments.map((document) => document.statusId) })),
  );
}

/**
 * Stores a file for one requirement of the customer's active limit reasons. A requirement of another
 * customer, or of a resolved reason, is refused with 13 and nothing is stored.
 *
 * @example
 * await uploadLimitDocument(db, { customerId, userId, requirementId: 7, file: dataUrl });
 */
export async function uploadLimitDocument(
  db: Kysely<Database>,
  upload: { customerId: number; userId: number; requirementId: number; file: string },
): Promise<number> {
  const requirement = await db
    .selectFrom('limit_requirements as requirement')
    .innerJoin('limit_reasons as reason', 'reason.id', 'requirement.limit_reason_id')
    .select(['requirement.id', 'requirement.kind', 'reason.reason_id'])
    .where('requirement.id', '=', upload.requirementId)
    .where('reason.customer_id', '=', upload.customerId)
    .where('reason.resolved_at', 'is', null)
    .executeTakeFirst();
  if (!requirement) throw new RpcRefusal('13');
  const file = readUploadedFile(upload.file, 'file');
  return db.transaction().execute(async (trx) => {
    const documentId = await storeDocument(trx, {
      customerId: upload.customerId,
      ...DOCUMENT_KINDS[requirement.kind as UploadableKind],
      createdByUserId: upload.userId,
      statusId: DOCUMENT_STATUS.submitted,
      attributes: { limitReasonId: requirement.reason_id },
      files: [{ role: 'main', ...file }],
    });
    await trx.insertInto('limit_requirement_documents').values({ limit_requirement_id: requirement.id, document_id: documentId }).execute();
    return documentId;
  });
}
