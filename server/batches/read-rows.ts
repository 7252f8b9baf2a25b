import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { decodeDataUrl } from '../documents/uploads.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** The most rows one batch may carry. */
export const MAX_BATCH_ROWS = 10_000;

/** A batch's columns as its row schema declares them: each property's name and title, in order. */
export interface BatchColumn {
  name: string;
  title?: string;
}

/** One row as read, by column name, with its line (or sheet row) number counted from 1 after any header. */
export interface ReadRow {
  row: number;
  values: Record<string, string>;
}

/** What a batch upload brought: its rows, and the file as it came, to keep with the batch. */
export interface ReadBatch {
  rows: ReadRow[];
  file: { name: string; type: 'text/csv' | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' | 'text/plain'; content: Buffer };
}

const refuse = (field: string, key: string, values?: Record<string, string | number>): never => {
  throw new RpcRefusal('TA1', { validationErrors: [{ field, key, ...(values ? { values } : {}) }] });
};

/** A header or column name compared loosely: 'E-mail', 'email' and 'EMAIL ' are one column. */
const loose = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Which column each header names (by property name or title, loosely), or null when the first line is
 * data rather than a header: a header's every filled cell names a column.
 */
function headerColumns(cells: readonly string[], columns: readonly BatchColumn[]): (string | undefined)[] | null {
  const byName = new Map<string, string>();
  for (const column of columns) {
    byName.set(loose(column.name), column.name);
    if (column.title) byName.set(loose(column.title), column.name);
  }
  const named = cells.map((cell) => byName.get(loose(cell)));
  const filled = cells.filter((cell) => cell.trim() !== '').length;
  return filled > 0 && named.filter(Boolean).length === filled ? named : null;
}

/** Rows from a table of cells: the first line is a header when it names columns, else columns go in order. */
function rowsOf(table: readonly (readonly string[])[], columns: readonly BatchColumn[], field: string): ReadRow[] {
  const lines = table.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  if (lines.length === 0) refuse(field, 'server.batches.noRows');
  const header = headerColumns(lines[0]!, columns);
  const order = header ?? columns.map((column) => column.name);
  const data = header ? lines.slice(1) : lines;
  if (data.length === 0) refuse(field, 'server.batches.noRows');
  if (data.length > MAX_BATCH_ROWS) refuse(field, 'server.batches.tooManyRows', { limit: MAX_BATCH_ROWS });
  return data.map((cells, index) => {
    const values: Record<string, string> = {};
    cells.forEach((cell, position) => {
      const name = order[position];
      const text = cell.trim();
      if (name && text !== '') values[name] = text;
      // A cell under no column: kept under its position, so the row schema refuses it by name.
      else if (!name && text !== '') values[`column${position + 1}`] = text;
    });
    return { row: index + 1, values };
  });
}

/** The text of a spreadsheet cell as a person reads it: numbers in plain digits, dates as YYYY-MM-DD. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

/** The cells of the first worksheet of an XLSX file, line by line. */
async function xlsxTable(content: Buffer, field: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    refuse(field, 'server.batches.unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return refuse(field, 'server.batches.noRows');
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    // exceljs counts cells from 1: values[0] is always empty.
    table.push(values.slice(1).map(cellText));
  });
  return table;
}

/** The cells of CSV text (comma, semicolon or tab, found by papaparse), line by line. */
function csvTable(text: string, field: string): string[][] {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  if (parsed.errors.some((error) => error.type === 'Quotes')) refuse(field, 'server.batches.unreadable');
  return parsed.data;
}

const isZip = (bytes: Buffer) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Reads a batch's rows from an uploaded file (CSV, or XLSX by its content) or from pasted text (one payment
 * per line, columns in the row schema's order, or under a header line naming them). Refuses, on the field
 * it came in, a file that is neither, one without rows, and one over {@link MAX_BATCH_ROWS} rows.
 *
 * @example
 * const batch = await readBatchRows({ text: 'ann@example.com, 25.00, Thanks' }, [{ name: 'email' }, { name: 'amount' }, { name: 'note' }]);
 * // batch.rows: [{ row: 1, values: { email: 'ann@example.com', amount: '25.00', note: 'Thanks' } }]
 */
export async function readBatchRows(source: { file: string } | { text: string }, columns: readonly BatchColumn[]): Promise<ReadBatch> {
  if ('text' in source) {
    const content = Buffer.from(source.text, 'utf8');
    return { rows: rowsOf(csvTable(source.text, 'text'), columns, 'text'), file: { name: 'pasted.txt', type: 'text/plain', content } };
  }
  const { fileName, content } = decodeDataUrl(source.file, 'file');
  if (isZip(content)) {
    const table = await xlsxTable(content, 'file');
    return {
      rows: rowsOf(table, columns, 'file'),
      file: { name: fileName || 'batch.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content },
    };
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(content).replace(/^\uFEFF/, '');
  // A file of text has no NUL byte and decodes without replacement characters; anything else is not CSV.
  if (text.includes('\u0000') || text.includes('\uFFFD')) refuse('file', 'server.batches.fileType');
  return { rows: rowsOf(csvTable(text, 'file'), columns, 'file'), file: { name: fileName || 'batch.csv', type: 'text/csv', content } };
}
