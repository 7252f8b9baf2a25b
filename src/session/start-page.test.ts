import { describe, expect, it } from 'vitest';
import type { Customer } from '../../generated/entities.ts';
import {
  businessStartPage,
  companySelectionStep,
  isExternalStartPage,
  oldWebRedirect,
  startPage,
  type BusinessStartFacts,
  type StartPageOptions,
} from './start-page.ts';

const personal: Customer = {
  userId: 1,
  customerId: 10,
  login: 'anna@example.com',
  customerType: 'personal',
  verified: true,
  limited: false,
  isAdmin: false,
};
const business: Customer = { ...personal, customerType: 'business', businessName: 'Northwind Studio Ltd' };
const oldWeb = { useOldWeb: true, oldWebUrl: 'https://old.bank.example/start' };

describe('start page after login (document 000 section 2, first list)', () => {
  const rows: Array<[string, Customer, string | null, StartPageOptions, string]> = [
    ['1. old web URL present, no custom customer chosen', personal, '/history', { oldWeb }, 'https://old.bank.example/start'],
    ['1. old web wins over admin', { ...personal, isAdmin: true }, null, { oldWeb }, 'https://old.bank.example/start'],
    ['1. not when a custom customer id was chosen', personal, null, { oldWeb, customCustomerChosen: true }, '/home'],
    ['1. not when useOldWeb is off', personal, null, { oldWeb: { useOldWeb: false, oldWebUrl: oldWeb.oldWebUrl } }, '/home'],
    ['1. not without a URL', personal, null, { oldWeb: { useOldWeb: true, oldWebUrl: null } }, '/home'],
    ['1. not for a URL that is not http(s)', personal, null, { oldWeb: { useOldWeb: true, oldWebUrl: 'javascript:alert(1)' } }, '/home'],
    ['2. admin: admin overview', { ...personal, isAdmin: true, isNeedKyc: true }, '/history', {}, '/admin-overview'],
    ['3. business user: company selection', business, null, {}, '/company-selection'],
    ['3. business user keeps the remembered path for after the choice', business, '/history?x=1', {}, '/company-selection?next=%2Fhistory%3Fx%3D1'],
    [
      '3. business user needing a personal info update still chooses a company',
      { ...business, isNeedPersonalInfoUpdate: true },
      null,
      {},
      '/company-selection',
    ],
    ['4. personal info update', { ...personal, isNeedPersonalInfoUpdate: true, isNeedKyc: true }, '/history', {}, '/profile-update'],
    ['5. KYC', { ...personal, isNeedKyc: true }, '/history', { fatcaActionRequired: true }, '/kyc'],
    ['6. FATCA action required: self-certification splash', personal, '/history', { fatcaActionRequired: true }, '/self-certification-splash'],
    ['7. the saved initial path', personal, '/history?keyword=rent', {}, '/history?keyword=rent'],
    ['7. a path leaving the application is ignored', personal, '//evil.example/x', {}, '/home'],
    ['8. home', personal, null, {}, '/home'],
  ];
  it.each(rows)('%s', (_rule, customer, remembered, options, expected) => {
    expect(startPage(customer, remembered, options)).toBe(expected);
  });

  it('keeps the two-argument form its callers use', () => {
    expect(startPage(personal, '/history')).toBe('/history');
  });

  it('tells an old-web address from a route', () => {
    expect(isExternalStartPage(startPage(personal, null, { oldWeb }))).toBe(true);
    expect(isExternalStartPage('/home')).toBe(false);
    expect(oldWebRedirect(undefined, false)).toBeNull();
  });
});

describe('company selection step (first list, rule 3)', () => {
  it.each([
    [{ authorisedCount: 2, pendingCount: 0 }, 'selectCompany'],
    [{ authorisedCount: 1, pendingCount: 3 }, 'selectCompany'],
    [{ authorisedCount: 0, pendingCount: 1 }, 'authorisedUserInformation'],
    [{ authorisedCount: 0, pendingCount: 0 }, 'login'],
  ] as const)('%o → %s', (choice, expected) => {
    expect(companySelectionStep(choice)).toBe(expected);
  });
});

describe('start page after business access info loads (second list)', () => {
  const ready: BusinessStartFacts = { isNeedKyc: false, hasBalanceInfoAccess: true, taxResidencySelfCertificationDocumentStatus: 'validated' };
  const rows: Array<[string, BusinessStartFacts, string | null, string]> = [
    ['1. KYC if isNeedKyc (business variant)', { ...ready, isNeedKyc: true, hasBalanceInfoAccess: false }, '/history', '/kyc?variant=business'],
    ['2. company documents without balance-info access', { ...ready, hasBalanceInfoAccess: false }, '/history', '/company-documents'],
    ['3. the remembered path', { ...ready, taxResidencySelfCertificationDocumentStatus: 'none' }, '/history', '/history'],
    ['3. a path leaving the application is ignored', ready, 'https://evil.example/', '/home'],
    ['4. home when self-certification is validated', ready, null, '/home'],
    ['4. home when self-certification is pending', { ...ready, taxResidencySelfCertificationDocumentStatus: 'pending' }, null, '/home'],
    [
      '5. the business self-certification splash otherwise',
      { ...ready, taxResidencySelfCertificationDocumentStatus: 'rejected' },
      null,
      '/self-certification-business-splash',
    ],
    ['5. also when the status is unknown', { ...ready, taxResidencySelfCertificationDocumentStatus: null }, null, '/self-certification-business-splash'],
  ];
  it.each(rows)('%s', (_rule, facts, remembered, expected) => {
    expect(businessStartPage(facts, remembered)).toBe(expected);
  });
});
