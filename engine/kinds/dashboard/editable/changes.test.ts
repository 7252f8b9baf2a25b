import { describe, expect, it } from 'vitest';
import { changeCount, changeRequest, NO_CHANGES, placeRowErrors, shownRows, type PendingChanges } from './changes';

const rows = [
  { id: 1, name: 'Ann', amount: '10.00' },
  { id: 2, name: 'Bo', amount: '20.00' },
  { id: 3, name: 'Cy', amount: '30.00', deleted: true },
];
const isRemoved = (row: Record<string, unknown>) => row.deleted === true;
const changes: PendingChanges = {
  added: [{ key: 'new:1', row: { name: 'Di', amount: '5.00', note: 'not sent' } }],
  updated: { '1': { id: 1, name: 'Ann', amount: '12.00' } },
  removed: ['2'],
  restored: ['3'],
};
const save = { key: 'id', fields: ['name', 'amount'], changes: { add: 'adds', update: 'updates', remove: 'deletes', restore: 'restores' } };

describe('editable rows', () => {
  it('draws every row with its pending change, the added ones last', () => {
    expect(shownRows(rows, 'id', changes, isRemoved).map(({ key, row, state }) => [key, row.amount, state])).toEqual([
      ['1', '12.00', 'updated'],
      ['2', '20.00', 'removed'],
      ['3', '30.00', 'restored'],
      ['new:1', '5.00', 'added'],
    ]);
    expect(shownRows(rows, 'id', NO_CHANGES, isRemoved).map((row) => row.state)).toEqual(['kept', 'kept', 'removed']);
    expect(changeCount(changes)).toBe(4);
    expect(changeCount(NO_CHANGES)).toBe(0);
  });

  it('sends every change in one request, keys as the server wrote them, only the editor fields', () => {
    const { request, rowsOf } = changeRequest(changes, save, rows);
    expect(request).toEqual({
      adds: [{ name: 'Di', amount: '5.00' }],
      updates: [{ id: 1, name: 'Ann', amount: '12.00' }],
      deletes: [2],
      restores: [3],
    });
    expect(rowsOf).toEqual({ adds: ['new:1'], updates: ['1'], deletes: ['2'], restores: ['3'] });
  });

  it('does not send an edit of a row removed afterwards, nor a list the spec does not name', () => {
    const { request } = changeRequest(
      { ...NO_CHANGES, updated: { '2': rows[1]! }, removed: ['2'] },
      { ...save, changes: { update: 'updates', remove: 'deletes' } },
      rows,
    );
    expect(request).toEqual({ updates: [], deletes: [2] });
  });

  it("places the server's refusals on the row and field each entry stood for", () => {
    const { rowsOf } = changeRequest(changes, save, rows);
    expect(
      placeRowErrors(
        { 'updates.0.amount': 'Too much', 'adds.0.name': 'Missing', 'restores.0': 'Paid already', listId: 'Unknown', 'updates.5.amount': 'Lost' },
        rowsOf,
      ),
    ).toEqual({
      rows: { '1': { amount: 'Too much' }, 'new:1': { name: 'Missing' }, '3': { '': 'Paid already' } },
      other: ['Unknown', 'Lost'],
    });
  });

  it('places a refusal that names the row by its key', () => {
    const { rowsOf } = changeRequest(changes, save, rows);
    expect(placeRowErrors({ 'payments.1.amount': 'Too much', 'payments.9.amount': 'Not sent' }, rowsOf, 'payments')).toEqual({
      rows: { '1': { amount: 'Too much' } },
      other: ['Not sent'],
    });
  });
});
