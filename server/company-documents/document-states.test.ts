import { describe, expect, it } from 'vitest';
import type { UploadedDocument } from '../../generated/entities.ts';
import { categoryState, isAcceptableRepresentativeStatus, representativeDocumentStatus } from './document-states.ts';
import { fillLink } from './rules.ts';

const now = new Date('2026-06-01T12:00:00Z');
const document = (statusId: number, extra: Partial<UploadedDocument> = {}) =>
  ({
    id: 1,
    statusId,
    uploaded: now.toISOString(),
    documentTypeId: 30,
    documentType: 'x',
    category: 'businessRegistration',
    isSubDocument: false,
    files: [],
    ...extra,
  }) as UploadedDocument;

describe('company document category states', () => {
  it('reads the newest main document: validated, pending, rejected, expiredSoon', () => {
    expect(categoryState([document(2)], true, now)).toBe('validated');
    expect(categoryState([document(41), document(2)], true, now)).toBe('pending');
    expect(categoryState([document(26)], true, now)).toBe('rejected');
    expect(categoryState([document(2, { expiresDate: '2026-06-20' })], true, now)).toBe('expiredSoon');
  });

  it('is none for a required category with nothing valid, notRequired for another', () => {
    expect(categoryState([], true, now)).toBe('none');
    expect(categoryState([], false, now)).toBe('notRequired');
    expect(categoryState([document(2, { expiresDate: '2026-01-01' })], false, now)).toBe('notRequired');
  });

  it('gives representatives statuses 0 to 3, of which 1 (pending) and 2 (validated) need no action', () => {
    expect([[], [document(41)], [document(2)], [document(64)]].map((documents) => representativeDocumentStatus(documents, now))).toEqual([0, 1, 2, 3]);
    expect([0, 1, 2, 3].map(isAcceptableRepresentativeStatus)).toEqual([false, true, true, false]);
  });

  it('fills a link with its values', () => {
    expect(fillLink('/company-documents/upload?category={category}', { category: 'controlDocument' })).toBe(
      '/company-documents/upload?category=controlDocument',
    );
  });
});
