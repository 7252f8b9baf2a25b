import Papa from 'papaparse';
import type { Transaction } from '../../generated/entities.ts';

/** The columns of the history export, in order: header and the field each reads. */
export const HISTORY_CSV_COLUMNS: ReadonlyArray<[header: string, field: keyof Transaction]> = [
  ['Date', 'transactionDate'],
  ['Transaction', 'transactionId'],
  ['Account', 'accountId'],
  ['Type', 'operationType'],
  ['Description', 'description'],
  ['Counterparty', 'counterparty'],
  ['Status', 'status'],
  ['Amount', 'amount'],
  ['Currency', 'currencyCode'],
];

/**
 * Texts a spreadsheet would run as a formula: starting with `=`, `+`, `@`, a tab or a carriage return, or `-`
 * when the rest is not a number. They get a leading apostrophe; a negative amount stays a number.
 */
const FORMULA_START = /^[=+@\t\r]|^-(?!\d+(\.\d+)?$)/;

/** Lines of the export (RFC 4180, written by Papa Parse), each CRLF-terminated, so batches can be streamed. */
const csvLines = (rows: unknown[][]): string => `${Papa.unparse(rows, { newline: '\r\n', escapeFormulae: FORMULA_START })}\r\n`;

/** The header line of the history export, CRLF-terminated. */
export const historyCsvHeader = (): string => csvLines([HISTORY_CSV_COLUMNS.map(([header]) => header)]);

/**
 * Transactions as CSV lines, CRLF-terminated; amounts stay decimal strings, never floats.
 *
 * @example
 * historyCsvLines([transaction]); // '2026-01-05T10:00:00Z,17,3,p2p,"Rent, May",Ann,posted,-1200.00,USD\r\n'
 */
export const historyCsvLines = (rows: readonly Transaction[]): string =>
  rows.length === 0 ? '' : csvLines(rows.map((row) => HISTORY_CSV_COLUMNS.map(([, field]) => row[field])));
