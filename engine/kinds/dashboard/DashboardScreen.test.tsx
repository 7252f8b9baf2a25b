import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MethodCallError } from '../../errors/MethodCallError';
import type { ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

const spec: ScreenSpec = {
  id: 'overview',
  route: '/overview',
  layout: 'main',
  title: 'overview.title',
  kind: 'dashboard',
  dashboard: {
    sections: [
      {
        id: 'totals',
        title: 'overview.totals',
        kind: 'cards',
        data: { method: 'totals' },
        rows: 'items',
        card: {
          title: 'name',
          subtitle: 'number',
          value: 'available',
          format: 'money',
          currencyField: 'currency',
          footnotes: [{ field: 'held', label: 'overview.held', format: 'money', currencyField: 'currency' }],
        },
        link: { to: '/stores', label: 'overview.allStores' },
      },
      {
        id: 'latest',
        title: 'overview.latest',
        kind: 'table',
        data: { method: 'latest', params: { pageSize: 2 } },
        rows: 'items',
        total: 'count',
        columns: [{ field: 'memo' }, { field: 'amount', format: 'money', currencyField: 'currency' }],
      },
      {
        id: 'spending',
        title: 'overview.spending',
        kind: 'chart',
        data: { method: 'spending' },
        rows: 'items',
        columns: [{ field: 'category' }, { field: 'amount', format: 'money', currencyField: 'currency' }],
      },
    ],
  },
};

/** A dashboard section by its heading. */
async function section(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name });
  return heading.closest('section') as HTMLElement;
}

const i18n = () =>
  createTestI18n({
    overview: { title: 'Overview', totals: 'Totals', latest: 'Latest', spending: 'Spending', held: 'On hold', allStores: 'All stores' },
  });

describe('DashboardScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws each section from its own data', async () => {
    const callMethod = vi.fn(async (method: string, params: Record<string, unknown>) => {
      if (method === 'totals') return { items: [{ name: 'Main', number: '…1234', available: '1500.5', held: '20', currency: 'USD' }] };
      if (method === 'latest') {
        const page = Number(params.pageNumber ?? 1);
        return {
          items:
            page === 1
              ? [
                  { memo: 'Coffee', amount: '-3.2', currency: 'USD' },
                  { memo: 'Salary', amount: '2000', currency: 'USD' },
                ]
              : [{ memo: 'Rent', amount: '-900', currency: 'USD' }],
          count: 3,
        };
      }
      return {
        items: [
          { category: 'Food', amount: '120.5', currency: 'USD' },
          { category: 'Travel', amount: '-30', currency: 'USD' },
        ],
      };
    });
    renderScreens(testOptions([spec], { callMethod }), '/overview', i18n());

    const totals = await section('Totals');
    await waitFor(() => expect(within(totals).getByText('$1,500.50')).toBeTruthy());
    expect(within(totals).getByRole('heading', { level: 3, name: 'Main' })).toBeTruthy();
    expect(within(totals).getByText('On hold')).toBeTruthy();
    expect(within(totals).getByRole('link', { name: 'All stores' }).getAttribute('href')).toBe('/stores');

    const latest = await section('Latest');
    await waitFor(() => expect(within(latest).getByText('Coffee')).toBeTruthy());
    expect(within(latest).getByText('Page 1 of 2')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(latest).getByRole('button', { name: 'Next page' }));
    });
    await waitFor(() => expect(within(latest).getByText('Rent')).toBeTruthy());
    expect(callMethod).toHaveBeenCalledWith('latest', { pageSize: 2, pageNumber: 2 });

    const spending = await section('Spending');
    await waitFor(() => expect(spending.querySelectorAll('.eng-chart__bar')).toHaveLength(2));
    expect(spending.querySelector('.eng-chart__plot')?.getAttribute('aria-hidden')).toBe('true');
    const fallback = within(spending).getByRole('table', { name: 'Spending' });
    expect(within(fallback).getByRole('rowheader', { name: 'Travel' })).toBeTruthy();
    expect(within(fallback).getByText('-$30.00')).toBeTruthy();
  });

  it('shows a failing section as an error while the others still load', async () => {
    const callMethod = vi.fn(async (method: string) => {
      if (method === 'totals') throw new Error('down');
      return { items: [], count: 0 };
    });
    renderScreens(testOptions([spec], { callMethod }), '/overview', i18n());
    const totals = await section('Totals');
    await waitFor(() => expect(within(totals).getByRole('alert')).toBeTruthy());
    const latest = await section('Latest');
    await waitFor(() => expect(within(latest).getByText('Nothing to show yet.')).toBeTruthy());
  });

  it('keeps the room of each loading section: placeholders as many as its items, and a likely conditional section drawn before its data decides', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const pending = new Promise((resolve) => (answer = resolve));
    const callMethod = vi.fn(() => pending);
    const waiting: ScreenSpec = {
      ...spec,
      dashboard: {
        sections: [
          {
            id: 'stores',
            title: 'overview.totals',
            kind: 'cards',
            data: { method: 'totals' },
            when: { field: 'count', gt: 0 },
            loading: { likely: true, rows: 2 },
            rows: 'items',
            card: { title: 'name' },
            actions: [
              { id: 'all', label: 'overview.allStores', navigate: '/stores' },
              { id: 'held', label: 'overview.held', navigate: '/held', when: { field: 'count', gt: 5 } },
            ],
          },
          { id: 'welcome', title: 'overview.spending', kind: 'detail', data: { method: 'totals' }, when: { field: 'count', equals: 0 } },
          {
            id: 'latest',
            title: 'overview.latest',
            kind: 'table',
            data: { method: 'latest', params: { pageSize: 3 } },
            rows: 'items',
            columns: [{ field: 'memo' }, { field: 'amount', format: 'money', currencyField: 'currency' }],
            list: { title: 'memo', value: 'amount' },
          },
        ],
      },
    };
    renderScreens(testOptions([waiting], { callMethod }), '/overview', i18n());

    const stores = await section('Totals');
    expect(within(stores).getByRole('status').textContent).toBe('Loading…');
    expect(stores.querySelectorAll('.eng-card')).toHaveLength(2);
    // The buttons sure to show keep their room, unseen and out of reach: not yet buttons or links.
    expect(within(stores).getByText('All stores').closest('[aria-hidden="true"]')).toBeTruthy();
    expect(within(stores).queryByText('On hold')).toBeNull();
    expect(within(stores).queryByRole('link')).toBeNull();
    // Without `likely`, a conditional section waits for its data.
    expect(screen.queryByRole('heading', { name: 'Spending' })).toBeNull();
    const latest = await section('Latest');
    expect(latest.querySelectorAll('.eng-row-list__item')).toHaveLength(3);

    await act(async () => answer({ count: 1, items: [{ name: 'Main', memo: 'Coffee', amount: '-3.2', currency: 'USD' }] }));
    await waitFor(() => expect(within(stores).getByRole('heading', { level: 3, name: 'Main' })).toBeTruthy());
    expect(stores.querySelectorAll('.eng-card')).toHaveLength(1);
    expect(within(stores).getByRole('link', { name: 'All stores' })).toBeTruthy();
    expect(within(stores).queryByRole('status')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Spending' })).toBeNull();
  });

  it('says the section’s own words for a refused item, and leaves out a title it cannot word without it', async () => {
    const parcel: ScreenSpec = {
      id: 'parcel',
      route: '/parcels/:parcelId',
      layout: 'main',
      title: 'parcels.title',
      kind: 'dashboard',
      dashboard: {
        sections: [
          {
            id: 'parcel',
            title: 'parcels.numberOf',
            kind: 'detail',
            data: { method: 'parcelGet', routeParams: { id: 'parcelId' }, path: 'parcel' },
            errorText: 'parcels.notFound',
            columns: [{ field: 'status' }],
          },
        ],
      },
    };
    const callMethod = vi.fn(async () => {
      throw new MethodCallError('13', 'Access denied');
    });
    const words = createTestI18n({
      parcels: { title: 'Parcel', numberOf: '$t(parcels.kind.{{kind}}) {{number}}', kind: { gift: 'Gift' }, notFound: 'This parcel cannot be shown.' },
    });
    renderScreens(testOptions([parcel], { callMethod }), '/parcels/999', words);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This parcel cannot be shown.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Parcel']);
    expect(document.body.textContent).not.toMatch(/\{\{|parcels\./);
  });

  it("sends a table section's search box text as its call's field, and nothing once the box is emptied", async () => {
    const searchSpec: ScreenSpec = {
      id: 'contacts',
      route: '/contacts',
      layout: 'main',
      title: 'overview.title',
      kind: 'dashboard',
      dashboard: {
        sections: [
          {
            id: 'recent',
            title: 'overview.latest',
            kind: 'table',
            data: { method: 'recentContacts', params: { limit: 5 } },
            search: { field: 'text', label: 'overview.find', maxLength: 40 },
            rows: 'items',
            columns: [{ field: 'name' }],
          },
        ],
      },
    };
    const names = ['Ada Lovelace', 'Grace Hopper'];
    const callMethod = vi.fn(async (_method: string, params: Record<string, unknown>) => ({
      items: names.filter((name) => !params.text || name.toLowerCase().includes(String(params.text))).map((name) => ({ name })),
    }));
    renderScreens(
      testOptions([searchSpec], { callMethod }),
      '/contacts',
      createTestI18n({ overview: { title: 'Contacts', latest: 'Recent', find: 'Find a contact' } }),
    );
    const recent = await section('Recent');
    await waitFor(() => expect(within(recent).getByText('Grace Hopper')).toBeTruthy());
    const box = within(within(recent).getByRole('search')).getByRole('searchbox', { name: 'Find a contact' });
    expect(box.getAttribute('maxLength')).toBe('40');
    fireEvent.change(box, { target: { value: ' hopp ' } });
    await act(async () => {
      fireEvent.click(within(recent).getByRole('button', { name: 'Search' }));
    });
    await waitFor(() => expect(within(recent).queryByText('Ada Lovelace')).toBeNull());
    expect(within(recent).getByText('Grace Hopper')).toBeTruthy();
    expect(callMethod).toHaveBeenLastCalledWith('recentContacts', { limit: 5, text: 'hopp' });
    fireEvent.change(box, { target: { value: '' } });
    await act(async () => {
      fireEvent.submit(within(recent).getByRole('search'));
    });
    await waitFor(() => expect(within(recent).getByText('Ada Lovelace')).toBeTruthy());
  });
});
