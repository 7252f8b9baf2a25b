import { DOCUMENT_STATUS } from './statuses.ts';
/**
 * The document waiting rule (document 000 section 4): a document is still waiting while it is
 * pending, submitted or under investigation.
 *
 * @example
 * isWaiting(41); // true
 */
export function isWaiting(statusId: number): boolean {
  return statusId === DOCUMENT_STATUS.pending || statusId === DOCUMENT_STATUS.submitted || statusId === DOCUMENT_STATUS.underInvestigate;
}

/** Profile document statuses (document 000 section 3). */
export type ProfileDocumentStatus = 'none' | 'rejected' | 'expiredSoon' | 'validated' | 'pending' | 'checked' | 'notRequired';

/** How many days before its expiry a confirmed document counts as expiring soon. */
export const EXPIRES_SOON_DAYS = 30;

/** The latest document of a kind, as far as its status goes. */
export interface DocumentState {
  statusId: number;
  expiresDate: string | null;
}

/**
 * The profile status of the latest document of a kind: none when there is none (or it was deleted,
 * canceled or has expired), pending while it waits, rejected when rejected or a name mismatch,
 * expiredSoon when confirmed but expiring within 30 days, else validated.
 *
 * @example
 * profileDocumentStatus({ statusId: 2, expiresDate: '2030-01-01' }, new Date()); // 'validated'
 */
export function profileDocumentStatus(document: DocumentState | undefined, now: Date): ProfileDocumentStatus {
  if (!document) return 'none';
  const { statusId, expiresDate } = document;
  if (isWaiting(statusId)) return 'pending';
  if (statusId === DOCUMENT_STATUS.rejected || statusId === DOCUMENT_STATUS.nameMismatch) return 'rejected';
  if (statusId !== DOCUMENT_STATUS.confirmed) return 'none';
  if (expiresDate) {
    const expires = Date.parse(`${expiresDate}T00:00:00Z`);
    if (expires <= now.getTime()) return 'none';
    if (expires - now.getTime() <= EXPIRES_SOON_DAYS * 86_400_000) return 'expiredSoon';
  }
  return 'validated';
}

/** The identity document's state as the verification status reads it. */
export type IdentityStatus = 'undefined' | 'pending' | 'confirmed' | 'rejected' | 'canceled' | 'nameMismatch' | 'expired';

/**
 * The identity state of the latest proof-of-identity document.
 *
 * @example
 * identityStatus({ statusId: 64, expiresDate: null }, new Date()); // 'nameMismatch'
 */
export function identityStatus(document: DocumentState | undefined, now: Date): IdentityStatus {
  if (!document || document.statusId === DOCUMENT_STATUS.deleted) return 'undefined';
  const { statusId } = document;
  if (isWaiting(statusId)) return 'pending';
  if (statusId === DOCUMENT_STATUS.rejected) return 'rejected';
  if (statusId === DOCUMENT_STATUS.canceled) return 'canceled';
  if (statusId === DOCUMENT_STATUS.nameMismatch) return 'nameMismatch';
  if (statusId === DOCUMENT_STATUS.expired) return 'expired';
  if (document.expiresDate && Date.parse(`${document.expiresDate}T00:00:00Z`) <= now.getTime()) return 'expired';
  return 'confirmed';
}
