import { saveBlob } from '../../files/saveFile';
import type { Row } from './rows';

/** One CSV column: the row field it reads and its header. */
export interface CsvColumn {
  field: string;
  label: string;
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A text that
 * starts like a formula (`=`, `+`, `@`, or `-` not followed by a number) gets a leading apostrophe, so a
 * spreadsheet shows a contact named `=HYPERLINK(...)` as text instead of running it. Amounts stay raw decimal
 * strings, exact and readable by any spreadsheet.
 *
 * @example
 * ```ts
 * csvCell('Smith, J.'); // '"Smith, J."'
 * csvCell('-12.50');    // '-12.50'
 * ```
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+@\t\r]/.test(text) || (/^-/.test(text) && !/^-\d+(\.\d+)?$/.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document: a header line, then one line per row, CRLF line ends. It starts with a byte order mark
 * so that spreadsheet programs read accented names as UTF-8.
 *
 * @example
 * ```ts
 * toCsv([{ field: 'amount', label: 'Amount' }], [{ amount: '12.50' }]); // '\uFEFFAmount\r\n12.50\r\n'
 * ```
 */
export function toCsv(columns: readonly CsvColumn[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.label)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column.field])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * Offers a text as a file download.
 *
 * @example
 * ```ts
 * saveTextFile('orders.csv', csv, 'text/csv');
 * ```
 */
export function saveTextFile(fileName: string, text: string, type: string): void {
  saveBlob(fileName, new Blob([text], { type: `${type};charset=utf-8` }));
}
