import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tableSpec } from '../../testing/fixtures';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

type Params = Record<string, unknown>;

const allEntries = [
  { entryId: 1, bookedAt: '2024-03-01T10:00:00Z', amount: '-1234.5', currencyCode: 'USD', status: 'posted', memo: 'Rent, March' },
  { entryId: 2, bookedAt: '2024-03-02T10:00:00Z', amount: '99999999999999999.99', currencyCode: 'EUR', status: 'pending', memo: '=cmd()' },
  { entryId: 3, bookedAt: '2024-03-03T10:00:00Z', amount: '0.00012345', currencyCode: 'BTC', status: 'posted' },
];

function serve(entries = allEntries) {
  return vi.fn(async (_method: string, params: Params) => {
    const size = Number(params.pageSize);
    const start = (Number(params.pageNumber) - 1) * size;
    const matching = entries.filter((entry) => params.status === undefined || entry.status === params.status);
    return { entries: matching.slice(start, start + size), totalCount: matching.length };
  });
}

const i18n = () =>
  createTestI18n({
    entries: { title: 'Entries', none: 'No entries match.' },
    enums: { status: { posted: 'Posted', pending: 'Pending' } },
  });

describe('TableScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for the first page and shows formatted rows under a captioned table', async () => {
    const callMethod = serve();
    renderScreens(testOptions([tableSpec()], { callMethod }), '/entries', i18n());
    const table = await screen.findByRole('table', { name: 'Entries' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(callMethod).toHaveBeenCalledWith('entryList', { pageNumber: 1, pageSize: 2 });
    expect(within(table).getByText('-$1,234.50')).toBeTruthy();
    expect(within(table).getByText('€99,999,999,999,999,999.99')).toBeTruthy();
    expect(within(table).getByText('Pending')).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Memo', 'Amount', 'Status']);
    expect(screen.getByText('3 results')).toBeTruthy();
  });

  it('shows a verbatim column exactly as it is, marked never to be translated', async () => {
    const columns = [
      { field: 'memo', format: 'verbatim' as const },
      { field: 'status', format: 'verbatim' as const },
    ];
    renderScreens(testOptions([tableSpec({ columns })], { callMethod: serve() }), '/entries', i18n());
    const table = await screen.findByRole('table', { name: 'Entries' });
    const status = await within(table).findAllByText('posted');
    expect(status[0]!.getAttribute('translate')).toBe('no');
    expect(within(table).queryByText('Posted')).toBeNull();
    expect(within(table).getByText('Rent, March').getAttribute('translate')).toBe('no');
  });

  it('pages on the server', async () => {
    const callMethod = serve();
    renderScreens(testOptions([tableSpec()], { callMethod }), '/entries', i18n());
    await screen.findByText('Page 1 of 2');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    });
    await screen.findByText('Page 2 of 2');
    expect(callMethod).toHaveBeenLastCalledWith('entryList', { pageNumber: 2, pageSize: 2 });
    await waitFor(() => expect(screen.getByText('BTC 0.00012345')).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('honours the spec param names and zero-based pages', async () => {
    const callMethod = vi.fn(async () => ({ entries: [], totalCount: 0 }));
    const spec = tableSpec({
      paging: { pageParam: 'page', sizeParam: 'limit', firstPage: 0 },
      sorting: { byParam: 'orderBy', directionParam: 'order', default: { field: 'bookedAt', direction: 'desc' } },
      data: { method: 'entryList', params: { kind: 'all' } },
    });
    renderScreens(testOptions([spec], { callMethod }), '/entries', i18n());
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('entryList', { kind: 'all', page: 0, limit: 2, orderBy: 'bookedAt', order: 'desc' }));
  });

  it('sorts on the server from sortable headers, with aria-sort, back to the first page', async () => {
    const callMethod = serve();
    renderScreens(testOptions([tableSpec()], { callMethod }), '/entries', i18n());
    await screen.findByText('Page 1 of 2');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    });
    await screen.findByText('Page 2 of 2');

    const amountHeader = screen.getByRole('columnheader', { name: 'Amount' });
    expect(amountHeader.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Memo' }).getAttribute('aria-sort')).toBeNull();
    await act(async () => {
      fireEvent.click(within(amountHeader).getByRole('button'));
    });
    await waitFor(() => expect(callMethod).toHaveBeenLastCalledWith('entryList', { pageNumber: 1, pageSize: 2, sortBy: 'amount', sortDirection: 'asc' }));
    expect(screen.getByRole('columnheader', { name: 'Amount' }).getAttribute('aria-sort')).toBe('ascending');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('columnheader', { name: 'Amount' })).getByRole('button'));
    });
    await waitFor(() => expect(callMethod).toHaveBeenLastCalledWith('entryList', { pageNumber: 1, pageSize: 2, sortBy: 'amount', sortDirection: 'desc' }));
    expect(screen.getByRole('columnheader', { name: 'Amount' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('sends filter values as params, leaving out empty ones', async () => {
    const callMethod = serve();
    const spec = tableSpec({
      filters: {
        schema: {
          type: 'object',
          required: ['memo'],
          properties: { memo: { type: 'string', title: 'Memo' }, status: { type: 'string', title: 'Status', enum: ['posted', 'pending'] } },
        },
        fields: ['memo', 'status'],
      },
    });
    renderScreens(testOptions([spec], { callMethod }), '/entries', i18n());
    const filters = await screen.findByRole('region', { name: 'Filters' });
    await waitFor(() => expect(callMethod).toHaveBeenCalledTimes(1));
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    });
    await waitFor(() => expect(callMethod).toHaveBeenLastCalledWith('entryList', { status: 'pending', pageNumber: 1, pageSize: 2 }));
    await screen.findByText('1 result');
    await act(async () => {
      fireEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    });
    // Back to the unfiltered params: the first answer, still cached under that key, comes back.
    await screen.findByText('3 results');
    expect((within(filters).getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });

  it('draws a hideEmpty column only when a row on the page has a value for it', async () => {
    const columns = [
      { field: 'amount', format: 'money' as const, currencyField: 'currencyCode' },
      { field: 'memo', hideEmpty: true },
    ];
    const blank = renderScreens(testOptions([tableSpec({ columns })], { callMethod: serve([allEntries[2]!]) }), '/entries', i18n());
    await screen.findByText('1 result');
    expect(screen.queryByRole('columnheader', { name: 'Memo' })).toBeNull();
    blank.unmount();

    renderScreens(testOptions([tableSpec({ columns })], { callMethod: serve() }), '/entries', i18n());
    expect(await screen.findByRole('columnheader', { name: 'Memo' })).toBeTruthy();
  });

  it('says its filters found nothing apart from the list being empty, and words a select through its enumKey and placeholder', async () => {
    const callMethod = vi.fn(async () => ({ entries: [], totalCount: 0 }));
    const spec = tableSpec({
      emptyText: 'entries.none',
      filters: {
        schema: { type: 'object', properties: { memo: { type: 'string', title: 'Memo' }, kind: { enum: ['card'], title: 'Kind' } } },
        fields: ['memo', 'kind'],
        uiSchema: { kind: { 'ui:options': { enumKey: 'entryKind' }, 'ui:placeholder': 'entries.allKinds' } },
        emptyText: 'entries.noMatch',
      },
    });
    const wording = createTestI18n({
      entries: { title: 'Entries', none: 'No entries yet.', noMatch: 'No entries match.', allKinds: 'All kinds' },
      enums: { entryKind: { card: 'By card' } },
    });
    renderScreens(testOptions([spec], { callMethod }), '/entries', wording);
    const picture = () =>
      screen
        .getByText(/^No entries/)
        .closest('.eng-empty-state')
        ?.querySelector('svg');
    expect(await screen.findByText('No entries yet.')).toBeTruthy();
    // A picture beside the words, hidden from screen readers: an empty tray, then a lens finding nothing.
    expect(picture()?.getAttribute('aria-hidden')).toBe('true');
    expect(picture()?.querySelector('.eng-illustration__tray')).toBeTruthy();
    const filters = await screen.findByRole('region', { name: 'Filters' });
    expect(within(filters).getByRole('option', { name: 'By card' })).toBeTruthy();
    expect(within(filters).getByRole('option', { name: 'All kinds' })).toBeTruthy();
    fireEvent.change(within(filters).getByLabelText('Memo'), { target: { value: 'rent' } });
    await act(async () => {
      fireEvent.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    });
    expect(await screen.findByText('No entries match.')).toBeTruthy();
    expect(picture()?.querySelector('.eng-illustration__lens')).toBeTruthy();
    expect(picture()?.querySelector('.eng-illustration__tray')).toBeNull();
  });

  it('shows the empty text when nothing matches, and an error with retry when the call fails', async () => {
    const empty = vi.fn(async () => ({ entries: [], totalCount: 0 }));
    const first = renderScreens(testOptions([tableSpec({ emptyText: 'entries.none' })], { callMethod: empty }), '/entries', i18n());
    expect(await screen.findByText('No entries match.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    first.unmount();

    const failing = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue({ entries: allEntries.slice(0, 2), totalCount: 3 });
    renderScreens(testOptions([tableSpec()], { callMethod: failing }), '/entries', i18n());
    const alert = await screen.findByRole('alert');
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    expect(await screen.findByText('-$1,234.50')).toBeTruthy();
  });

  it('links rows to rowLink from the first cell and from a click on the row', async () => {
    const { router } = renderScreens(testOptions([tableSpec({ rowLink: '/entries/:entryId' })], { callMethod: serve() }), '/entries', i18n());
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('link')).toHaveLength(2));
    expect(within(table).getAllByRole('link')[0]?.getAttribute('href')).toBe('/entries/1');
    const secondRow = within(table).getAllByRole('row')[2];
    await act(async () => {
      fireEvent.click(within(secondRow as HTMLElement).getByText('Pending'));
    });
    expect(router.state.location.pathname).toBe('/entries/2');
  });

  describe('CSV export', () => {
    let saved: Blob | undefined;
    beforeEach(() => {
      saved = undefined;
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        saved = blob as Blob;
        return 'blob:export';
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    });

    it('pages through every matching row and saves them as CSV', async () => {
      const many = Array.from({ length: 205 }, (_, index) => ({
        entryId: index + 1,
        bookedAt: '2024-03-01T10:00:00Z',
        amount: `${index}.50`,
        currencyCode: 'USD',
        status: 'posted',
        memo: index === 0 ? 'Rent, "March"' : `m${index}`,
      }));
      const callMethod = serve(many);
      const spec = tableSpec({ export: { csv: true, fileName: 'entries-export' } });
      renderScreens(testOptions([spec], { callMethod }), '/entries', i18n());
      await screen.findByText('205 results');
      const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
      });
      await waitFor(() => expect(saved).toBeDefined());
      const exportCalls = callMethod.mock.calls.filter(([, params]) => params.pageSize === 100);
      expect(exportCalls.map(([, params]) => params.pageNumber)).toEqual([1, 2, 3]);
      expect(clicked).toHaveBeenCalled();
      const text = await (saved as Blob).text();
      const lines = text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Date,Memo,Amount,Currency,Status');
      expect(lines[1]).toBe('2024-03-01T10:00:00Z,"Rent, ""March""",0.50,USD,posted');
      expect(lines).toHaveLength(207);
    });
  });
});
