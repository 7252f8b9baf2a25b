import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../testing/harness';
import { formatDate, formatDateTime } from './dates';
import { columnFormat, formatText } from './formatValue';

const i18n = createTestI18n({ enums: { status: { posted: 'Posted' } } });
const ctx = { locale: 'en', t: i18n.t };

describe('formatText', () => {
  it('formats money with the currency of its row', () => {
    expect(formatText('-5.5', { field: 'amount', format: 'money', currencyField: 'currencyCode' }, { currencyCode: 'GBP' }, ctx)).toBe(
      '-£5.50',
    );
  });

  it('translates badges and enumerated values, falling back to the value', () => {
    expect(formatText('posted', { field: 'status', format: 'badge' }, {}, ctx)).toBe('Posted');
    expect(formatText('voided', { field: 'status' }, {}, ctx, { type: 'string', enum: ['voided'] })).toBe('voided');
  });

  it('guesses the format of a column from its schema', () => {
    expect(columnFormat({}, { type: 'string', format: 'date' })).toBe('date');
    expect(columnFormat({}, { type: 'string', format: 'date-time' })).toBe('datetime');
    expect(columnFormat({}, { type: 'integer' })).toBe('number');
    expect(columnFormat({ format: 'badge' }, { type: 'integer' })).toBe('badge');
  });
});

describe('dates', () => {
  it('formats a calendar day without shifting it by the time zone', () => {
    expect(formatDate('2024-03-01', 'en')).toBe('Mar 1, 2024');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('formats instants with date and time', () => {
    expect(formatDateTime('2024-03-01T10:15:00Z', 'en')).toMatch(/^Mar 1, 2024/);
  });
});
