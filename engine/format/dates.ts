const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats a date. A date-only value (`2024-03-01`, a birth date) is a calendar day with no time zone, so it
 * is formatted in UTC: formatting it in local time would show the previous day west of Greenwich.
 *
 * @example
 * ```ts
 * formatDate('2024-03-01', 'en'); // 'Mar 1, 2024'
 * ```
 */
export function formatDate(value: unknown, locale: string): string {
  if (typeof value !== 'string' || value === '') return value === undefined || value === null ? '' : String(value);
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    const [, year, month, day] = dateOnly;
    const utc = Date.UTC(Number(year), Number(month) - 1, Number(day));
    return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(utc);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/**
 * Formats an instant (`2024-03-01T10:15:00Z`) in the user's time zone.
 *
 * @example
 * ```ts
 * formatDateTime('2024-03-01T10:15:00Z', 'en'); // 'Mar 1, 2024, 10:15 AM' in UTC
 * ```
 */
export function formatDateTime(value: unknown, locale: string): string {
  if (typeof value !== 'string' || value === '') return value === undefined || value === null ? '' : String(value);
  if (DATE_ONLY.test(value)) return formatDate(value, locale);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * Formats the month a date falls in (`2024-03-01`, a statement's period): month name and year. A date-only
 * value is read in UTC, like {@link formatDate}.
 *
 * @example
 * ```ts
 * formatMonth('2024-03-01', 'en'); // 'March 2024'
 * ```
 */
export function formatMonth(value: unknown, locale: string): string {
  if (typeof value !== 'string' || value === '') return value === undefined || value === null ? '' : String(value);
  const dateOnly = DATE_ONLY.exec(value);
  const date = dateOnly ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat(locale, { year: 'numeric', month: 'long', ...(dateOnly ? { timeZone: 'UTC' } : {}) }).format(date);
}
