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

/**
 * The partner bank that holds the customers' funds in one currency, and how it numbers the virtual
 * account it gives each customer account. Every number is a pure function of the account id, so the
 * same account always gets the same details and two accounts never share them (ids below 10^9).
 */
const RAILS: Record<string, (accountId: number) => BankDetails> = {
  EUR: (accountId) => {
    const account = `7${String(accountId).padStart(9, '0')}`;
    return {
      rail: 'sepa',
      bankName: 'Sandbox Partner Bank AG',
      bankAddress: 'Taunusanlage 12, 60325 Frankfurt am Main, Germany',
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
      bankName: 'Sandbox Partner Bank UK Ltd',
      bankAddress: '1 Finsbury Avenue, London EC2M 2PP, United Kingdom',
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
      bankName: 'Sandbox Partner Bank Romania SA',
      bankAddress: 'Calea Victoriei 15, 030023 Bucharest, Romania',
      bankAccountNumber: account,
      iban: buildIban('RO', `SPBA${account}`),
      swift: 'SPBAROBUXXX',
    };
  },
  USD: (accountId) => {
    const routing8 = '02600959';
    return {
      rail: 'ach',
      bankName: 'Sandbox Partner Bank NA',
      bankAddress: '200 Park Avenue, New York, NY 10166, United States',
      bankAccountNumber: `8${String(accountId).padStart(11, '0')}`,
      routingNumber: `${routing8}${abaCheckDigit(routing8)}`,
      swift: 'SPBAUS33XXX',
    };
  },
  CAD: (accountId) => ({
    rail: 'eft',
    bankName: 'Sandbox Partner Bank Canada',
    bankAddress: '100 King Street West, Toronto, ON M5X 1A9, Canada',
    bankAccountNumber: `4${String(accountId).padStart(9, '0')}`,
    // Institution number 621, transit 00010: what Canadian payers enter as the routing.
    routingNumber: '62100010',
    swift: 'SPBACATTXXX',
  }),
  AUD: (accountId) => ({
    rail: 'bsb',
    bankName: 'Sandbox Partner Bank Australia Ltd',
    bankAddress: '1 Martin Place, Sydney NSW 2000, Australia',
    bankAccountNumber: `3${String(accountId).padStart(8, '0')}`,
    routingNumber: '062-000',
    swift: 'SPBAAU2SXXX',
  }),
};

/** The currencies payers can pay into by bank transfer. */
export const INSTRUCTION_CURRENCIES: ReadonlySet<string> = new Set(Object.keys(RAILS));

/**
 * The bank details of an account in `currency`, or undefined when no bank rail serves that currency
 * (crypto accounts are funded through a deposit wallet instead).
 *
 * @example
 * bankDetailsFor('EUR', 42)?.iban; // 'DE…' with valid check digits
 */
export function bankDetailsFor(currency: string, accountId: number): BankDetails | undefined {
  return RAILS[currency]?.(accountId);
}
