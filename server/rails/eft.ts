import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import eftBanksData from '../../schemas/data/eft-banks.json' with { type: 'json' };
import eftBanksSchema from '../../schemas/data/eft-banks.schema.json' with { type: 'json' };
import extraParamsData from '../../schemas/data/extra-params.json' with { type: 'json' };
import extraParamsSchema from '../../schemas/data/extra-params.schema.json' with { type: 'json' };
import { checked } from '../dictionaries/data.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import type { RailName } from './rail-adapter.ts';

/** A bank field an EFT to some countries cannot go without (document 001 section 5). */
export type EftBankField = 'bankCode' | 'branchCode';

export interface EftBranch {
  code: string;
  name: string;
}

export interface EftBank {
  code: string;
  name: string;
  branches: EftBranch[];
}

interface EftCountryRow {
  requiredFields: EftBankField[];
  banks: EftBank[];
}

/** An option of an extra parameter, or a group of them (schemas/data/extra-params.json). */
type ExtraParamOption = { value: string } | { group: string; options: ExtraParamOption[] };

interface ExtraParamRow {
  name: string;
  required: boolean;
  pattern?: string;
  maxLength?: number;
  options?: ExtraParamOption[];
}

/** One field of a country's extra parameters as the extraParams call answers it: its name and JSON Schema. */
export interface ExtraParamField {
  name: string;
  required: boolean;
  schema: { type: 'string'; minLength: number; maxLength: number; pattern?: string; enum?: string[] };
}

const EFT_COUNTRIES = checked<{ countries: Record<string, EftCountryRow> }>('eft-banks.json', eftBanksSchema, eftBanksData).countries;
const EXTRA_PARAMS = checked<{ transferTypes: Partial<Record<RailName, Record<string, ExtraParamRow[]>>> }>(
  'extra-params.json',
  extraParamsSchema,
  extraParamsData,
).transferTypes;

/** The country codes an EFT reaches, in the table's order. */
export const eftCountryCodes = (): string[] => Object.keys(EFT_COUNTRIES);

/**
 * The bank fields an EFT to `countryCode` needs: bank and branch code for BR, JP, HK and LK (document 001
 * section 5), the bank code elsewhere; undefined for a country no EFT reaches.
 *
 * @example
 * eftRequiredFields('BR'); // ['bankCode', 'branchCode']
 */
export const eftRequiredFields = (countryCode: string): readonly EftBankField[] | undefined => EFT_COUNTRIES[countryCode]?.requiredFields;

/** The banks of an EFT country, each with its branches; empty for a country no EFT reaches. */
export const eftBanksOf = (countryCode: string): readonly EftBank[] => EFT_COUNTRIES[countryCode]?.banks ?? [];

/** The branches of a bank of an EFT country (every bank lists at least one); empty for an unknown bank. */
export const eftBranchesOf = (countryCode: string, bankCode: string): readonly EftBranch[] =>
  eftBanksOf(countryCode).find((bank) => bank.code === bankCode)?.branches ?? [];

/** The values of a select's options, groups flattened into one list in their order. */
function flatOptions(options: readonly ExtraParamOption[]): string[] {
  return options.flatMap((option) => ('value' in option ? [option.value] : flatOptions(option.options)));
}

/**
 * The extra parameters a transfer of `transferType` to `countryCode` asks, each with its JSON Schema; a
 * select's nested option groups are flattened into one `enum` (document 001 section 5). Empty where the
 * table has none.
 *
 * @example
 * extraParamFields('eft', 'IN')[1]; // { name: 'purposeCode', required: true, schema: { type: 'string', enum: ['P1301', 'P1302', 'P0802', 'P1004', 'P1006'], ... } }
 */
export function extraParamFields(transferType: RailName, countryCode: string): ExtraParamField[] {
  return (EXTRA_PARAMS[transferType]?.[countryCode] ?? []).map((row) => ({
    name: row.name,
    required: row.required,
    schema: {
      type: 'string',
      minLength: row.required ? 1 : 0,
      maxLength: row.maxLength ?? 140,
      ...(row.pattern ? { pattern: row.pattern } : {}),
      ...(row.options ? { enum: flatOptions(row.options) } : {}),
    },
  }));
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
const fieldValidators = new Map<string, ValidateFunction>();

/** The validator of one extra parameter's schema, compiled once. */
function validatorOf(field: ExtraParamField): ValidateFunction {
  const key = JSON.stringify(field.schema);
  let validate = fieldValidators.get(key);
  if (!validate) {
    validate = ajv.compile(field.schema);
    fieldValidators.set(key, validate);
  }
  return validate;
}

/** An EFT's beneficiary as the customer typed it. */
export interface EftBeneficiaryInput {
  countryCode: string;
  beneficiaryName: string;
  accountNumber: string;
  bankCode?: string;
  branchCode?: string;
  extraParams?: Record<string, string | undefined>;
}

/** An EFT's beneficiary as the rail is sent it. */
export interface EftBeneficiary extends Record<string, string> {
  name: string;
  countryCode: string;
  accountNumber: string;
}

type FieldError = { field: string; key: string };

/**
 * The field errors of an EFT's bank fields against schemas/data/eft-banks.json: a country no EFT reaches
 * on `countryCode`; a missing bank or branch code where the country needs it (BR, JP, HK, LK: both) on
 * its field; a bank not of that country on `bankCode`; a branch not of that bank on `branchCode`.
 *
 * @example
 * eftBankFieldErrors({ countryCode: 'BR', bankCode: '001' }); // [{ field: 'branchCode', key: 'rails.eft.branchCodeRequired' }]
 */
export function eftBankFieldErrors(input: { countryCode: string; bankCode?: string; branchCode?: string }): FieldError[] {
  const required = eftRequiredFields(input.countryCode);
  if (!required) return [{ field: 'countryCode', key: 'rails.eft.countryNotReached' }];
  const errors: FieldError[] = [];
  const bankCode = input.bankCode?.trim() ?? '';
  const branchCode = input.branchCode?.trim() ?? '';
  const bank = bankCode ? eftBanksOf(input.countryCode).find((candidate) => candidate.code === bankCode) : undefined;
  if (!bankCode && required.includes('bankCode')) errors.push({ field: 'bankCode', key: 'rails.eft.bankCodeRequired' });
  if (bankCode && !bank) errors.push({ field: 'bankCode', key: 'rails.eft.unknownBank' });
  if (!branchCode && required.includes('branchCode')) errors.push({ field: 'branchCode', key: 'rails.eft.branchCodeRequired' });
  if (branchCode && bank && !bank.branches.some((branch) => branch.code === branchCode)) {
    errors.push({ field: 'branchCode', key: 'rails.eft.unknownBranch' });
  }
  return errors;
}

/**
 * The field errors of a transfer's extra parameters against the country's list (each on
 * `extraParams.<name>`): a required one missing, a value its schema refuses, a name the list lacks.
 *
 * @example
 * extraParamErrors('eft', 'BR', { bankAccountType: 'checking' }); // [{ field: 'extraParams.taxId', key: 'rails.extraParams.required' }]
 */
export function extraParamErrors(transferType: RailName, countryCode: string, values: Record<string, string | undefined> = {}): FieldError[] {
  const fields = extraParamFields(transferType, countryCode);
  const errors: FieldError[] = [];
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === '') {
      if (field.required) errors.push({ field: `extraParams.${field.name}`, key: 'rails.extraParams.required' });
    } else if (!validatorOf(field)(value)) errors.push({ field: `extraParams.${field.name}`, key: 'rails.extraParams.invalid' });
  }
  for (const name of Object.keys(values)) {
    if (!fields.some((field) => field.name === name)) errors.push({ field: `extraParams.${name}`, key: 'rails.extraParams.unknown' });
  }
  return errors;
}

/**
 * Checks an EFT's beneficiary on the server, as the browser checks it from the same data: a name that is
 * not blank, an account number, the country's bank fields ({@link eftBankFieldErrors}) and its extra
 * parameters ({@link extraParamErrors}). Every wrong field is refused at once with TA1 on its own field,
 * and nothing is written.
 *
 * @example
 * eftBeneficiary({ countryCode: 'BR', beneficiaryName: 'Ana Souza', accountNumber: '12345-6', bankCode: '001', branchCode: '1607', extraParams: { taxId: '12345678901', bankAccountType: 'checking' } });
 * // { name: 'Ana Souza', countryCode: 'BR', accountNumber: '123456', bankCode: '001', bankName: 'Banco do Brasil', branchCode: '1607', taxId: ..., bankAccountType: 'checking' }
 */
export function eftBeneficiary(input: EftBeneficiaryInput): EftBeneficiary {
  const errors: FieldError[] = [];
  const name = input.beneficiaryName.trim();
  const accountNumber = input.accountNumber.replace(/[\s-]/g, '').toUpperCase();
  if (!name) errors.push({ field: 'beneficiaryName', key: 'rails.eft.nameRequired' });
  if (!/^[A-Z0-9]{4,34}$/.test(accountNumber)) errors.push({ field: 'accountNumber', key: 'rails.eft.invalidAccountNumber' });
  errors.push(...eftBankFieldErrors(input));
  if (eftRequiredFields(input.countryCode)) errors.push(...extraParamErrors('eft', input.countryCode, input.extraParams));
  if (errors.length) throw new RpcRefusal('TA1', { validationErrors: errors });
  const bankCode = input.bankCode?.trim() ?? '';
  const branchCode = input.branchCode?.trim() ?? '';
  const bank = eftBanksOf(input.countryCode).find((candidate) => candidate.code === bankCode);
  const extras = Object.entries(input.extraParams ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return {
    ...Object.fromEntries(extras),
    name,
    countryCode: input.countryCode,
    accountNumber,
    ...(bank ? { bankCode, bankName: bank.name } : {}),
    ...(branchCode ? { branchCode } : {}),
  };
}
