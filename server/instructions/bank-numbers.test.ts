import { describe, expect, it } from 'vitest';
import { abaCheckDigit, buildIban, isValidIban, isValidRoutingNumber } from './bank-numbers.ts';

describe('IBAN check digits', () => {
  it.each([
    ['GB', 'WEST12345698765432', '82'],
    ['DE', '370400440532013000', '89'],
    ['RO', 'AAAA1B31007593840000', '49'],
    ['FR', '20041010050500013M02606', '14'],
  ])('computes %s%s… as %s (published examples)', (country, bban, digits) => {
    expect(buildIban(country, bban)).toBe(`${country}${digits}${bban}`);
    expect(isValidIban(buildIban(country, bban))).toBe(true);
  });

  it('refuses an IBAN with a changed digit or swapped characters', () => {
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(isValidIban('GB82 WEST 1234 5698 7645 32')).toBe(false);
    expect(isValidIban('GB8')).toBe(false);
  });

  it("refuses an IBAN whose length is not its country's, even with good check digits", () => {
    expect(isValidIban('gb82 west 1234 5698 7654 32')).toBe(true);
    expect(isValidIban(buildIban('DE', '370400440532013000').slice(0, -1))).toBe(false);
    expect(() => buildIban('DE', '37040044053201300')).toThrow(/DE/);
  });

  it('pads check digits below ten with a zero', () => {
    for (let n = 0; n < 300; n++) {
      const iban = buildIban('DE', `10020030${String(n).padStart(10, '0')}`);
      expect(iban).toMatch(/^DE[0-9]{2}[0-9]{18}$/);
      expect(isValidIban(iban)).toBe(true);
    }
  });
});

describe('ABA routing numbers', () => {
  it.each([
    ['02100002', '1'],
    ['01100001', '5'],
    ['12200066', '1'],
  ])('the check digit of %s is %s', (first8, check) => {
    expect(abaCheckDigit(first8)).toBe(check);
    expect(isValidRoutingNumber(first8 + check)).toBe(true);
  });

  it('refuses a wrong check digit and a wrong length', () => {
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('02100002')).toBe(false);
  });
});
