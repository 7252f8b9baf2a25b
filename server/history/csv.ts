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
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * text starting with = + - @ (which a spreadsheet would run as a formula) gets a leading apostrophe;
 * amounts are written as they are, since a negative number is not a formula.
 *
 * @example
 * csvField('Say "hi", then go'); // '"Say ""hi"", then go"'
 */
export function csvField(value: unknown, { numeric = false } = {}): string {
  if (value === undefined || value === null) return '';
  let text = String(value);
  if (!numeric && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header line of the history export, CRLF-terminated. */
export const historyCsvHeader = (): string => `${HISTORY_CSV_COLUMNS.map(([header]) => csvField(header)).join(',')}\r\n`;

/** One transaction as a CSV line, CRLF-terminated; amounts stay decimal strings, never floats. */
export function historyCsvLine(row: Transaction): string {
  return `${HISTORY_CSV_COLUMNS.map(([, field]) => csvField(row[field], { numeric: field === 'amount' || field === 'transactionId' || field === 'accountId' })).join(',')}\r\n`;
}
