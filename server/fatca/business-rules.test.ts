/**
 * The tax rules of a company's self-certification from the schemas alone: the JSON Schema
 * BusinessFatcaCrsCertification (which the browser's wizard is compiled from and the server validates
 * with) and the per-country table (schemas/data/tax-ids.json) read through schemas/rules/business-fatca.ts,
 * the module both sides import. Each case is built from the table, so a country changed there changes
 * what is expected here with no TypeScript change.
 */
import { describe, expect, it } from 'vitest';
import common from '../../schemas/entities/common.schema.json' with { type: 'json' };
import verification from '../../schemas/entities/verification.schema.json' with { type: 'json' };
import taxTable from '../../schemas/data/tax-ids.json' with { type: 'json' };
import { businessTaxProblems, withUsTaxId } from '../../schemas/rules/business-fatca.ts';
import { createSchemaValidator } from '../http/json-schema.ts';

const ajv = createSchemaValidator();
ajv.addSchema(common);
ajv.addSchema(verification);
const validate = ajv.compile({ $ref: `${verification.$id}#/$defs/BusinessFatcaCrsCertification` });

const base = { entityType: 'general', taxIds: [{ countryCode: 'GB', taxId: 'GB123456789' }], isUSTaxPayer: false, isDisregardedEntity: false };
const valid = (change: object) => validate({ ...base, ...change }) as boolean;
const taxIdValid = (taxId: object) => valid({ taxIds: [taxId] });

type Row = { business: { required: boolean; pattern?: string } };
const countries = taxTable.countries as Record<string, Row>;
const requiredCountry = Object.entries(countries).find(([, row]) => row.business.required)![0];
const optionalCountry = Object.entries(countries).find(([, row]) => !row.business.required)![0];

describe('a company tax residency (schema)', () => {
  it('takes a number, or a missing-TIN reason when there is none', () => {
    expect(taxIdValid({ countryCode: 'ZW', taxId: 'ZW-1' })).toBe(true);
    expect(taxIdValid({ countryCode: 'ZW' })).toBe(false);
    expect(taxIdValid({ countryCode: 'ZW', tinMissingReason: 'COUNTRY_DOES_NOT_ISSUE' })).toBe(true);
    expect(taxIdValid({ countryCode: 'ZW', tinMissingReason: 'NO_TIN_IS_REQUIRED' })).toBe(true);
    expect(taxIdValid({ countryCode: 'ZW', tinMissingReason: 'LOST' })).toBe(false);
    expect(taxIdValid({ countryCode: 'ZW', taxId: 'ZW-1', tinMissingReason: 'CANNOT_OBTAIN', tinMissingExplanation: 'Closed registry' })).toBe(false);
  });

  it('takes the explanation only for CANNOT_OBTAIN, and needs it there', () => {
    expect(taxIdValid({ countryCode: 'ZW', tinMissingReason: 'CANNOT_OBTAIN' })).toBe(false);
    expect(taxIdValid({ countryCode: 'ZW', tinMissingReason: 'CANNOT_OBTAIN', tinMissingExplanation: 'Closed registry' })).toBe(true);
    expect(taxIdValid({ countryCode: 'ZW', tinMissingReason: 'COUNTRY_DOES_NOT_ISSUE', tinMissingExplanation: 'Closed registry' })).toBe(false);
    expect(taxIdValid({ countryCode: 'ZW', tinMissingReason: 'NO_TIN_IS_REQUIRED', tinMissingExplanation: 'Closed registry' })).toBe(false);
  });
});

describe('a company self-certification (schema)', () => {
  it('asks a US taxpayer for a US tax id unless one of its tax ids is American', () => {
    expect(valid({ isUSTaxPayer: true })).toBe(false);
    expect(valid({ isUSTaxPayer: true, usTaxId: '12-3456789' })).toBe(true);
    expect(valid({ isUSTaxPayer: true, taxIds: [{ countryCode: 'US', taxId: '12-3456789' }] })).toBe(true);
    expect(valid({ isUSTaxPayer: false })).toBe(true);
  });

  it('asks a financial institution for its GIIN or why it has none', () => {
    expect(valid({ entityType: 'financial-institution' })).toBe(false);
    expect(valid({ entityType: 'financial-institution', giin: '98Q96B.00000.LE.250' })).toBe(true);
    expect(valid({ entityType: 'financial-institution', giin: '98Q96B-00000' })).toBe(false);
    expect(valid({ entityType: 'financial-institution', giinMissingReason: 'Registration in progress' })).toBe(true);
  });

  it('asks a listed company for its market and ticker, and a company owned by one for that one', () => {
    expect(valid({ isPubliclyTraded: true })).toBe(false);
    expect(valid({ isPubliclyTraded: true, companySecurityMarket: 'LSE', companyTicket: 'NWS' })).toBe(true);
    expect(valid({ isOwnPubliclyTradedCompany: true })).toBe(false);
    expect(valid({ isOwnPubliclyTradedCompany: true, companyOwnedByYou: { market: 'NYSE', ticker: 'NW', name: 'Northwind Holdings Inc' } })).toBe(true);
  });
});

describe('a company tax id against the per-country table', () => {
  it(`refuses a ${requiredCountry} number left out for any reason but CANNOT_OBTAIN, since the table requires it`, () => {
    expect(businessTaxProblems({ isUSTaxPayer: false, taxIds: [{ countryCode: requiredCountry, tinMissingReason: 'NO_TIN_IS_REQUIRED' }] })).toEqual([
      { field: 'taxIds.0.tinMissingReason', problem: 'required', countryCode: requiredCountry },
    ]);
    expect(
      businessTaxProblems({ isUSTaxPayer: false, taxIds: [{ countryCode: requiredCountry, tinMissingReason: 'CANNOT_OBTAIN', tinMissingExplanation: 'x' }] }),
    ).toEqual([]);
    expect(businessTaxProblems({ isUSTaxPayer: false, taxIds: [{ countryCode: optionalCountry, tinMissingReason: 'NO_TIN_IS_REQUIRED' }] })).toEqual([]);
  });

  it("refuses a number not in its country's format, for every country of the table", () => {
    for (const [countryCode, row] of Object.entries(countries)) {
      const problems = businessTaxProblems({ isUSTaxPayer: false, taxIds: [{ countryCode, taxId: '#' }] });
      expect(problems, countryCode).toEqual([{ field: 'taxIds.0.taxId', problem: 'pattern', countryCode }]);
      if (row.business.pattern) expect(new RegExp(row.business.pattern, 'u').test('#')).toBe(false);
    }
    expect(businessTaxProblems({ isUSTaxPayer: true, usTaxId: '123', taxIds: base.taxIds })).toEqual([
      { field: 'usTaxId', problem: 'pattern', countryCode: 'US' },
    ]);
  });

  it("adds a US taxpayer's US tax id to its tax ids when none is American, and keeps no usTaxId", () => {
    expect(withUsTaxId({ isUSTaxPayer: true, usTaxId: '12-3456789', taxIds: [{ countryCode: 'GB', taxId: 'gb 123456789' }] })).toEqual({
      isUSTaxPayer: true,
      taxIds: [
        { countryCode: 'GB', taxId: 'GB123456789' },
        { countryCode: 'US', taxId: '12-3456789' },
      ],
    });
    expect(withUsTaxId({ isUSTaxPayer: true, usTaxId: '98-7654321', taxIds: [{ countryCode: 'US', taxId: '12-3456789' }] }).taxIds).toEqual([
      { countryCode: 'US', taxId: '12-3456789' },
    ]);
    expect(withUsTaxId({ isUSTaxPayer: false, usTaxId: '12-3456789', taxIds: [] }).taxIds).toEqual([]);
  });
});
