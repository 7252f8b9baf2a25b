import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChallengeHandler } from '../../flow/types';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';
import { bulkParams } from './BulkActions';
import { localDay } from './days';

const spec: ScreenSpec = {
  id: 'orders',
  route: '/stores/:storeId/orders',
  layout: 'main',
  title: 'orders.title',
  kind: 'table',
  table: {
    data: { method: 'orderList', routeParams: { storeId: 'storeId' } },
    entity: { type: 'object', properties: { memo: { type: 'string' }, placedAt: { type: 'string', format: 'date-time' } } },
    rows: 'orders',
    total: 'count',
    rowKey: 'id',
    groupByDay: 'placedOn',
    columns: [{ field: 'memo' }, { field: 'status' }],
    bulkActions: [
      {
        id: 'close',
        label: 'orders.closeSelected',
        method: 'orderCloseMany',
        params: { orderIds: ':selected', storeId: ':storeId' },
        when: { field: 'status', equals: 'open' },
        confirm: 'orders.confirmClose',
        confirmYes: 'orders.yesClose',
        variant: 'danger',
      },
    ],
  },
};

const i18n = () =>
  createTestI18n({
    orders: {
      title: 'Orders',
      closeSelected: 'Close selected ({{count}})',
      confirmClose: 'Close {{count}} orders?',
      yesClose: 'Close them',
      refundSelected: 'Refund selected ({{count}})',
      refunded: 'Refunded: {{refunded}}',
      code: {
        title: 'Confirm the refund',
        label: 'Code',
        invalid: 'Six digits.',
        sent: { sms: 'Sent to {{to}}.' },
        ask: { sms: 'Type the code.' },
        use: { sms: 'By SMS' },
      },
      words: { confirm: 'Confirm', cancel: 'Cancel', resend: 'New code', resent: 'Sent again.' },
    },
  });

/** A second factor asked by the same call, the code sent back with it under a key of its own. */
const sameCallCode: ChallengeHandler = {
  detect: (answer) => (answer.status === 'code' ? { step: 'code', method: 'sms', sentTo: String(answer.to) } : null),
  confirm: (code, { answer, callAgain }) => callAgain({ requestKey: `confirm-${String(answer.challengeId)}`, confirm: { id: answer.challengeId, code } }),
  codeFields: ['confirm.code'],
  codeSchema: { type: 'string', pattern: '^[0-9]{6}$' },
  texts: {
    title: 'orders.code.title',
    codeLabel: 'orders.code.label',
    codeInvalid: 'orders.code.invalid',
    sent: 'orders.code.sent',
    ask: 'orders.code.ask',
    confirm: 'orders.words.confirm',
    cancel: 'orders.words.cancel',
    resend: 'orders.words.resend',
    resent: 'orders.words.resent',
    useMethod: 'orders.code.use',
  },
};

describe('bulk actions and day grouping', () => {
  it('fills :selected with the keys as the rows hold them', () => {
    expect(bulkParams({ ids: ':selected', storeId: ':storeId', all: false }, [4, 7], { storeId: '2' })).toEqual({ ids: [4, 7], storeId: '2', all: false });
  });

  it('reads a bare date as its own day', () => {
    expect(localDay('2026-03-01')).toBe('2026-03-01');
    expect(localDay('')).toBe('');
    expect(localDay(undefined)).toBe('');
  });

  it('acts on the selected rows after the question, enabled only while every selected row may take it', async () => {
    let orders = [
      { id: 4, memo: 'Coffee', status: 'open', placedOn: '2026-03-02' },
      { id: 7, memo: 'Tea', status: 'open', placedOn: '2026-03-02' },
      { id: 9, memo: 'Cake', status: 'closed', placedOn: '2026-03-01' },
    ];
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>) => {
      if (method === 'orderCloseMany') {
        const ids = params.orderIds as number[];
        orders = orders.map((order) => (ids.includes(order.id) ? { ...order, status: 'closed' } : order));
        return {};
      }
      return { orders, count: orders.length };
    });
    renderScreens(testOptions([spec], { callMethod }), '/stores/2/orders', i18n());
    await screen.findByText('Coffee');

    // A heading row starts each day.
    const days = screen.getAllByRole('columnheader').filter((cell) => cell.getAttribute('scope') === 'colgroup');
    expect(days.map((cell) => cell.textContent)).toEqual(['Mar 2, 2026', 'Mar 1, 2026']);

    const button = screen.getByRole('button', { name: 'Close selected (0)' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Coffee' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cake' }));
    // Cake is closed already: the action waits until only open orders are selected.
    expect((screen.getByRole('button', { name: 'Close selected (2)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cake' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Tea' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close selected (2)' }));
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Close 2 orders?')).toBeTruthy();
    expect(callMethod).not.toHaveBeenCalledWith('orderCloseMany', expect.anything());
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close them' }));
    });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('orderCloseMany', { orderIds: [4, 7], storeId: '2' }));
    await waitFor(() => expect(screen.queryAllByText('open')).toHaveLength(0));
    // Every order is closed now: no row may take the action, so the page offers no boxes and no buttons.
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Close selected/ })).toBeNull();
  });

  it('selects every row of the page from the header box', async () => {
    const callMethod = vi.fn(async () => ({
      orders: [
        { id: 1, memo: 'A', status: 'open' },
        { id: 2, memo: 'B', status: 'open' },
      ],
      count: 2,
    }));
    renderScreens(testOptions([spec], { callMethod }), '/stores/2/orders', i18n());
    await screen.findByText('A');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select B' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('Selected: 0')).toBeTruthy();
  });

  it('runs a bulk action through the answer-driven flow: a key per intent, the second factor the answer asks, its result', async () => {
    const refund: ScreenSpec = {
      ...spec,
      table: {
        ...spec.table!,
        bulkActions: [
          {
            id: 'refund',
            label: 'orders.refundSelected',
            method: 'orderRefundMany',
            params: { orderIds: ':selected' },
            idempotencyKey: 'requestKey',
            challenge: 'code',
            result: { title: 'orders.refunded' },
          },
        ],
      },
    };
    let orders = [
      { id: 4, memo: 'Coffee', status: 'open' },
      { id: 7, memo: 'Tea', status: 'open' },
    ];
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>) => {
      if (method !== 'orderRefundMany') return { orders, count: orders.length };
      if (!params.confirm) return { status: 'code', challengeId: 'c1', to: '+40 *** 12' };
      const ids = params.orderIds as number[];
      orders = orders.map((order) => (ids.includes(order.id) ? { ...order, status: 'refunded' } : order));
      return { status: 'done', refunded: ids.length };
    });
    renderScreens(testOptions([refund], { callMethod, challenges: { code: sameCallCode } }), '/stores/2/orders', i18n());
    await screen.findByText('Coffee');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Coffee' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Tea' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refund selected (2)' }));
    });
    const step = await screen.findByRole('dialog', { name: 'Confirm the refund' });
    expect(within(step).getByText('Sent to +40 *** 12.')).toBeTruthy();
    const first = callMethod.mock.calls.find(([method]) => method === 'orderRefundMany')![1];
    expect(first).toEqual({ orderIds: [4, 7], requestKey: expect.any(String) });
    expect(screen.queryAllByText('refunded')).toHaveLength(0);

    fireEvent.change(within(step).getByLabelText('Code'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(within(step).getByRole('button', { name: 'Confirm' }));
    });
    await waitFor(() =>
      expect(callMethod).toHaveBeenCalledWith('orderRefundMany', { orderIds: [4, 7], requestKey: 'confirm-c1', confirm: { id: 'c1', code: '123456' } }),
    );
    await screen.findByRole('alertdialog', { name: 'Refunded: 2' });
    await waitFor(() => expect(screen.getAllByText('refunded')).toHaveLength(2));
    expect(screen.getByText('Selected: 0')).toBeTruthy();
  });
});
