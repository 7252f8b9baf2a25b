import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

type Params = Record<string, unknown>;

const today = new Date();
const at = (daysAgo: number, hour: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo, hour).toISOString();

const PAYMENTS = [
  { paymentId: 1, paidAt: at(0, 9), payee: 'Ben Shop', memo: 'Coffee', amount: '-4.50', currencyCode: 'USD', direction: 'out', state: 'done' },
  { paymentId: 2, paidAt: at(0, 8), memo: 'Salary', amount: '1200.00', currencyCode: 'USD', direction: 'in', state: 'done' },
  { paymentId: 3, paidAt: at(1, 20), payee: 'Rail', memo: 'Ticket', amount: '-30.00', currencyCode: 'USD', direction: 'out', state: 'cancelled' },
  { paymentId: 4, paidAt: at(9, 12), payee: 'Ann', amount: '-15.00', currencyCode: 'USD', direction: 'out', state: 'held' },
];

const spec: ScreenSpec = {
  id: 'payments',
  route: '/payments',
  layout: 'main',
  title: 'payments.title',
  kind: 'table',
  table: {
    data: { method: 'paymentList' },
    entity: { type: 'object', properties: {} },
    rows: 'payments',
    total: 'count',
    rowKey: 'paymentId',
    rowLink: '/payments/:paymentId',
    quickFilters: [
      { field: 'period', options: ['all', 'thisMonth', 'custom'], any: 'all', unfold: 'custom', label: 'payments.period', labels: 'payments.periods' },
      { field: 'direction', options: ['all', 'in', 'out'], any: 'all', label: 'payments.direction', labels: 'payments.directions' },
    ],
    filters: {
      schema: {
        type: 'object',
        properties: { text: { type: 'string', title: 'Search', maxLength: 20 }, minAmount: { type: 'string', title: 'Smallest amount' } },
      },
      fields: ['text', 'minAmount'],
      search: 'text',
      folded: true,
    },
    groupByDay: 'paidAt',
    list: { title: 'payee', text: 'memo', meta: 'paidAt', value: 'amount', badges: ['state'] },
    columns: [
      { field: 'paidAt', format: 'datetime' },
      { field: 'payee' },
      { field: 'memo' },
      {
        field: 'state',
        format: 'badge',
        tones: { good: ['done'], waiting: ['held'], ended: ['cancelled'] },
        when: { field: 'state', notIn: ['done'] },
      },
      { field: 'amount', format: 'money', currencyField: 'currencyCode', sign: { field: 'direction', plus: ['in'], minus: ['out'] } },
    ],
  },
};

const i18n = () =>
  createTestI18n({
    payments: {
      title: 'Payments',
      period: 'Period',
      periods: { all: 'All time', thisMonth: 'This month', custom: 'Custom' },
      direction: 'Direction',
      directions: { all: 'In and out', in: 'Money in', out: 'Money out' },
    },
    enums: { state: { done: 'Done', held: 'Held', cancelled: 'Cancelled' } },
  });

function serve() {
  return vi.fn(async (_method: string, params: Params) => {
    const payments = PAYMENTS.filter(
      (row) =>
        (params.direction === undefined || row.direction === params.direction) &&
        (params.text === undefined || `${row.payee ?? ''} ${row.memo ?? ''}`.toLowerCase().includes(String(params.text).toLowerCase())),
    );
    return { payments, count: payments.length };
  });
}

describe('a table drawn as a feed', () => {
  it('draws lines under day headings, signed by direction, with a chip only for what did not simply complete', async () => {
    renderScreens(testOptions([spec], { callMethod: serve() }), '/payments', i18n());
    const feed = await screen.findByRole('group', { name: 'Payments' }, { timeout: 10_000 });
    await within(feed).findByText('Ben Shop', {}, { timeout: 10_000 });
    expect(
      within(feed)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Today', 'Yesterday', expect.stringMatching(/\d{4}/)]);
    const coffee = within(feed).getByRole('link', { name: /Ben Shop/ });
    expect(coffee.getAttribute('href')).toBe('/payments/1');
    expect(coffee.textContent).toContain('−$4.50');
    // A line without a payee is named by its memo; money in is signed plus and marked for the success colour.
    const salary = within(feed).getByRole('link', { name: /Salary/ });
    expect(salary.querySelector('[data-sign="plus"]')?.textContent).toBe('+$1,200.00');
    expect(within(coffee).queryByText('Done')).toBeNull();
    expect(
      within(within(feed).getByRole('link', { name: /Rail/ }))
        .getByText('Cancelled')
        .getAttribute('data-tone'),
    ).toBe('ended');
    expect(
      within(within(feed).getByRole('link', { name: /Ann/ }))
        .getByText('Held')
        .getAttribute('data-tone'),
    ).toBe('waiting');
    // Search first, then the quick filters, then the folded rest: the order a keyboard meets them in.
    await screen.findByRole('search', {}, { timeout: 10_000 });
    const order = [...document.querySelectorAll('.eng-search, .eng-quick-filter-rows, details')].map((element) => element.className);
    expect(order).toEqual(['eng-search', 'eng-quick-filter-rows', 'eng-filters eng-filters--folded']);
  });

  it('sends the quick filters, leaving "all" out, and opens the folded filters for a period of one own', async () => {
    const callMethod = serve();
    const { router } = renderScreens(testOptions([spec], { callMethod }), '/payments', i18n());
    await screen.findByText('Ben Shop', {}, { timeout: 10_000 });
    expect(callMethod).toHaveBeenLastCalledWith('paymentList', { pageNumber: 1, pageSize: 20 });
    const direction = screen.getByRole('group', { name: 'Direction' });
    await act(async () => {
      fireEvent.click(within(direction).getByRole('button', { name: 'Money in' }));
    });
    await waitFor(() => expect(screen.queryByText('Ben Shop')).toBeNull());
    expect(callMethod).toHaveBeenLastCalledWith('paymentList', { direction: 'in', pageNumber: 1, pageSize: 20 });
    expect(router.state.location.search).toBe('?direction=in');

    const disclosure = screen.getByText('More filters').closest('details')!;
    expect(disclosure.open).toBe(false);
    await act(async () => {
      fireEvent.click(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: 'Custom' }));
    });
    await waitFor(() => expect(disclosure.open).toBe(true));
    // "Custom" asks for nothing by itself: the dates in the opened form do.
    expect(callMethod).toHaveBeenLastCalledWith('paymentList', { direction: 'in', pageNumber: 1, pageSize: 20 });
    expect(within(disclosure).getByLabelText('Smallest amount')).toBeTruthy();
    expect(within(disclosure).queryByLabelText('Search')).toBeNull();
  });

  it('searches from the box on Enter, keeping the quick filters', async () => {
    const callMethod = serve();
    renderScreens(testOptions([spec], { callMethod }), '/payments?direction=out', i18n());
    await screen.findByText('Rail', {}, { timeout: 10_000 });
    const box = within(screen.getByRole('search')).getByRole('searchbox', { name: 'Search' });
    expect(box.getAttribute('maxlength')).toBe('20');
    fireEvent.change(box, { target: { value: 'coffee ' } });
    await act(async () => {
      fireEvent.submit(box.closest('form')!);
    });
    await waitFor(() => expect(screen.queryByText('Rail')).toBeNull());
    expect(callMethod).toHaveBeenLastCalledWith('paymentList', { text: 'coffee', direction: 'out', pageNumber: 1, pageSize: 20 });
    expect(screen.getByText('Ben Shop')).toBeTruthy();
  });

  it('holds a page of placeholder lines while the rows load, so what follows stays put, then the rows', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const callMethod = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    renderScreens(testOptions([{ ...spec, table: { ...spec.table!, pageSize: 7 } }], { callMethod }), '/payments', i18n());
    const feed = await screen.findByRole('group', { name: 'Payments' }, { timeout: 10_000 });
    expect(within(feed).getByRole('status').textContent).toBe('Loading…');
    expect(feed.querySelectorAll('.eng-row-list__item')).toHaveLength(7);
    expect(within(feed).queryByRole('link')).toBeNull();
    await act(async () => answer({ payments: PAYMENTS, count: PAYMENTS.length }));
    await within(feed).findByRole('link', { name: /Ben Shop/ });
    expect(feed.querySelectorAll('.eng-row-list__item')).toHaveLength(PAYMENTS.length);
    expect(within(feed).queryByRole('status')).toBeNull();
  });
});
