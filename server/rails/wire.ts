import { electronicFormatIBAN } from 'ibantools';
import { isValidIban } from '../instructions/bank-numbers.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { isValidBic, normalBic } from './bic.ts';

/** A wire's beneficiary as the customer typed it. */
export interface WireBeneficiaryInput {
  beneficiaryName: string;
  iban: string;
  swift: string;
}

/** A wire's beneficiary as the rail is sent it: IBAN and BIC in their electronic form. */
export interface WireBeneficiary extends Record<string, string> {
  name: string;
  iban: string;
  bic: string;
  countryCode: string;
}

/**
 * Checks a wire's beneficiary on the server, as the browser checks it: the IBAN by ISO 13616 (its
 * country's length and format, and its check digits), the BIC by ISO 9362, and a name that is not blank.
 * Every wrong field is refused at once, each with TA1 on its own field, and nothing is written.
 *
 * @example
 * wireBeneficiary({ beneficiaryName: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX' });
 * // { name: 'Ada Lovelace', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', countryCode: 'DE' }
 */
export function wireBeneficiary(input: WireBeneficiaryInput): WireBeneficiary {
  const errors: Array<{ field: string; key: string }> = [];
  const name = input.beneficiaryName.trim();
  if (!name) errors.push({ field: 'beneficiaryName', key: 'rails.wire.nameRequired' });
  if (!isValidIban(input.iban)) errors.push({ field: 'iban', key: 'rails.wire.invalidIban' });
  if (!isValidBic(input.swift)) errors.push({ field: 'swift', key: 'rails.wire.invalidSwift' });
  if (errors.length) throw new RpcRefusal('TA1', { validationErrors: errors });
  const iban = electronicFormatIBAN(input.iban)!;
  return { name, iban, bic: normalBic(input.swift), countryCode: iban.slice(0, 2) };
}
