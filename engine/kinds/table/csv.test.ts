import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import { pageParams, tableParamNames } from './params';

describe('csv', () => {
  const cell = (value: unknown) => toCsv([{ field: 'v', label: 'V' }], [{ v: value }]).slice('\uFEFFV\r\n'.length, -2);

  it('quotes what needs quoting and doubles quotes', () => {
    expect(cell('plain')).toBe('plain');
    expect(cell('Smith, J.')).toBe('"Smith, J."');
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('two\nlines')).toBe('"two\nlines"');
    expect(cell(undefined)).toBe('');
    expect(cell({ city: 'Oslo' })).toBe('"{""city"":""Oslo""}"');
  });

  it('keeps amounts exact and neutralises formulas', () => {
    expect(cell('-12.50')).toBe('-12.50');
    expect(cell('99999999999999999.99')).toBe('99999999999999999.99');
    expect(cell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(cell('-cmd')).toBe('"\'-cmd"');
    expect(cell('+1')).toBe('"\'+1"');
  });

  it('writes a header and one CRLF line per row, after a byte order mark', () => {
    const csv = toCsv(
      [
        { field: 'memo', label: 'Memo' },
        { field: 'amount', label: 'Amount' },
      ],
      [{ memo: 'Rent', amount: '-1200.00' }, { amount: '5' }],
    );
    expect(csv).toBe('\uFEFFMemo,Amount\r\nRent,-1200.00\r\n,5\r\n');
  });
});

describe('table params', () => {
  it('fills the meta-schema defaults', () => {
    expect(tableParamNames({})).toEqual({
      pageParam: 'pageNumber',
      sizeParam: 'pageSize',
      firstPage: 1,
      byParam: 'sortBy',
      directionParam: 'sortDirection',
    });
  });

  it('counts pages from firstPage and leaves out empty filters', () => {
    const names = tableParamNames({ paging: { firstPage: 0 } });
    expect(
      pageParams(names, { pageIndex: 2, pageSize: 50, sort: { field: 'date', desc: false }, filters: { q: '', status: 'posted', from: undefined } }),
    ).toEqual({ status: 'posted', pageNumber: 2, pageSize: 50, sortBy: 'date', sortDirection: 'asc' });
  });

  it('sends no page size to a server that pages at its own size', () => {
    const names = tableParamNames({ paging: { sizeParam: false } });
    expect(pageParams(names, { pageIndex: 0, pageSize: 50, filters: {} })).toEqual({ pageNumber: 1 });
  });
});
