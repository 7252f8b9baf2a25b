import { describe, expect, it, vi } from 'vitest';
import { EXPORT_PAGE_SIZE, fetchAllRows } from './fetchAllRows';

const names = { pageParam: 'page', sizeParam: 'size', firstPage: 0 as const };

describe('fetchAllRows', () => {
  it('pages until the total, reporting progress after each page', async () => {
    const rows = Array.from({ length: 230 }, (_, id) => ({ id }));
    const callMethod = vi.fn(async (_method: string, params: Record<string, unknown>) => {
      const start = Number(params.page) * EXPORT_PAGE_SIZE;
      return { result: { items: rows.slice(start, start + EXPORT_PAGE_SIZE), count: rows.length } };
    });
    const progress: Array<[number, number]> = [];
    const all = await fetchAllRows({
      callMethod,
      method: 'list',
      params: { status: 'posted' },
      names,
      dataPath: 'result',
      rowsField: 'items',
      totalField: 'count',
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(all).toHaveLength(230);
    expect(callMethod.mock.calls.map(([, params]) => params)).toEqual([
      { status: 'posted', page: 0, size: 100 },
      { status: 'posted', page: 1, size: 100 },
      { status: 'posted', page: 2, size: 100 },
    ]);
    expect(progress).toEqual([
      [100, 230],
      [200, 230],
      [230, 230],
    ]);
  });

  it('pages a server that sets its own size until the total, sending no size', async () => {
    const rows = Array.from({ length: 120 }, (_, id) => ({ id }));
    const callMethod = vi.fn(async (_method: string, params: Record<string, unknown>) => ({
      items: rows.slice(Number(params.page) * 50, Number(params.page) * 50 + 50),
      count: rows.length,
    }));
    const all = await fetchAllRows({ callMethod, method: 'list', params: {}, names: { ...names, sizeParam: false }, rowsField: 'items', totalField: 'count' });
    expect(all).toHaveLength(120);
    expect(callMethod.mock.calls.map(([, params]) => params)).toEqual([{ page: 0 }, { page: 1 }, { page: 2 }]);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      fetchAllRows({ callMethod: vi.fn(), method: 'list', params: {}, names, rowsField: 'items', totalField: 'count', signal: controller.signal }),
    ).rejects.toThrow();
  });
});
