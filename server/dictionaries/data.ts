import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import countriesData from '../../schemas/data/countries.json' with { type: 'json' };
import countriesSchema from '../../schemas/data/countries.schema.json' with { type: 'json' };
import documentTypesData from '../../schemas/data/document-types.json' with { type: 'json' };
import documentTypesSchema from '../../schemas/data/document-types.schema.json' with { type: 'json' };
import occupationsData from '../../schemas/data/occupations.json' with { type: 'json' };
import occupationsSchema from '../../schemas/data/occupations.schema.json' with { type: 'json' };
import statesData from '../../schemas/data/states.json' with { type: 'json' };
import statesSchema from '../../schemas/data/states.schema.json' with { type: 'json' };
import taxIdsData from '../../schemas/data/tax-ids.json' with { type: 'json' };
import taxIdsSchema from '../../schemas/data/tax-ids.schema.json' with { type: 'json' };

/** A country of the countries dictionary. */
export interface Country {
  code: string;
  name: string;
  /** Calling code without the plus sign. */
  phoneCode: string;
}

/** A state or province. */
export interface State {
  code: string;
  name: string;
}

export type CustomerKind = 'personal' | 'business';

/** A document type customers upload. */
export interface DocumentType {
  id: number;
  name: string;
  category: string;
  customerTypes: CustomerKind[];
  needsBackSide?: boolean;
  needsStampPage?: boolean;
  countries?: string[];
  /** false: filed by its own flow (tax forms), never offered for upload. */
  uploadable?: boolean;
}

export interface Occupation {
  id: number;
  name: string;
}

let sharedAjv: Ajv2020 | undefined;

/** One ajv for every dictionary of the process: making one with its formats for each of some twenty files took a second of each start. */
function dictionaryAjv(): Ajv2020 {
  if (!sharedAjv) {
    sharedAjv = new Ajv2020({ allErrors: true, strict: false });
    (addFormats as unknown as (ajv: Ajv2020) => void)(sharedAjv);
  }
  return sharedAjv;
}

/**
 * Checks a dictionary file against its schema when the server loads, so a broken edit stops the
 * start with the file and the problem instead of answering nonsense later.
 */
export function checked<T>(file: string, schema: object, data: unknown): T {
  const ajv = dictionaryAjv();
  const id = (schema as { $id?: unknown }).$id;
  // A schema already compiled under its $id (a module loaded again) is reused: ajv refuses a second schema of one $id.
  const validate = (typeof id === 'string' ? ajv.getSchema(id) : undefined) ?? ajv.compile(schema);
  if (!validate(data)) {
    const first = validate.errors?.[0];
    throw new Error(
      `schemas/data/${file} does not match its schema at ${first?.instancePath || '/'}: ${first?.message ?? 'invalid'}. Fix the file and restart.`,
    );
  }
  return data as T;
}

const COUNTRIES = checked<{ countries: Country[] }>('countries.json', countriesSchema, countriesData).countries;
const STATES = checked<{ states: Record<string, State[]> }>('states.json', statesSchema, statesData).states;
const DOCUMENT_TYPES = checked<{ documentTypes: DocumentType[] }>('document-types.json', documentTypesSchema, documentTypesData).documentTypes;
const OCCUPATIONS = checked<{ occupations: Occupation[] }>('occupations.json', occupationsSchema, occupationsData).occupations;
checked('tax-ids.json', taxIdsSchema, taxIdsData);

/** Every country, ordered by English name. */
export const countries = (): readonly Country[] => COUNTRIES;

/** A country by ISO code, or undefined. */
export const countryByCode = (code: string): Country | undefined => COUNTRIES.find((country) => country.code === code);

/** The states of a country; empty for a country without them. */
export const statesOf = (countryCode: string): readonly State[] => STATES[countryCode] ?? [];

/** The document types a customer may choose to upload (the tax forms are filed through their own flow). */
export const documentTypes = (): readonly DocumentType[] =>
  DOCUMENT_TYPES.filter((type) => type.uploadable !== false).map(({ uploadable: _uploadable, ...type }) => type);

/** A document type by id, or undefined. */
export const documentTypeById = (id: number): DocumentType | undefined => DOCUMENT_TYPES.find((type) => type.id === id);

/** Every occupation. */
export const occupations = (): readonly Occupation[] => OCCUPATIONS;

/**
 * The tax-id table's lookup lives in schemas/rules/tax-ids.ts, where the browser's tax-id fields read it
 * too; the server checks the table against its schema when it starts (above).
 */
export { normalizeTaxId, taxIdMatches, taxIdProblem, taxRequirement, type TaxNumberRule, type TaxRequirement } from '../../schemas/rules/tax-ids.ts';
