import { describe, expect, it } from 'vitest';
import { intlLocale } from '../i18n/labels';
import { compareDecimals, decimalToNumber, formatMoney, formatNumber } from './numbers';

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
