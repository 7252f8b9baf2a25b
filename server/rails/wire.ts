import { electronicFormatIBAN } from 'ibantools';
import { isValidIban, isValidRoutingNumber } from '../instructions/bank-numbers.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { isValidBic, normalBic } from './bic.ts';
import { bankByDomesticCode, bankByIban, bankBySwift } from './bank-directory.ts';
import { bankDigits, isValidSortCode, isValidUkAccountNumber, isValidUsAccountNumber, paymentSchemeOf, type PaymentScheme } from './payment-schemes.ts';

/** A wire's beneficiary as the customer typed it: the fields of the scheme its country goes by. */
export interface WireBeneficiaryInput {
  beneficiaryName: string;
  /** The beneficiary's bank's country; without it the wire goes by IBAN to the IBAN's country. */
  countryCode?: string;
  iban?: string;
  swift?: string;
  routingNumber?: string;
  sortCode?: string;
  accountNumber?: string;
}

/** A wire's beneficiary as the rail is sent it: its scheme's numbers in their electronic form. */
export interface WireBeneficiary extends Record<string, string> {
  name: string;
  countryCode: string;
  scheme: PaymentScheme;
}

type FieldError = { field: string; key: string };

const missing = (value: string | undefined) => !value || !value.trim();

/** The IBAN scheme's fields: a right IBAN of the named country and a right SWIFT code. */
function ibanErrors(input: WireBeneficiaryInput, errors: FieldError[]): void {
  if (missing(input.iban)) errors.push({ field: 'iban', key: 'rails.wire.ibanRequired' });
  else if (!isValidIban(input.iban!)) errors.push({ field: 'iban', key: 'rails.wire.invalidIban' });
  else if (input.countryCode && electronicFormatIBAN(input.iban!)!.slice(0, 2) !== input.countryCode) {
    errors.push({ field: 'iban', key: 'rails.wire.ibanOtherCountry' });
  }
  if (missing(input.swift)) errors.push({ field: 'swift', key: 'rails.wire.swiftRequired' });
  else if (!isValidBic(input.swift!)) errors.push({ field: 'swift', key: 'rails.wire.invalidSwift' });
}

/** ACH's fields: an ABA routing number whose check digit is right (3-7-1 weights) and a US account number. */
function achErrors(input: WireBeneficiaryInput, errors: FieldError[]): void {
  if (missing(input.routingNumber)) errors.push({ field: 'routingNumber', key: 'rails.wire.routingRequired' });
  else if (!isValidRoutingNumber(bankDigits(input.routingNumber!))) errors.push({ field: 'routingNumber', key: 'rails.wire.invalidRouting' });
  if (missing(input.accountNumber)) errors.push({ field: 'accountNumber', key: 'rails.wire.accountRequired' });
  else if (!isValidUsAccountNumber(input.accountNumber!)) errors.push({ field: 'accountNumber', key: 'rails.wire.invalidUsAccount' });
}

/** Faster Payments' fields: a six-digit sort code and an eight-digit account number. */
function fasterPaymentsErrors(input: WireBeneficiaryInput, errors: FieldError[]): void {
  if (missing(input.sortCode)) errors.push({ field: 'sortCode', key: 'rails.wire.sortCodeRequired' });
  else if (!isValidSortCode(input.sortCode!)) errors.push({ field: 'sortCode', key: 'rails.wire.invalidSortCode' });
  if (missing(input.accountNumber)) errors.push({ field: 'accountNumber', key: 'rails.wire.accountRequired' });
  else if (!isValidUkAccountNumber(input.accountNumber!)) errors.push({ field: 'accountNumber', key: 'rails.wire.invalidUkAccount' });
}

const SCHEME_CHECKS: Record<PaymentScheme, (input: WireBeneficiaryInput, errors: FieldError[]) => void> = {
  iban: ibanErrors,
  ach: achErrors,
  fasterPayments: fasterPaymentsErrors,
};

/** The beneficiary's numbers for the rail, once checked, with the bank's name where the directory knows it. */
function schemeNumbers(scheme: PaymentScheme, input: WireBeneficiaryInput, countryCode: string): Record<string, string> {
  if (scheme === 'iban') {
    const bank = bankBySwift(input.swift!) ?? bankByIban(input.iban!);
    return { iban: electronicFormatIBAN(input.iban!)!, bic: normalBic(input.swift!), ...(bank ? { bankName: bank.bankName } : {}) };
  }
  const code = bankDigits(scheme === 'ach' ? input.routingNumber! : input.sortCode!);
  const bank = bankByDomesticCode(countryCode, code);
  return {
    [scheme === 'ach' ? 'routingNumber' : 'sortCode']: code,
    accountNumber: bankDigits(input.accountNumber!),
    ...(bank ? { bankName: bank.bankName, bic: bank.swift } : {}),
  };
}

/**
 * Checks a wire's beneficiary on the server, as the browser checks it, by the scheme of the beneficiary's
 * country (schemas/data/payment-schemes.json): an IBAN (ISO 13616: its country's length and format and
 * its check digits, and the country named) with a SWIFT code (ISO 9362) for SEPA and the other IBAN
 * countries; an ABA routing number (its 3-7-1 check digit) and account number for ACH (US); a sort code and
 * eight-digit account number for Faster Payments (GB). Without a country the wire goes by IBAN. Every wrong
 * field is refused at once, each with TA1 on its own field, and nothing is written.
 *
 * @example
 * wireBeneficiary({ beneficiaryName: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX' });
 * // { name: 'Ada Lovelace', countryCode: 'DE', scheme: 'iban', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank AG' }
 * wireBeneficiary({ beneficiaryName: 'Ada', countryCode: 'US', routingNumber: '021000022', accountNumber: '1234' });
 * // throws TA1 on routingNumber: rails.wire.invalidRouting
 */
export function wireBeneficiary(input: WireBeneficiaryInput): WireBeneficiary {
  const errors: FieldError[] = [];
  const name = input.beneficiaryName.trim();
  if (!name) errors.push({ field: 'beneficiaryName', key: 'rails.wire.nameRequired' });
  const scheme = input.countryCode ? paymentSchemeOf(input.countryCode) : 'iban';
  if (!scheme) errors.push({ field: 'countryCode', key: 'rails.wire.noWiresToCountry' });
  else SCHEME_CHECKS[scheme](input, errors);
  if (errors.length || !scheme) throw new RpcRefusal('TA1', { validationErrors: errors });
  const countryCode = input.countryCode ?? electronicFormatIBAN(input.iban!)!.slice(0, 2);
  return { name, countryCode, scheme, ...schemeNumbers(scheme, input, countryCode) };
}
