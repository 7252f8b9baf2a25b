import { describe, expect, it } from 'vitest';
import { cardBin, compactCardNumber, isCardNumber, luhnCheckDigit, maskedCardNumber } from '../../schemas/rules/card-number.ts';

describe('card numbers (document 001 sections 5 and 9)', () => {
  it('takes the published test numbers of each network as card numbers', () => {
    // Visa, Mastercard (5-series and 2-series), UnionPay, Amex and Discover test numbers as their networks publish them.
    for (const number of [
      '4111111111111111',
      '4242 4242 4242 4242',
      '4012888888881881',
      '5555 5555 5555 4444',
      '2223003122003222',
      '6200000000000005',
      '378282246310005',
      '6011111111111117',
    ]) {
      expect(isCardNumber(number), number).toBe(true);
    }
  });

  it('refuses a number with a digit changed, two digits swapped, too few or too many digits, or letters', () => {
    for (const number of [
      '4111111111111112',
      '4111111111111121',
      '5555555555554440',
      '79927398713'.slice(0, 10),
      '41111111111111111111',
      '4111 1111 1111 111a',
      '',
    ]) {
      expect(isCardNumber(number), number).toBe(false);
    }
  });

  it('computes the Luhn check digit of the textbook example', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(luhnCheckDigit('411111111111111')).toBe('1');
  });

  it('takes the bin from the first 6 digits once spaces and dashes are removed', () => {
    expect(compactCardNumber(' 4111 1111-1111 1111 ')).toBe('4111111111111111');
    expect(cardBin('4 1 1 1 1 1 2222')).toBe('411111');
    expect(cardBin('5355 22')).toBe('535522');
    expect(cardBin('4111 1')).toBeUndefined();
    expect(cardBin('41x111111')).toBeUndefined();
  });

  it('masks a number to its bin and last four digits', () => {
    expect(maskedCardNumber('4111 1111 1111 1111')).toBe('411111******1111');
    expect(maskedCardNumber('378282246310005')).toBe('378282*****0005');
  });
});
