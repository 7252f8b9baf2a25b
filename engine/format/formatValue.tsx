import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { getPath } from '../data/paths';
import { enumLabel, fieldLabel, useIntlLocale } from '../i18n/labels';
import type { BadgeTone, Column, JsonSchema, ValueFormat } from '../spec/types';
import { CopyButton } from '../ui/CopyButton';
import { QrCode } from '../ui/QrCode';
import { formatDate, formatDateTime, formatMonth } from './dates';
import { formatMoney, formatNumber } from './numbers';

/** What formatting needs besides the value: the `Intl` locale and the translation function. */
export interface FormatContext {
  locale: string;
  t: TFunction;
}

/**
 * The format of a column: the spec's `format`, else one guessed from the entity schema, so that a date
 * column an analyst adds without `format` still reads as a date.
 *
 * @example
 * ```ts
 * columnFormat({ field: 'createdAt' }, { type: 'string', format: 'date-time' }); // 'datetime'
 * ```
 */
export function columnFormat(column: Pick<Column, 'format' | 'enumKey'>, property?: JsonSchema): ValueFormat {
  if (column.format) return column.format;
  // A column that names its values (`enumKey`) shows their words, even where the values are numbers (size 2: "Large").
  if (column.enumKey) return 'text';
  if (property?.format === 'date') return 'date';
  if (property?.format === 'date-time') return 'datetime';
  if (property?.type === 'number' || property?.type === 'integer') return 'number';
  return 'text';
}

/** A yes or no: `enums.<field>.true` / `.false` when the product words it ("On"), else Yes or No. */
const booleanLabel = (t: FormatContext['t'], field: string, value: boolean) =>
  t(`enums.${field}.${String(value)}`, { defaultValue: t(value ? 'engine.value.yes' : 'engine.value.no') });

/**
 * A cell value as text: money with the row's currency, dates and numbers through Intl, badges and
 * enumerated values through `enums.<field>.<value>` (or `enums.<enumKey>.<value>`), booleans through
 * `enums.<field>.true` or Yes and No. A column's `template` words a present value, its `emptyText` a
 * missing one; both interpolate the row.
 *
 * @example
 * ```ts
 * formatText('12.5', { field: 'amount', format: 'money', currencyField: 'currencyCode' }, { currencyCode: 'EUR' }, ctx);
 * // '€12.50'
 * ```
 */
export function formatText(
  value: unknown,
  column: Pick<Column, 'field' | 'format' | 'currencyField' | 'enumKey' | 'emptyText' | 'template' | 'totalField'>,
  row: Record<string, unknown>,
  ctx: FormatContext,
  property?: JsonSchema,
): string {
  if (isEmpty(value)) return column.emptyText ? ctx.t(column.emptyText, row) : '';
  const text = formatPresent(value, column, row, ctx, property);
  return column.template ? ctx.t(column.template, { ...row, value: text }) : text;
}

/** A country code named in `locale` ("GB" in es: "Reino Unido"), English where it has no name, else the code. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * True for an address an image may be loaded from: a path on this site (`/files/7`) or an http(s) URL;
 * never `javascript:`, `data:` or a protocol-relative `//host` address.
 *
 * @example
 * ```ts
 * isImageAddress('/api/pictures/3'); // true
 * isImageAddress('javascript:alert(1)'); // false
 * ```
 */
export function isImageAddress(value: string): boolean {
  return (/^\/(?![/\\])/.test(value) || /^https?:\/\//i.test(value)) && !/\s/.test(value);
}

/**
 * A length in milliseconds as a clock reads it: minutes and seconds, hours in front past an hour; the same
 * in every language. A value that is not a number is shown as it is.
 *
 * @example
 * ```ts
 * formatDuration(65_400); // '1:05'
 * formatDuration(3_723_000); // '1:02:03'
 * ```
 */
export function formatDuration(value: unknown): string {
  const ms = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(ms) || ms < 0) return String(value);
  const seconds = Math.floor(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds % 60)}` : `${minutes}:${two(seconds % 60)}`;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

function formatPresent(
  value: unknown,
  column: Pick<Column, 'field' | 'format' | 'currencyField' | 'enumKey' | 'totalField'>,
  row: Record<string, unknown>,
  ctx: FormatContext,
  property?: JsonSchema,
): string {
  switch (columnFormat(column, property)) {
    case 'money': {
      const currency = column.currencyField ? row[column.currencyField] : undefined;
      return formatMoney(value, typeof currency === 'string' ? currency : undefined, ctx.locale);
    }
    case 'number':
      return formatNumber(value, ctx.locale);
    case 'date':
      return formatDate(value, ctx.locale);
    case 'datetime':
      return formatDateTime(value, ctx.locale);
    case 'month':
      return formatMonth(value, ctx.locale);
    case 'duration':
      return formatDuration(value);
    case 'link':
      return String(value);
    case 'country':
      return countryName(String(value), ctx.locale);
    case 'badge':
      if (typeof value === 'boolean') return booleanLabel(ctx.t, column.enumKey ?? column.field, value);
      return enumLabel(ctx.t, column.enumKey ?? column.field, value);
    case 'verbatim':
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'image':
      return String(value);
    case 'progress': {
      const total = column.totalField ? row[column.totalField] : undefined;
      return ctx.t('engine.value.progress', { done: formatNumber(value, ctx.locale), total: formatNumber(total ?? 0, ctx.locale) });
    }
    case 'text':
      if (property?.enum || column.enumKey) return enumLabel(ctx.t, column.enumKey ?? column.field, value);
      if (typeof value === 'boolean') return booleanLabel(ctx.t, column.enumKey ?? column.field, value);
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
  }
}

/**
 * The tone a column's `tones` give a value (`{ good: [2], bad: [4, 18] }`), or undefined (neutral).
 *
 * @example
 * ```ts
 * badgeTone({ good: ['active'] }, 'active'); // 'good'
 * ```
 */
export function badgeTone(tones: Column['tones'], value: unknown): BadgeTone | undefined {
  if (!tones) return undefined;
  return (Object.keys(tones) as BadgeTone[]).find((tone) => tones[tone]?.includes(value));
}

/**
 * Renders a formatted value, or the column's `emptyText` where there is none; badges get a pill whose
 * colour comes from `data-value` and `data-tone` (the column's `tones`), and amounts are kept on one line
 * and aligned by the stylesheet. A column with `copy` adds a copy button (the value carries
 * `data-field`), one with `qr` draws the value as a QR code under it.
 *
 * @example
 * ```tsx
 * <FormattedValue row={row} column={{ field: 'status', format: 'badge', tones: { good: ['active'] } }} />
 * <FormattedValue row={row} column={{ field: 'iban', copy: true }} />
 * ```
 */
export function FormattedValue({
  row,
  column,
  property,
}: {
  row: Record<string, unknown>;
  column: Pick<Column, 'field' | 'format' | 'currencyField' | 'enumKey' | 'emptyText' | 'template' | 'copy' | 'qr' | 'tones' | 'label' | 'totalField'>;
  property?: JsonSchema;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  // A dot path reads inside the row (`owner.name`), as `when` and `template` do.
  const value = getPath(row, column.field);
  const format = columnFormat(column, property);
  // A list of plain values (lines of a text) is drawn as a list, each line formatted as the column says.
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item !== 'object' || item === null) && format === 'text') {
    return (
      <ul className="eng-value-list" data-field={column.field}>
        {value.map((item, index) => (
          <li key={index}>{formatText(item, column, row, { locale, t }, undefined)}</li>
        ))}
      </ul>
    );
  }
  const text = formatText(value, column, row, { locale, t }, property);
  if (isEmpty(value)) return text === '' ? null : <>{text}</>;
  if (format === 'badge' && text !== '') {
    return (
      <span className="eng-badge" data-value={String(value)} data-tone={badgeTone(column.tones, value)}>
        {text}
      </span>
    );
  }
  if (format === 'image') {
    // Only an address on this site or on the web is loaded; `template` words it for screen readers.
    const src = String(value);
    if (!isImageAddress(src)) return null;
    return <img className="eng-image" data-field={column.field} src={src} alt={column.template ? text : ''} loading="lazy" decoding="async" />;
  }
  // Only web addresses become links: a value such as `javascript:…` stays text.
  const link = format === 'link' && typeof value === 'string' && /^https?:\/\//i.test(value);
  if (column.copy || column.qr) {
    return (
      <span className="eng-copy">
        <span className="eng-copy__value" data-field={column.field}>
          {link ? (
            <a className="eng-link" href={value}>
              {text}
            </a>
          ) : (
            text
          )}
        </span>
        {column.copy && <CopyButton text={text} label={fieldLabel(t, column.field, property, column.label)} />}
        {column.qr && <QrCode text={String(value)} label={t(column.qr, row)} />}
      </span>
    );
  }
  if (format === 'money' || format === 'number') return <span className="eng-number">{text}</span>;
  if (format === 'progress') {
    // A bar with the part done of the whole ("350 of 1,000"), read by screen readers as a progress bar.
    const total = Number(column.totalField ? row[column.totalField] : 0);
    const done = Number(value);
    return (
      <span className="eng-progress" data-field={column.field}>
        <progress max={total > 0 ? total : 1} value={total > 0 ? Math.min(done, total) : 0} aria-label={fieldLabel(t, column.field, property, column.label)} />
        <span className="eng-number">{text}</span>
      </span>
    );
  }
  // Machine text: never translated, by a browser's translator or anyone reading the page's words.
  if (format === 'verbatim') return <span translate="no">{text}</span>;
  if (link) {
    return (
      <a className="eng-link" href={value}>
        {text}
      </a>
    );
  }
  return <>{text}</>;
}
