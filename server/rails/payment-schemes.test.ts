import { describe, expect, it } from 'vitest';
import schemes from '../../schemas/data/payment-schemes.json' with { type: 'json' };
import wireTransfer from '../../schemas/api/methods/wireTransfer.json' with { type: 'json' };
import { isValidRoutingNumber } from '../instructions/bank-numbers.ts';
import { isSepaCountry, isValidSortCode, isValidUkAccountNumber, isValidUsAccountNumber, paymentSchemeOf, sepaCountries } from './payment-schemes.ts';

describe('ABA routing numbers (3-7-1 check digit)', () => {
  it('accepts published routing numbers of US banks and Federal Reserve banks', () => {
    // JPMorgan Chase NY, Bank of America, Wells Fargo, Citibank, Fed Boston, BofA Texas, Chase CA, Chase IL.
    for (const routing of ['021000021', '026009593', '121000248', '021000089', '011000015', '111000025', '322271627', '071000013']) {
      expect(isValidRoutingNumber(routing), routing).toBe(true);
    }
  });

  it('refuses a wrong check digit, two swapped digits, a wrong length and letters', () => {
    for (const routing of ['021000022', '120000021', '123456789', '02100002', '0210000210', '02100002A', '']) {
      expect(isValidRoutingNumber(routing), routing).toBe(false);
    }
  });
});

describe('Faster Payments numbers', () => {
  it('takes a sort code of six digits, with or without dashes or spaces', () => {
    for (const sortCode of ['200000', '20-00-00', '40 05 15']) expect(isValidSortCode(sortCode), sortCode).toBe(true);
    for (const sortCode of ['20-00-0', '2000000', '20-00-0A', '', '20--00-00-']) expect(isValidSortCode(sortCode), sortCode).toBe(false);
  });

  it('takes an account number of exactly eight digits', () => {
    expect(isValidUkAccountNumber('31926819')).toBe(true);
    for (const account of ['3192681', '319268190', '3192681A']) expect(isValidUkAccountNumber(account), account).toBe(false);
  });

  it('takes a US account number of 4 to 17 digits', () => {
    expect(isValidUsAccountNumber('000123456789')).toBe(true);
    for (const account of ['123', '123456789012345678', '12-34A']) expect(isValidUsAccountNumber(account), account).toBe(false);
  });
});

describe('schemes by country (schemas/data/payment-schemes.json)', () => {
  it('lists the 46 SEPA countries and territories once each, the euro area and the non-euro members among them', () => {
    expect(sepaCountries()).toHaveLength(46);
    expect(new Set(sepaCountries()).size).toBe(46);
    for (const country of ['DE', 'FR', 'RO', 'PL', 'CH', 'GB', 'NO', 'MC', 'VA', 'AD']) expect(isSepaCountry(country), country).toBe(true);
    for (const country of ['US', 'CA', 'UA', 'TR']) expect(isSepaCountry(country), country).toBe(false);
  });

  it('sends to the US by ACH, to GB by Faster Payments, to IBAN countries by IBAN, and nowhere else', () => {
    expect(paymentSchemeOf('US')).toBe('ach');
    expect(paymentSchemeOf('GB')).toBe('fasterPayments');
    expect(paymentSchemeOf('DE')).toBe('iban');
    expect(paymentSchemeOf('UA')).toBe('iban');
    expect(paymentSchemeOf('AQ')).toBeUndefined();
  });

  it("agrees with wireTransfer's request: the countries it asks domestic numbers of are the data's", () => {
    const conditioned = wireTransfer.request.allOf
      .filter((rule) => 'then' in rule)
      .map((rule) => rule.if.properties.countryCode.enum)
      .flat();
    expect(conditioned.sort()).toEqual(Object.keys(schemes.domestic).sort());
  });
});
