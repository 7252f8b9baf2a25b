import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tableSpec } from '../../testing/fixtures';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

type Params = Record<string, unknown>;

const entries = (count: number) =>
  Array.from({ length: count }, (_, at) => ({
    entryId: at + 1,
    bookedAt: `2024-03-0${(at % 9) + 1}T10:00:00Z`,
    amount: `${at + 1}.00`,
    currencyCode: 'USD',
    status: 'posted',
    memo: `Entry ${at + 1}`,
  }));

/** Pages of `pageSize` by `pageNumber` (first 1) over `count` entries. */
const serve = (count: number) =>
  vi.fn(async (_method: string, params: Params) => {
    const size = Number(params.pageSize);
    const from = (Number(params.pageNumber ?? 1) - 1) * size;
    return { entries: entries(count).slice(from, from + size), totalCount: count };
  });

const memos = async () => {
  const table = await screen.findByRole('table', { name: 'Entries' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
};

const spec = () => tableSpec({ paging: { pageParam: 'pageNumber', firstPage: 1, loadMore: true } });
const i18n = () => createTestI18n({ entries: { title: 'Entries' } });

describe('a table paged by Load more (paging.loadMore)', () => {
  it('adds each next page under the rows shown, and offers more while the page size times the pages shown is at most the total', async () => {
    const callMethod = serve(5);
    renderScreens(testOptions([spec()], { callMethod }), '/entries', i18n());
    await waitFor(async () => expect(await memos()).toEqual(['Entry 1', 'Entry 2']));
    expect(screen.getByText('2 of 5 shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await memos()).toEqual(['Entry 1', 'Entry 2', 'Entry 3', 'Entry 4']));
    expect(callMethod).toHaveBeenLastCalledWith('entryList', { pageNumber: 2, pageSize: 2 });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await memos()).toEqual(['Entry 1', 'Entry 2', 'Entry 3', 'Entry 4', 'Entry 5']));
    expect(screen.getByText('5 of 5 shown')).toBeTruthy();
    // 2 × 3 pages > 5: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('keeps the rule to the letter where the total is a whole number of pages: one more (empty) page is offered', async () => {
    const callMethod = serve(4);
    renderScreens(testOptions([spec()], { callMethod }), '/entries', i18n());
    await waitFor(async () => expect(await memos()).toEqual(['Entry 1', 'Entry 2']));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await memos()).toEqual(['Entry 1', 'Entry 2', 'Entry 3', 'Entry 4']));
    // 2 × 2 = 4 is at most 4: offered once more, and the empty page ends it.
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(callMethod).toHaveBeenLastCalledWith('entryList', { pageNumber: 3, pageSize: 2 }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(await memos()).toEqual(['Entry 1', 'Entry 2', 'Entry 3', 'Entry 4']);
  });
});
