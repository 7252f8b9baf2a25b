import { electronicFormatIBAN, extractIBAN } from 'ibantools';
import directoryData from '../../schemas/data/bank-directory.json' with { type: 'json' };
import directorySchema from '../../schemas/data/bank-directory.schema.json' with { type: 'json' };
import { checked } from '../dictionaries/data.ts';
import { isValidBic, normalBic } from './bic.ts';

/** A bank of the directory (schemas/data/bank-directory.json), as the SWIFT and IBAN dictionaries answer it. */
export interface DirectoryBank {
  swift: string;
  bankName: string;
  branch?: string;
  address: string;
  city: string;
  zipCode: string;
  countryIsoCode: string;
  code: string;
  sortCodes?: string[];
}

const DIRECTORY = checked<{ banks: DirectoryBank[] }>('bank-directory.json', directorySchema, directoryData).banks;

/** The bank as a dictionary answers it: what the directory holds, without its internal lists. */
function answer(bank: DirectoryBank): Omit<DirectoryBank, 'sortCodes'> {
  const { sortCodes: _sortCodes, ...shown } = bank;
  return shown;
}

/**
 * The bank a SWIFT code (BIC) names: the branch it names exactly, else the bank of its first eight
 * characters (a BIC8 names the head office, as its 'XXX' branch does). `undefined` for a code that is not
 * a BIC or that no bank of the directory has.
 *
 * @example
 * bankBySwift('deutdeff')?.bankName; // 'Deutsche Bank AG'
 */
export function bankBySwift(swift: string): Omit<DirectoryBank, 'sortCodes'> | undefined {
  if (!isValidBic(swift)) return undefined;
  const bic = normalBic(swift);
  const found = DIRECTORY.find((bank) => bank.swift === bic) ?? DIRECTORY.find((bank) => bank.swift.slice(0, 8) === bic.slice(0, 8));
  return found && answer(found);
}

/**
 * The bank of an IBAN: the directory's bank of the IBAN's country and national bank code (its BBAN's bank
 * identifier). `undefined` for an IBAN that is not right, or whose bank the directory does not have.
 *
 * @example
 * bankByIban('DE89 3704 0044 0532 0130 00')?.swift; // 'COBADEFFXXX'
 */
export function bankByIban(iban: string): Omit<DirectoryBank, 'sortCodes'> | undefined {
  const parts = extractIBAN(electronicFormatIBAN(iban) ?? '');
  if (!parts.valid || !parts.bankIdentifier) return undefined;
  const found = DIRECTORY.find((bank) => bank.countryIsoCode === parts.countryCode && bank.code === parts.bankIdentifier);
  return found && answer(found);
}

/**
 * The bank of a US routing number or a GB sort code (digits only), as a domestic payment names it.
 *
 * @example
 * bankByDomesticCode('US', '021000021')?.bankName; // 'JPMorgan Chase Bank, N.A.'
 * bankByDomesticCode('GB', '200000')?.swift; // 'BARCGB22XXX'
 */
export function bankByDomesticCode(countryCode: string, code: string): Omit<DirectoryBank, 'sortCodes'> | undefined {
  const found = DIRECTORY.find((bank) => bank.countryIsoCode === countryCode && (countryCode === 'GB' ? bank.sortCodes?.includes(code) : bank.code === code));
  return found && answer(found);
}
