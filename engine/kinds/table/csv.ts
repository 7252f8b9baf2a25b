import Papa from 'papaparse';
import { saveBlob } from '../../files/saveFile';
import type { Row } from './rows';

/** One CSV column: the row field it reads and its header. */
export interface CsvColumn {
  field: string;
  label: string;
}

/**
 * Texts a spreadsheet would run as a formula: starting with `=`, `+`, `@`, a tab or a carriage return, or `-`
 * when the rest is not a number. They get a leading apostrophe, so a contact named `=HYPERLINK(...)` shows as
 * text; a negative amount stays a number.
 */
const FORMULA_START = /^[=+@\t\r]|^-(?!\d+(\.\d+)?$)/;

/** An object cell (a nested value the server sent) is written as its JSON, not as `[object Object]`. */
const cellText = (value: unknown): unknown => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value);

/**
 * A CSV document (RFC 4180, written by Papa Parse): a header line, then one line per row, CRLF line ends,
 * fields quoted when they hold a comma, quote or line break, formulas neutralised. Amounts stay raw decimal
 * strings, exact and readable by any spreadsheet. It starts with a byte order mark so that spreadsheet
 * programs read accented names as UTF-8.
 *
 * @example
 * ```ts
 * toCsv([{ field: 'amount', label: 'Amount' }], [{ amount: '12.50' }]); // '\uFEFFAmount\r\n12.50\r\n'
 * ```
 */
export function toCsv(columns: readonly CsvColumn[], rows: readonly Row[]): string {
  const data = [columns.map((column) => column.label), ...rows.map((row) => columns.map((column) => cellText(row[column.field])))];
  return `\uFEFF${Papa.unparse(data, { newline: '\r\n', escapeFormulae: FORMULA_START })}\r\n`;
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
