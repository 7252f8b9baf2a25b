import rulesData from '../../schemas/data/company-documents.json' with { type: 'json' };
import rulesSchema from '../../schemas/data/company-documents.schema.json' with { type: 'json' };
import { checked } from '../dictionaries/data.ts';

/** A company field that must not be empty (document 002 section 5, "Company action required"). */
export type RequiredCompanyField =
  'name' | 'country' | 'tradingName' | 'email' | 'registrationNumber' | 'registrationDate' | 'taxId' | 'phoneNumber' | 'website';

/** What schemas/data/company-documents.json says; see its schema for each part. */
export interface CompanyDocumentsRules {
  categories: { category: string; required: boolean }[];
  representativeCategories: string[];
  representativeDocumentStatuses: { none: number; pending: number; validated: number; rejected: number };
  acceptableRepresentativeStatuses: number[];
  representativeKindsNeedingDocuments: number[];
  requiredFields: { field: RequiredCompanyField; link: string }[];
  links: { document: string; address: string; representative: string };
}

/** The company documents rules, checked against their schema when the server loads. */
export const COMPANY_DOCUMENTS_RULES = checked<CompanyDocumentsRules>('company-documents.json', rulesSchema, rulesData);

/**
 * A link of the rules with its `{name}` placeholders filled.
 *
 * @example
 * fillLink('/company/representatives/{representativeId}', { representativeId: 7 }); // '/company/representatives/7'
 */
export function fillLink(link: string, values: Record<string, string | number>): string {
  return link.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}
