/**
 * The tax rules of a company's FATCA/CRS self-certification (document 002 sections 3 and 5) that read the
 * per-country tax-id table (schemas/data/tax-ids.json, business numbers), alike in the browser and on the
 * server; the rest (a number or a missing-TIN reason, the explanation only for CANNOT_OBTAIN, a US tax id
 * for a US taxpayer without one) is the JSON Schema `BusinessFatcaCrsCertification` itself. Change the table
 * and both follow with no TypeScript change.
 */
import { normalizeTaxId, taxIdProblem, taxRequirement } from './tax-ids.ts';

/** The tax-id parts of a company's answers these rules read. */
export interface BusinessTaxAnswers {
  isUSTaxPayer: boolean;
  usTaxId?: string;
  taxIds: Array<{ countryCode: string; taxId?: string; tinMissingReason?: string; tinMissingExplanation?: string }>;
}

/** A tax-id problem on a field of the answers (`taxIds.0.taxId`, `usTaxId`). */
export interface BusinessTaxProblem {
  field: string;
  /** `pattern`: the number does not fit the country's; `required`: the country requires its number, and a reason other than CANNOT_OBTAIN was given. */
  problem: 'pattern' | 'required';
  countryCode: string;
}

/** The only reason a number a country requires may be missing for: it exists, but cannot be obtained. */
const REASON_FOR_A_REQUIRED_NUMBER = 'CANNOT_OBTAIN';

/**
 * What the table refuses in a company's tax ids: a number not in its country's format, or a number the
 * country requires left out for a reason other than CANNOT_OBTAIN (that country issues it).
 *
 * @example
 * businessTaxProblems({ isUSTaxPayer: false, taxIds: [{ countryCode: 'FR', taxId: '12' }] }); // [{ field: 'taxIds.0.taxId', problem: 'pattern', countryCode: 'FR' }]
 * businessTaxProblems({ isUSTaxPayer: false, taxIds: [{ countryCode: 'FR', tinMissingReason: 'NO_TIN_IS_REQUIRED' }] }); // [{ field: 'taxIds.0.tinMissingReason', problem: 'required', ... }]
 */
export function businessTaxProblems(answers: BusinessTaxAnswers): BusinessTaxProblem[] {
  const problems: BusinessTaxProblem[] = [];
  answers.taxIds.forEach(({ countryCode, taxId, tinMissingReason }, index) => {
    if (taxId !== undefined) {
      if (taxIdProblem(countryCode, 'business', taxId) === 'pattern') problems.push({ field: `taxIds.${index}.taxId`, problem: 'pattern', countryCode });
    } else if (taxRequirement(countryCode, 'business').required && tinMissingReason !== REASON_FOR_A_REQUIRED_NUMBER) {
      problems.push({ field: `taxIds.${index}.tinMissingReason`, problem: 'required', countryCode });
    }
  });
  if (answers.usTaxId !== undefined && taxIdProblem('US', 'business', answers.usTaxId) === 'pattern') {
    problems.push({ field: 'usTaxId', problem: 'pattern', countryCode: 'US' });
  }
  return problems;
}

/**
 * The answers as stored: tax numbers in capitals without spaces, and a US taxpayer's US tax id (asked apart,
 * as `usTaxId`, when its tax ids have no US one) added to its tax ids. `usTaxId` itself is not kept.
 *
 * @example
 * withUsTaxId({ isUSTaxPayer: true, usTaxId: '12-3456789', taxIds: [{ countryCode: 'GB', taxId: 'GB123456789' }] }).taxIds;
 * // [{ countryCode: 'GB', taxId: 'GB123456789' }, { countryCode: 'US', taxId: '12-3456789' }]
 */
export function withUsTaxId<T extends BusinessTaxAnswers>(answers: T): Omit<T, 'usTaxId'> {
  const { usTaxId, ...rest } = answers;
  const taxIds = answers.taxIds.map((entry) => (entry.taxId === undefined ? entry : { ...entry, taxId: normalizeTaxId(entry.taxId) }));
  const hasUs = taxIds.some((entry) => entry.countryCode === 'US');
  if (answers.isUSTaxPayer && !hasUs && usTaxId !== undefined) taxIds.push({ countryCode: 'US', taxId: normalizeTaxId(usTaxId) });
  return { ...rest, taxIds };
}
