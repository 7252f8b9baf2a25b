import { describe, expect, it } from 'vitest';
import { bannerFor, bannerLink } from './banner.ts';

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

describe('bannerLink', () => {
  it("sends a business to the company's documents where a person goes to the profile", () => {
    expect(bannerLink('hasRequiredActions', 'business')).toBe('/company-documents');
    expect(bannerLink('unverified', 'business')).toBe('/company-documents');
    expect(bannerLink('hasRequiredActions', 'personal')).toBe('/profile');
    expect(bannerLink('hasRequiredActions', undefined)).toBe('/profile');
  });
  it('keeps the limited-account screen for both', () => {
    expect(bannerLink('limited', 'business')).toBe('/limited-account');
  });
});
