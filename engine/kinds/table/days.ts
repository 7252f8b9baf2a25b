import type { TFunction } from 'i18next';
import { formatDate } from '../../format/dates';

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * The day a date or date-time falls on where the reader is, as `YYYY-MM-DD`, or `''` for no date: rows
 * of one day share it.
 *
 * @example
 * ```ts
 * localDay('2026-03-01'); // '2026-03-01'
 * ```
 */
export function localDay(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  // A bare date is a day already; reading it as a time would move it to the day before west of UTC.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dayOf(date);
}

/**
 * The heading of a day's rows: "Today" and "Yesterday" (`engine.table.today`, `engine.table.yesterday`)
 * where they are, else the day in the reader's language. `now` is the reader's clock.
 *
 * @example
 * ```ts
 * dayHeading('2026-03-01', new Date(2026, 2, 1, 9), 'en', t); // 'Today'
 * dayHeading('2026-02-20', new Date(2026, 2, 1, 9), 'en', t); // 'Feb 20, 2026'
 * ```
 */
export function dayHeading(day: string, now: Date, locale: string, t: TFunction): string {
  if (day === dayOf(now)) return t('engine.table.today');
  // Noon keeps a day's arithmetic clear of a daylight-saving change at midnight.
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
  if (day === dayOf(yesterday)) return t('engine.table.yesterday');
  return formatDate(day, locale);
}

/**
 * Rows cut into days by a date field, in their order (they come sorted by it); rows without a date
 * join the day before them, or start a day of their own (`''`) when first.
 *
 * @example
 * ```ts
 * rowsByDay([{ at: '2026-03-01T09:00' }, { at: '2026-03-01T08:00' }, { at: '2026-02-28T20:00' }], 'at');
 * // [{ day: '2026-03-01', rows: [first two] }, { day: '2026-02-28', rows: [last] }]
 * ```
 */
export function rowsByDay<R extends Record<string, unknown>>(rows: readonly R[], field: string): { day: string; rows: R[] }[] {
  const days: { day: string; rows: R[] }[] = [];
  for (const row of rows) {
    const day = localDay(row[field]);
    const last = days.at(-1);
    if (last && (day === '' || day === last.day)) last.rows.push(row);
    else days.push({ day, rows: [row] });
  }
  return days;
}

/**
 * The time of day of a date-time in the reader's language and time zone ("09:41", "9:41 AM"): under a
 * day's heading the day need not be said again. A value that is not a date-time is returned as text.
 *
 * @example
 * ```ts
 * timeOfDay('2026-03-01T09:41:00', 'ru'); // '09:41'
 * ```
 */
export function timeOfDay(value: unknown, locale: string): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) || /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date);
}
