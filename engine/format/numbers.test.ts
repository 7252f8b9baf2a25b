import { describe, expect, it } from 'vitest';
import { intlLocale } from '../i18n/labels';
import { compareDecimals, decimalToNumber, formatDecimalInput, formatMoney, formatNumber, parseDecimal } from './numbers';

describe('formatMoney', () => {
  it('formats decimal strings with the currency of the locale', () => {
    expect(formatMoney('-1234.5', 'USD', 'en')).toBe('-$1,234.50');
    expect(formatMoney('1234.5', 'EUR', 'de')).toBe('1.234,50\u00a0€');
    expect(formatMoney('0', 'JPY', 'en')).toBe('¥0');
  });

  it('keeps every digit of amounts a float cannot hold', () => {
    expect(formatMoney('12345678901234567.89', 'USD', 'en')).toBe('$12,345,678,901,234,567.89');
    expect(formatMoney('-99999999999999999.99', 'EUR', 'en')).toBe('-€99,999,999,999,999,999.99');
  });

  it('never rounds away digits the currency does not usually show', () => {
    expect(formatMoney('0.00012345', 'BTC', 'en')).toBe('BTC\u00a00.00012345');
    expect(formatMoney('10.125', 'USD', 'en')).toBe('$10.125');
  });

  it('shows tickers that are not ISO 4217 codes after the number', () => {
    expect(formatMoney('1500.5', 'USDT', 'en')).toBe('1,500.50 USDT');
    expect(formatMoney('1500.5', undefined, 'en')).toBe('1,500.50');
  });

  it('formats in Ukrainian when the product language is ua', () => {
    expect(formatMoney('-12.5', 'UAH', intlLocale('ua'))).toBe('-12,50\u00a0₴');
  });

  it('returns values that are not decimals unchanged, so bad data stays visible', () => {
    expect(formatMoney('12,50', 'USD', 'en')).toBe('12,50');
    expect(formatMoney(undefined, 'USD', 'en')).toBe('');
    expect(formatMoney('1e5', 'USD', 'en')).toBe('1e5');
  });
});

describe('formatNumber', () => {
  it('groups digits and keeps the fraction of decimal strings', () => {
    expect(formatNumber('1234567.125', 'en')).toBe('1,234,567.125');
    expect(formatNumber(42, 'en')).toBe('42');
  });
});

describe('decimalToNumber', () => {
  it('reads decimals for geometry and treats anything else as zero', () => {
    expect(decimalToNumber('-12.50')).toBe(-12.5);
    expect(decimalToNumber('n/a')).toBe(0);
  });
});

describe('compareDecimals', () => {
  it('orders decimals exactly, whatever their signs, zeros and fraction lengths', () => {
    expect(compareDecimals('1000.01', '1000')).toBe(1);
    expect(compareDecimals('1000.00', 1000)).toBe(0);
    expect(compareDecimals('999.999', '1000')).toBe(-1);
    expect(compareDecimals('0012.5', '12.50')).toBe(0);
    expect(compareDecimals('-0.00', '0')).toBe(0);
    expect(compareDecimals('-2', '-10')).toBe(1);
    expect(compareDecimals('-10.5', '3')).toBe(-1);
    expect(compareDecimals('12345678901234567.1', '12345678901234567.09')).toBe(1);
  });

  it('gives null where either side is not a plain decimal', () => {
    expect(compareDecimals('', '1')).toBeNull();
    expect(compareDecimals('1e3', '1')).toBeNull();
    expect(compareDecimals(undefined, '1')).toBeNull();
    expect(compareDecimals('1', '1,000')).toBeNull();
  });
});

describe('parseDecimal', () => {
  it.each([
    ['1.234,5', 'es', '1234.5'],
    ['12,50', 'es', '12.50'],
    ['12,50', 'pt', '12.50'],
    ['1.234', 'ro', '1234'],
    ['1.5', 'ro', '1.5'],
    ['1 234,56', 'ru', '1234.56'],
    ['1\u00a0234,56', 'ru', '1234.56'],
    ['12.50', 'uk', '12.50'],
    ['1,234.5', 'en', '1234.5'],
    ['12,5', 'en', '12.5'],
    ['1,234', 'en', '1234'],
    [' -7,25 ', 'es', '-7.25'],
    ['1,2,3', 'en', '1,2,3'],
    ['1,2,3', 'es', '1,2,3'],
    ['abc', 'en', 'abc'],
    ['', 'es', ''],
  ])('reads %j in %s as %j', (typed, locale, canonical) => {
    expect(parseDecimal(typed, locale)).toBe(canonical);
  });
});

describe('formatDecimalInput', () => {
  it('writes a canonical decimal as the locale does, keeping every digit typed', () => {
    expect(formatDecimalInput('12.50', 'es')).toBe('12,50');
    expect(formatDecimalInput('12.50', 'en')).toBe('12.50');
    expect(formatDecimalInput('12345.5', 'ru')).toBe('12\u00a0345,5');
    expect(formatDecimalInput('12345.5', 'es')).toBe('12.345,5');
    expect(formatDecimalInput(1234.5, 'en')).toBe('1,234.5');
    expect(formatDecimalInput('12345678901234567.12345678', 'pt')).toBe('12.345.678.901.234.567,12345678');
  });

  it('leaves grouping out while the amount is edited, and what is no number as it is', () => {
    expect(formatDecimalInput('12345.5', 'ru', { grouping: false })).toBe('12345,5');
    expect(formatDecimalInput('12,3x', 'es')).toBe('12,3x');
    expect(formatDecimalInput(undefined, 'en')).toBe('');
  });

  it('reads back what it writes', () => {
    for (const locale of ['en', 'es', 'pt', 'ro', 'ru', 'uk']) {
      for (const value of ['0.5', '12.50', '1234.5', '1234567.89', '-98765.4321']) {
        expect(parseDecimal(formatDecimalInput(value, locale), locale)).toBe(value);
        expect(parseDecimal(formatDecimalInput(value, locale, { grouping: false }), locale)).toBe(value);
      }
    }
  });
});
