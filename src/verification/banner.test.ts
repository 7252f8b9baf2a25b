import { describe, expect, it } from 'vitest';
import { bannerFor } from './banner.ts';

describe('bannerFor', () => {
  it.each([
    ['limited', 'limited'],
    ['duplicateDocuments', 'duplicateDocuments'],
    ['unverified', 'unverified'],
    ['hasRequiredActions', 'hasRequiredActions'],
    ['someCardDocumentRequired', 'someCardDocumentRequired'],
    ['checked', undefined],
    ['processing', undefined],
    ['verificationProcessing', undefined],
    ['duplicateDocumentsUploaded', undefined],
    ['finalReview', undefined],
  ] as const)('%s -> %s', (state, banner) => {
    expect(bannerFor(state)).toBe(banner);
  });
});
