import { describe, expect, it } from 'vitest';
import type { NavItem } from '../../engine/index.ts';
import { isRepresentativeOnly, representativeMayOpen, representativeNavigation } from './representative-access.ts';

const entry = (route: string): NavItem => ({ id: route, route, label: route, order: 1, placement: 'primary', bar: false }) as NavItem;

describe('a representative (a business user without balance-info access)', () => {
  it('is one only without balance-info access', () => {
    expect(isRepresentativeOnly({ accessList: { balanceInfo: false } })).toBe(true);
    expect(isRepresentativeOnly({ accessList: { balanceInfo: true } })).toBe(false);
  });

  it('opens the company documents, their uploads and the documents and representatives tabs, and nothing else', () => {
    for (const path of ['/company-documents', '/company-documents/upload', '/company/documents', '/company/representatives', '/company/representatives/7']) {
      expect(representativeMayOpen(path)).toBe(true);
    }
    for (const path of ['/home', '/company', '/company/info', '/company-access', '/company-documentsX', '/transfer', '/company/resolution']) {
      expect(representativeMayOpen(path)).toBe(false);
    }
  });

  it('keeps only the navigation entries it may follow', () => {
    expect(representativeNavigation([entry('/home'), entry('/company-documents'), entry('/cards')]).map((item) => item.route)).toEqual(['/company-documents']);
  });
});
