import { partnerBank } from '../config/partner-banks.ts';
import { abaCheckDigit, buildIban } from './bank-numbers.ts';

/** The bank details of one account as a payer needs them, before they are stored. */
export interface BankDetails {
  /** How payers send: sepa (EUR), fasterPayments (GBP), sepa-style domestic IBAN (RON), ach (USD), eft (CAD), bsb (AUD). */
  rail: string;
  bankName: string;
  bankAddress: string;
  bankAccountNumber: string;
  iban?: string;
  swift: string;
  routingNumber?: string;
  sortCode?: string;
}

/** An account's numbers at the partner bank of its currency, which the brand names (partnerBank). */
type BankNumbers = Omit<BankDetails, 'bankName' | 'bankAddress'>;

/**
 * How the partner bank that holds the customers' funds in one currency numbers the virtual account it
 * gives each customer account; the bank's name and address are the brand's (server/config/partner-banks.ts). Every number is a pure function of the account id, so the
 * same account always gets the same details and two accounts never share them (ids below 10^9).
 */
const RAILS: Record<string, (accountId: number) => BankNumbers> = {
  EUR: (accountId) => {
    const account = `7${String(accountId).padStart(9, '0')}`;
    return {
      rail: 'sepa',
      bankAccountNumber: account,
      iban: buildIban('DE', `10020030${account}`),
      swift: 'SPBADEFFXXX',
    };
  },
  GBP: (accountId) => {
    const account = `6${String(accountId).padStart(7, '0')}`;
    const sortCode = '040075';
    return {
      rail: 'fasterPayments',
      bankAccountNumber: account,
      iban: buildIban('GB', `SPBA${sortCode}${account}`),
      swift: 'SPBAGB2LXXX',
      sortCode: `${sortCode.slice(0, 2)}-${sortCode.slice(2, 4)}-${sortCode.slice(4)}`,
    };
  },
  RON: (accountId) => {
    const account = `5${String(accountId).padStart(15, '0')}`;
    return {
      rail: 'domestic',
      bankAccountNumber: account,
      iban: buildIban('RO', `SPBA${account}`),
      swift: 'SPBAROBUXXX',
    };
  },
  USD: (accountId) => {
    const routing8 = '02600959';
    return {
      rail: 'ach',
      bankAccountNumber: `8${String(accountId).padStart(11, '0')}`,
      routingNumber: `${routing8}${abaCheckDigit(routing8)}`,
      swift: 'SPBAUS33XXX',
    };
  },
  CAD: (accountId) => ({
    rail: 'eft',
    bankAccountNumber: `4${String(accountId).padStart(9, '0')}`,
    // Institution number 621, transit 00010: what Canadian payers enter as the routing.
    routingNumber: '62100010',
    swift: 'SPBACATTXXX',
  }),
  AUD: (accountId) => ({
    rail: 'bsb',
    bankAccountNumber: `3${String(accountId).padStart(8, '0')}`,
    routingNumber: '062-000',
    swift: 'SPBAAU2SXXX',
  }),
};

/** The currencies payers can pay into by bank transfer. */
export const INSTRUCTION_CURRENCIES: ReadonlySet<string> = new Set(Object.keys(RAILS));

/**
 * The bank details of an account in `currency` at the partner bank `brandId` names for it (the default
 * without a brand), or undefined when no bank rail serves that currency (crypto accounts are funded
 * through a deposit wallet instead).
 *
 * @example
 * bankDetailsFor('EUR', 42)?.iban; // 'DE…' with valid check digits
 * bankDetailsFor('EUR', 42, 'aplus')?.bankName; // the bank aplus's brand.json names for EUR
 */
export function bankDetailsFor(currency: string, accountId: number, brandId?: string): BankDetails | undefined {
  const numbers = RAILS[currency]?.(accountId);
  const bank = partnerBank(brandId, currency);
  return numbers && bank ? { ...bank, ...numbers } : undefined;
}
