import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tableSpec } from '../../testing/fixtures';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

type Params = Record<string, unknown>;

const entries = [1, 2, 3, 4, 5].map((entryId) => ({
  entryId,
  bookedAt: `2024-03-0${entryId}T10:00:00Z`,
  amount: `${entryId}.00`,
  currencyCode: 'USD',
  status: 'posted',
  memo: `Entry ${entryId}`,
}));

/** Two rows a page; the cursor is the last row's id, base64 to be opaque. */
const serve = () =>
  vi.fn(async (_method: string, params: Params) => {
    const after = typeof params.cursor === 'string' ? Number(atob(params.cursor)) : 0;
    const rest = entries.filter((entry) => entry.entryId > after);
    const page = rest.slice(0, 2);
    return rest.length > 2 ? { entries: page, next: { cursor: btoa(String(page[1]!.entryId)) } } : { entries: page };
  });

const i18n = () => createTestI18n({ entries: { title: 'Entries' } });

const memos = async () => {
  const table = await screen.findByRole('table', { name: 'Entries' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
};

describe('a table paged by cursor (paging.cursor)', () => {
  const spec = () => {
    const { total: _total, ...table } = tableSpec().table!;
    return { ...tableSpec(), table: { ...table, paging: { sizeParam: false as const, cursor: { param: 'cursor', next: 'next.cursor' } } } };
  };

  it('sends the cursor the answer gave for the next page, goes back without one, and stops where none is given', async () => {
    const callMethod = serve();
    renderScreens(testOptions([spec()], { callMethod }), '/entries', i18n());
    await waitFor(async () => expect(await memos()).toEqual(['Entry 1', 'Entry 2']));
    expect(callMethod).toHaveBeenLastCalledWith('entryList', {});
    expect(screen.queryByText(/results/)).toBeNull();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1')).toBeTruthy();

    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(async () => expect(await memos()).toEqual(['Entry 3', 'Entry 4']));
    expect(callMethod).toHaveBeenLastCalledWith('entryList', { cursor: btoa('2') });

    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(async () => expect(await memos()).toEqual(['Entry 5']));
    expect(callMethod).toHaveBeenLastCalledWith('entryList', { cursor: btoa('4') });
    expect((within(pages).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(pages).getByText('Page 3')).toBeTruthy();

    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    await waitFor(async () => expect(await memos()).toEqual(['Entry 3', 'Entry 4']));
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    await waitFor(async () => expect(await memos()).toEqual(['Entry 1', 'Entry 2']));
  });

  it("shows a row's values in a result without calling anything (an action with only a result)", async () => {
    const callMethod = serve();
    const table = spec().table;
    const withView = {
      ...spec(),
      table: {
        ...table,
        rowActions: [
          {
            id: 'view',
            label: 'entries.view',
            result: {
              title: 'entries.viewTitle',
              items: [
                { field: 'memo', label: 'entries.memo' },
                { field: 'amount', label: 'entries.amount' },
              ],
            },
          },
        ],
      },
    };
    renderScreens(
      testOptions([withView], { callMethod }),
      '/entries',
      createTestI18n({ entries: { title: 'Entries', view: 'View', viewTitle: 'The entry', memo: 'Memo', amount: 'Amount' } }),
    );
    await waitFor(async () => expect(await memos()).toEqual(['Entry 1', 'Entry 2']));
    const calls = callMethod.mock.calls.length;
    fireEvent.click(screen.getAllByRole('button', { name: /^View/ })[1]!);
    const result = await screen.findByRole('status', { name: 'The entry' });
    expect(within(result).getByText('Entry 2')).toBeTruthy();
    expect(callMethod.mock.calls.length).toBe(calls);
  });
});
