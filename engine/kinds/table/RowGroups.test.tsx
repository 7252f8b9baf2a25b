import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resultItems } from '../../flow/steps';
import type { Action, ResultStep, ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';
import { groupRows } from './RowGroups';

const result: ResultStep = {
  title: 'orders.done',
  list: {
    path: 'results',
    key: 'orderId',
    columns: [
      { field: 'outcome', format: 'badge', enumKey: 'outcome' },
      { field: 'memo', label: 'orders.memo' },
      { field: 'price', label: 'orders.price', format: 'money', currencyField: 'currencyCode' },
    ],
  },
};

const closeGroup: Action = {
  id: 'closeGroup',
  label: 'orders.closeGroup',
  method: 'orderCloseGroup',
  params: { tableId: ':tableId' },
  answerWhen: { field: 'mayClose', equals: true },
  confirm: 'orders.confirmGroup',
  result,
};

const spec: ScreenSpec = {
  id: 'orders',
  route: '/orders',
  layout: 'main',
  title: 'orders.title',
  kind: 'table',
  table: {
    data: { method: 'orderList' },
    entity: { type: 'object', properties: { memo: { type: 'string' }, price: { type: 'string' }, status: { type: 'string' } } },
    rows: 'orders',
    total: 'count',
    rowKey: 'id',
    columns: [{ field: 'memo' }, { field: 'price', format: 'money', currencyField: 'currencyCode' }, { field: 'status' }],
    filters: {
      schema: { type: 'object', properties: { waiter: { type: 'integer', title: 'Waiter' }, memo: { type: 'string', title: 'Memo' } } },
      fields: ['waiter', 'memo'],
      uiSchema: { waiter: { 'ui:widget': 'select', 'ui:options': { source: { method: 'waiterList', path: 'waiters', value: 'id', label: 'name' } } } },
      answerWhen: { waiter: { field: 'mayClose', equals: true } },
    },
    notes: [{ text: 'orders.ownOnly', when: { field: 'mayClose', equals: false } }],
    groups: {
      field: 'tableId',
      where: { field: 'status', equals: 'open' },
      title: 'orders.tables',
      label: 'orders.tableLine',
      actions: [closeGroup],
    },
    bulkActions: [
      {
        id: 'close',
        label: 'orders.closeSelected',
        method: 'orderCloseMany',
        params: { ids: ':selected' },
        when: { field: 'status', equals: 'open' },
        answerWhen: { field: 'mayClose', equals: true },
        result,
      },
    ],
  },
};

const i18n = () =>
  createTestI18n({
    orders: {
      title: 'Orders',
      memo: 'Memo',
      price: 'Price',
      ownOnly: 'You see your own orders.',
      tables: 'Tables with open orders',
      tableLine: 'Table {{tableName}}: {{count}} open',
      closeGroup: 'Close table',
      confirmGroup: 'Close the {{count}} orders of table {{tableName}}?',
      closeSelected: 'Close selected ({{count}})',
      done: 'What happened',
    },
    enums: { outcome: { closed: 'Closed', skipped: 'Skipped' } },
  });

const rows = [
  { id: 4, memo: 'Coffee', price: '3.50', currencyCode: 'EUR', status: 'open', tableId: 1, tableName: 'Window' },
  { id: 7, memo: 'Tea', price: '2.00', currencyCode: 'EUR', status: 'open' },
  { id: 9, memo: 'Cake', price: '4.25', currencyCode: 'EUR', status: 'open', tableId: 1, tableName: 'Window' },
  { id: 11, memo: 'Water', price: '1.00', currencyCode: 'EUR', status: 'closed', tableId: 2, tableName: 'Door' },
];

describe('groups of rows, and a table shaped by its list answer', () => {
  it('groups rows by a shared value, in order, leaving out rows without one or failing where', () => {
    const groups = groupRows(rows, { field: 'tableId', where: { field: 'status', equals: 'open' } });
    expect(groups.map((group) => [group.value, group.rows.map((row) => row.id), group.values.count, group.values.tableName])).toEqual([
      [1, [4, 9], 2, 'Window'],
    ]);
  });

  it('counts a row standing for several items (countField) as that many, a row without it as one', () => {
    const summary = [
      { id: 20, memo: 'Staff meals', status: 'open', tableId: 3, tableName: 'Kitchen', orders: 12 },
      { id: 21, memo: 'Bread', status: 'open', tableId: 3, tableName: 'Kitchen' },
      { id: 22, memo: 'Soup', status: 'open', tableId: 4, tableName: 'Bar', orders: 0 },
    ];
    const groups = groupRows(summary, { field: 'tableId', countField: 'orders' });
    expect(groups.map((group) => [group.value, group.values.count])).toEqual([
      [3, 13],
      [4, 0],
    ]);
    expect(groupRows(summary, { field: 'tableId' }).map((group) => group.values.count)).toEqual([2, 1]);
  });

  it("fills a result list's items in from the rows they name, the item's own values winning", () => {
    const items = resultItems(
      result.list!,
      {
        results: [
          { orderId: 4, outcome: 'closed', status: 'closed' },
          { orderId: 99, outcome: 'skipped' },
        ],
      },
      { key: 'id', rows },
    );
    expect(items).toEqual([
      { ...rows[0], orderId: 4, outcome: 'closed', status: 'closed' },
      { orderId: 99, outcome: 'skipped' },
    ]);
  });

  it('offers no boxes, group buttons or answer-bound filter while the answer says the reader may not act, and says its note', async () => {
    const callMethod = vi.fn(async (method: string) => {
      if (method === 'waiterList') return { waiters: [{ id: 3, name: 'Ana' }] };
      return { orders: rows, count: rows.length, mayClose: false };
    });
    renderScreens(testOptions([spec], { callMethod }), '/orders', i18n());
    await screen.findByText('Coffee');
    expect(await screen.findByText('You see your own orders.')).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Close/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Tables with open orders' })).toBeNull();
    const filters = await screen.findByRole('region', { name: 'Filters' });
    await within(filters).findByLabelText('Memo');
    expect(within(filters).queryByLabelText('Waiter')).toBeNull();
    expect(callMethod).not.toHaveBeenCalledWith('waiterList', expect.anything());
  });

  it('decides a whole group after the question and lists the outcome of each of its rows with their values', async () => {
    let list = rows;
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>) => {
      if (method === 'waiterList') return { waiters: [{ id: 3, name: 'Ana' }] };
      if (method === 'orderCloseGroup') {
        const closed = list.filter((row) => row.tableId === params.tableId && row.status === 'open');
        list = list.map((row) => (closed.includes(row) ? { ...row, status: 'closed' } : row));
        return { results: closed.map((row) => ({ orderId: row.id, outcome: 'closed' })) };
      }
      return { orders: list, count: list.length, mayClose: true };
    });
    renderScreens(testOptions([spec], { callMethod }), '/orders', i18n());
    await screen.findByText('Coffee');
    expect(screen.queryByText('You see your own orders.')).toBeNull();
    // The filter the answer allows is offered, with its options.
    const filters = await screen.findByRole('region', { name: 'Filters' });
    expect(await within(filters).findByRole('option', { name: 'Ana' })).toBeTruthy();
    // Open rows get boxes; the group lists table 1 (two open rows) and not table 2 (closed).
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(1);
    const groups = screen.getByRole('region', { name: 'Tables with open orders' });
    expect(
      within(groups)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-key')),
    ).toEqual(['1']);
    expect(within(groups).getByRole('listitem').textContent).toMatch(/^Table Window: 2 open/);

    await act(async () => {
      fireEvent.click(within(groups).getByRole('button', { name: 'Close table Table Window: 2 open' }));
    });
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByText('Close the 2 orders of table Window?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(question).getByRole('button', { name: 'Yes, continue' }));
    });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('orderCloseGroup', { tableId: 1 }));
    const outcome = await screen.findByRole('status', { name: 'What happened' });
    const lines = within(outcome).getAllByRole('row').slice(1);
    expect(lines.map((line) => line.getAttribute('data-key'))).toEqual(['4', '9']);
    expect(lines[0]!.textContent).toContain('Closed');
    expect(lines[0]!.textContent).toContain('Coffee');
    expect(lines[0]!.textContent).toContain('€3.50');
    expect(lines[1]!.textContent).toContain('Cake');
    // The list reloaded: no open row is left in a group.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Tables with open orders' })).toBeNull());
    // The outcomes outlive the group whose button asked for them, until closed.
    expect(screen.getByRole('status', { name: 'What happened' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'What happened' })).toBeNull());
  });

  it("lists a bulk action's outcomes with the selected rows' values", async () => {
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>) => {
      if (method === 'waiterList') return { waiters: [] };
      if (method === 'orderCloseMany') return { results: (params.ids as number[]).map((id) => ({ orderId: id, outcome: id === 7 ? 'skipped' : 'closed' })) };
      return { orders: rows, count: rows.length, mayClose: true };
    });
    renderScreens(testOptions([spec], { callMethod }), '/orders', i18n());
    await screen.findByText('Coffee');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Tea' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Coffee' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close selected (2)' }));
    });
    const outcome = await screen.findByRole('status', { name: 'What happened' });
    const lines = within(outcome).getAllByRole('row').slice(1);
    expect(lines.map((line) => [line.getAttribute('data-key'), line.textContent])).toEqual([
      ['4', expect.stringMatching(/Closed.*Coffee.*€3\.50/)],
      ['7', expect.stringMatching(/Skipped.*Tea.*€2\.00/)],
    ]);
  });
});
