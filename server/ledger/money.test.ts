import { describe, expect, it } from 'vitest';
import { AmountFormatError, formatMinorUnits, toMinorUnits } from './money.ts';

describe('toMinorUnits', () => {
  it.each([
    ['1234.50', 2, 123450n],
    ['1234.5', 2, 123450n],
    ['1234', 2, 123400n],
    ['0', 2, 0n],
    ['0.01', 2, 1n],
    ['-0.05', 2, -5n],
    ['-12.5', 2, -1250n],
    ['7', 0, 7n],
    ['0.00000001', 8, 1n],
    ['123456789012345678.12', 2, 12345678901234567812n],
  ])('reads %s at scale %i as %s', (amount, scale, expected) => {
    expect(toMinorUnits(amount, scale)).toBe(expected);
  });

  it.each(['', '1,50', '1.', '.5', '01', '1e3', '+1', ' 1', '1.2.3', 'NaN', '--1'])('refuses %j', (amount) => {
    expect(() => toMinorUnits(amount, 2)).toThrow(AmountFormatError);
  });

  it('refuses more decimals than the currency has instead of rounding', () => {
    expect(() => toMinorUnits('1.005', 2)).toThrow(/at most 2/);
    expect(() => toMinorUnits('1.5', 0)).toThrow(/at most 0/);
  });
});

describe('formatMinorUnits', () => {
  it.each([
    [123450n, 2, '1234.50'],
    [0n, 2, '0.00'],
    [1n, 2, '0.01'],
    [-5n, 2, '-0.05'],
    [-123450n, 2, '-1234.50'],
    [7n, 0, '7'],
    [1n, 8, '0.00000001'],
    [12345678901234567812n, 2, '123456789012345678.12'],
  ])('writes %s at scale %i as %s', (minor, scale, expected) => {
    expect(formatMinorUnits(minor, scale)).toBe(expected);
  });

  it('round-trips through toMinorUnits', () => {
    for (const minor of [0n, 1n, -1n, 99n, 100n, 101n, -100000n, 9007199254740993n]) {
      expect(toMinorUnits(formatMinorUnits(minor, 2), 2)).toBe(minor);
    }
  });
});
