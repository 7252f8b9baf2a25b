import type { UploadedDocument } from '../../generated/entities.ts';
import { profileDocumentStatus, type ProfileDocumentStatus } from '../documents/document-status.ts';
import { COMPANY_DOCUMENTS_RULES } from './rules.ts';

/** The state of one company document category: validated, pending, none, notRequired, rejected or expiredSoon. */
export type CategoryState = Exclude<ProfileDocumentStatus, 'checked'>;

/**
 * The state of a category from its documents (newest first): the newest main document decides, as
 * for the personal profile (server/documents/document-status.ts); a category with nothing valid that
 * the company need not file is notRequired.
 *
 * @example
 * categoryState([], false, new Date()); // 'notRequired'
 */
export function categoryState(documents: readonly UploadedDocument[], required: boolean, now: Date): CategoryState {
  const latest = documents.find((document) => !document.isSubDocument);
  const status = profileDocumentStatus(latest ? { statusId: latest.statusId, expiresDate: latest.expiresDate ?? null } : undefined, now);
  if (status === 'checked') return 'validated';
  if (status === 'none' && !required) return 'notRequired';
  return status;
}

/**
 * A representative's document status for one category (statuses of schemas/data/company-documents.json:
 * none 0, pending 1, validated 2, rejected 3).
 */
export function representativeDocumentStatus(documents: readonly UploadedDocument[], now: Date): number {
  const statuses = COMPANY_DOCUMENTS_RULES.representativeDocumentStatuses;
  const state = categoryState(documents, true, now);
  if (state === 'pending') return statuses.pending;
  if (state === 'validated' || state === 'expiredSoon') return statuses.validated;
  if (state === 'rejected') return statuses.rejected;
  return statuses.none;
}

/** Whether a representative's status of a category needs no action (document 002 section 5: statuses 1 and 2). */
export const isAcceptableRepresentativeStatus = (statusId: number): boolean => COMPANY_DOCUMENTS_RULES.acceptableRepresentativeStatuses.includes(statusId);
