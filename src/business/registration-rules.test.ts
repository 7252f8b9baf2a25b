/**
 * The business registration checks as the browser bundle runs them (Vite's transform, happy-dom): the same
 * module and data files the server refuses with (server/registration/business-rules.test.ts covers each
 * rule), here proving the wizard can import them as they are.
 */
import { describe, expect, it } from 'vitest';
import { draftProblems, REGISTRATION_RULES, tidiedDraft, type Draft } from '../../schemas/rules/business-registration.ts';
import { taxIdProblem, taxRequirement } from '../../schemas/rules/tax-ids.ts';

const { minimum, maximum } = REGISTRATION_RULES.shareholders.levelShareSum;

const draft = (share: number): Draft => ({
  version: REGISTRATION_RULES.draftVersion,
  generalForm: {
    businessName: 'Harbour Tools Ltd',
    registrationCountryCode: 'MT',
    registrationNumber: 'C 1',
    registrationDate: '2015-01-01',
    email: 'office@harbour.example',
    phone: { countryCode: '+356', number: '2100 0000' },
    businessType: 'others',
    address: { address1: '1 Quay', city: 'Valletta', countryCode: 'MT' },
  },
  financialInfoForm: {
    monthlyDepositAmountId: 1,
    monthlyDepositCurrency: 'EUR',
    monthlyWithdrawalAmountId: 1,
    monthlyWithdrawalCurrency: 'EUR',
    sourceIds: [11],
    purposeIds: [11],
    industryId: 11,
  },
  dueDilligenceForm: { government: { answer: false }, lawsuits: { answer: false }, taxPayers: { answer: false } },
  legalForm: { terms: { privacyPolicy: true, userAgreement: true } },
  persons: [
    {
      id: 'dir',
      firstName: 'Lara',
      lastName: 'Vella',
      birthday: '1980-01-01',
      address: { address1: '1 Quay', city: 'Valletta', countryCode: 'MT' },
      isUser: true,
      email: 'lara@harbour.example',
      accessRights: 2,
    },
  ],
  companies: [],
  directors: ['dir'],
  owners: [],
  shareholders: [{ type: 'person', id: 'dir', share }],
});

describe('the business registration rules in the browser', () => {
  it('refuses a share sum outside the data range on its level, and accepts the range', () => {
    expect(draftProblems(draft(maximum))).toEqual([]);
    expect(draftProblems(draft(minimum))).toEqual([]);
    expect(draftProblems(draft(minimum - 1)).map((problem) => problem.field)).toEqual(['shareholders']);
    expect(tidiedDraft(draft(maximum)).persons).toHaveLength(1);
  });

  it('looks tax numbers up in the per-country table', () => {
    expect(taxRequirement('US', 'business')).toMatchObject({ shortName: 'EIN', required: true });
    expect(taxIdProblem('US', 'business', '')).toBe('required');
  });
});
