import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { MAX_BATCH_ROWS, readBatchRows } from './read-rows.ts';

const COLUMNS = [{ name: 'email', title: 'E-mail' }, { name: 'amount', title: 'Amount' }, { name: 'note' }];
const dataUrl = (content: Buffer | string, type = 'text/csv', name = 'pay.csv') =>
  `data:${type};name=${name};base64,${Buffer.from(content).toString('base64')}`;

/** The field and locale key a refusal names. */
async function refusalOf(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RpcRefusal);
  return (error as RpcRefusal).details.validationErrors?.[0];
}

describe('readBatchRows', () => {
  it('reads pasted lines in the columns’ order, skipping blank lines, with or without a header', async () => {
    const plain = await readBatchRows({ text: 'ann@example.com, 25.00, Thanks\n\nben@example.com;7' }, COLUMNS);
    expect(plain.rows).toEqual([
      { row: 1, values: { email: 'ann@example.com', amount: '25.00', note: 'Thanks' } },
      { row: 2, values: { email: 'ben@example.com;7' } },
    ]);
    expect(plain.file).toMatchObject({ name: 'pasted.txt', type: 'text/plain' });
    const headed = await readBatchRows({ text: 'Note,E-MAIL,amount\nRent,ann@example.com,10' }, COLUMNS);
    expect(headed.rows).toEqual([{ row: 1, values: { note: 'Rent', email: 'ann@example.com', amount: '10' } }]);
  });

  it('keeps a cell under no column by its position, so the row schema refuses it by name', async () => {
    const read = await readBatchRows({ text: 'a@example.com,1,note,extra' }, COLUMNS);
    expect(read.rows[0]!.values).toEqual({ email: 'a@example.com', amount: '1', note: 'note', column4: 'extra' });
  });

  it('reads a CSV file with a byte-order mark and quoted commas, and an XLSX file by its content', async () => {
    const csv = await readBatchRows({ file: dataUrl('\uFEFFE-mail,Amount,Note\n"c@example.com","1,000.00","A, B"\n') }, COLUMNS);
    expect(csv.rows).toEqual([{ row: 1, values: { email: 'c@example.com', amount: '1,000.00', note: 'A, B' } }]);
    expect(csv.file).toMatchObject({ name: 'pay.csv', type: 'text/csv' });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet 1');
    sheet.addRow(['Email', 'Amount']);
    sheet.addRow(['d@example.com', 12.5]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const read = await readBatchRows({ file: dataUrl(xlsx, 'application/octet-stream', 'pay.xlsx') }, COLUMNS);
    expect(read.rows).toEqual([{ row: 1, values: { email: 'd@example.com', amount: '12.5' } }]);
    expect(read.file.name).toBe('pay.xlsx');
  });

  it('refuses on its field a file that is neither CSV nor XLSX, one without rows, and one over the row limit', async () => {
    expect(await refusalOf(readBatchRows({ file: dataUrl(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff])) }, COLUMNS))).toEqual({
      field: 'file',
      key: 'server.batches.fileType',
    });
    expect(await refusalOf(readBatchRows({ file: dataUrl(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])) }, COLUMNS))).toEqual({
      field: 'file',
      key: 'server.batches.unreadable',
    });
    expect(await refusalOf(readBatchRows({ text: 'E-mail,Amount\n' }, COLUMNS))).toEqual({ field: 'text', key: 'server.batches.noRows' });
    const tooMany = Array.from({ length: MAX_BATCH_ROWS + 1 }, (_, index) => `p${index}@example.com,1`).join('\n');
    expect(await refusalOf(readBatchRows({ text: tooMany }, COLUMNS))).toEqual({
      field: 'text',
      key: 'server.batches.tooManyRows',
      values: { limit: MAX_BATCH_ROWS },
    });
  });
});
