import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../testing/harness';
import { formatDate, formatDateTime, formatMonth } from './dates';
import { columnFormat, formatDuration, formatText } from './formatValue';

const i18n = createTestI18n({
  enums: { status: { posted: 'Posted' }, agreement: { terms: 'Terms of Service' }, boarding: { true: 'On board', false: 'Ashore' } },
});
const ctx = { locale: 'en', t: i18n.t };

describe('formatText', () => {
  it('shows a duration in milliseconds as minutes and seconds, hours in front past an hour', () => {
    expect(formatText(65_400, { field: 'length', format: 'duration' }, {}, ctx)).toBe('1:05');
    expect(formatText(0, { field: 'length', format: 'duration' }, {}, ctx)).toBe('0:00');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration('soon')).toBe('soon');
  });

  it('formats money with the currency of its row', () => {
    expect(formatText('-5.5', { field: 'amount', format: 'money', currencyField: 'currencyCode' }, { currencyCode: 'GBP' }, ctx)).toBe('-£5.50');
  });

  it('translates badges and enumerated values, falling back to the value', () => {
    expect(formatText('posted', { field: 'status', format: 'badge' }, {}, ctx)).toBe('Posted');
    expect(formatText(false, { field: 'aboard', format: 'badge', enumKey: 'boarding' }, {}, ctx)).toBe('Ashore');
    expect(formatText('voided', { field: 'status' }, {}, ctx, { type: 'string', enum: ['voided'] })).toBe('voided');
  });

  it('words values the schema does not list through enumKey, else shows them as they are', () => {
    expect(formatText('terms', { field: 'id', enumKey: 'agreement' }, {}, ctx, { type: 'string' })).toBe('Terms of Service');
    expect(formatText('privacy', { field: 'id', enumKey: 'agreement' }, {}, ctx, { type: 'string' })).toBe('privacy');
    expect(formatText('terms', { field: 'id' }, {}, ctx, { type: 'string' })).toBe('terms');
  });

  it('shows verbatim values exactly as they are, objects as JSON, never worded from enums', () => {
    expect(formatText('posted', { field: 'status', format: 'verbatim' }, {}, ctx)).toBe('posted');
    expect(formatText({ sku: 'A-1', qty: 2 }, { field: 'body', format: 'verbatim' }, {}, ctx)).toBe('{"sku":"A-1","qty":2}');
  });

  it('words a present value with the template and a missing one with emptyText, both reading the row', () => {
    const column = { field: 'max', template: 'runs.of', emptyText: 'runs.open' };
    const t = createTestI18n({ runs: { of: '{{done}} of {{value}} made', open: '{{done}} made' } }).t;
    expect(formatText(4, column, { done: 1, max: 4 }, { locale: 'en', t })).toBe('1 of 4 made');
    expect(formatText(undefined, column, { done: 2 }, { locale: 'en', t })).toBe('2 made');
  });

  it('guesses the format of a column from its schema', () => {
    expect(columnFormat({}, { type: 'string', format: 'date' })).toBe('date');
    expect(columnFormat({}, { type: 'string', format: 'date-time' })).toBe('datetime');
    expect(columnFormat({}, { type: 'integer' })).toBe('number');
    expect(columnFormat({ format: 'badge' }, { type: 'integer' })).toBe('badge');
    expect(columnFormat({ enumKey: 'memberKind' }, { type: 'integer' })).toBe('text');
  });
});

describe('dates', () => {
  it('formats a calendar day without shifting it by the time zone', () => {
    expect(formatDate('2024-03-01', 'en')).toBe('Mar 1, 2024');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('names the month a date falls in, with its year', () => {
    expect(formatMonth('2024-03-01', 'en')).toBe('March 2024');
    expect(formatText('2024-12-01', { field: 'from', format: 'month' }, {}, ctx)).toBe('December 2024');
  });

  it("names a country in the reader's language, and leaves a code Intl does not know as it is", () => {
    expect(formatText('GB', { field: 'countryCode', format: 'country' }, {}, ctx)).toBe('United Kingdom');
    expect(formatText('GB', { field: 'countryCode', format: 'country' }, {}, { ...ctx, locale: 'es-ES' })).toBe('Reino Unido');
    expect(formatText('not a code', { field: 'countryCode', format: 'country' }, {}, ctx)).toBe('not a code');
  });

  it('formats instants with date and time', () => {
    expect(formatDateTime('2024-03-01T10:15:00Z', 'en')).toMatch(/^Mar 1, 2024/);
  });
});
