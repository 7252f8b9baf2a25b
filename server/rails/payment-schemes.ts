import schemesData from '../../schemas/data/payment-schemes.json' with { type: 'json' };
import schemesSchema from '../../schemas/data/payment-schemes.schema.json' with { type: 'json' };
import { checked } from '../dictionaries/data.ts';

/**
 * The schemes a wire goes by, and the checks of their domestic account numbers (issue 15 item 2). Which
 * country goes by which scheme is data (schemas/data/payment-schemes.json); the IBAN and ABA checksums
 * are server/instructions/bank-numbers.ts's. Pure functions, no I/O.
 */

/** 'iban': IBAN and SWIFT code; 'ach': ABA routing and account number; 'fasterPayments': sort code and account number. */
export type PaymentScheme = 'iban' | 'ach' | 'fasterPayments';

interface SchemesFile {
  sepaCountries: string[];
  ibanCountries: string[];
  domestic: Record<string, 'ach' | 'fasterPayments'>;
}

const SCHEMES = checked<SchemesFile>('payment-schemes.json', schemesSchema, schemesData);

/** The SEPA countries and territories (EPC list). */
export const sepaCountries = (): readonly string[] => SCHEMES.sepaCountries;

/** Whether a country is in the Single Euro Payments Area. */
export const isSepaCountry = (countryCode: string): boolean => SCHEMES.sepaCountries.includes(countryCode);

/**
 * The scheme a wire to a country goes by: its domestic scheme where it has one we send by, else IBAN for
 * SEPA and the other IBAN countries; `undefined` where we send no wires.
 *
 * @example
 * paymentSchemeOf('US'); // 'ach'
 * paymentSchemeOf('DE'); // 'iban'
 * paymentSchemeOf('AQ'); // undefined
 */
export function paymentSchemeOf(countryCode: string): PaymentScheme | undefined {
  const domestic = SCHEMES.domestic[countryCode];
  if (domestic) return domestic;
  return SCHEMES.sepaCountries.includes(countryCode) || SCHEMES.ibanCountries.includes(countryCode) ? 'iban' : undefined;
}

/** A bank number as typed, without the spaces and dashes people write in it ('20-00-00'). */
export const bankDigits = (typed: string): string => typed.replace(/[\s-]/g, '');

/**
 * Whether a UK sort code is right: six digits in three pairs, written with or without a dash or a space
 * between them (the pattern of rail-payout.schema.json's SortCode).
 *
 * @example
 * isValidSortCode('20-00-00'); // true
 * isValidSortCode('20-00-0'); // false
 */
export const isValidSortCode = (sortCode: string): boolean => /^[0-9]{2}[- ]?[0-9]{2}[- ]?[0-9]{2}$/.test(sortCode.trim());

/**
 * Whether a UK account number is right for Faster Payments: eight digits.
 *
 * @example
 * isValidUkAccountNumber('31926819'); // true
 */
export const isValidUkAccountNumber = (accountNumber: string): boolean => /^[0-9]{8}$/.test(bankDigits(accountNumber));

/**
 * Whether a US account number is right for ACH: 4 to 17 digits (NACHA's DFI account number field).
 *
 * @example
 * isValidUsAccountNumber('000123456789'); // true
 */
export const isValidUsAccountNumber = (accountNumber: string): boolean => /^[0-9]{4,17}$/.test(bankDigits(accountNumber));
