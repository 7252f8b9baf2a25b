import { readPage, type Row } from './rows';
import type { TableParamNames } from './params';

/** The largest page the meta-schema allows, so an export needs as few calls as possible. */
export const EXPORT_PAGE_SIZE = 100;

export interface FetchAllRowsOptions {
  callMethod: (method: string, params: Record<string, unknown>) => Promise<unknown>;
  method: string;
  /** Params of the table as shown (filters, sorting), without paging. */
  params: Record<string, unknown>;
  names: Pick<TableParamNames, 'pageParam' | 'sizeParam' | 'firstPage'>;
  dataPath?: string;
  rowsField: string;
  totalField?: string | undefined;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Every row that matches the table's filters, paging through the method a page of
 * {@link EXPORT_PAGE_SIZE} at a time (or the server's own size when the table sends none) and reporting progress after each page. Stops at the total, at a short
 * or empty page, or when `signal` aborts (the user left the screen).
 *
 * @example
 * ```ts
 * const rows = await fetchAllRows({ callMethod, method: 'orderHistory', params, names, rowsField: 'orders',
 *   totalField: 'totalCount', onProgress: (loaded, total) => setProgress({ loaded, total }) });
 * ```
 */
export async function fetchAllRows(options: FetchAllRowsOptions): Promise<Row[]> {
  const { callMethod, method, params, names, onProgress, signal } = options;
  const all: Row[] = [];
  for (let page = names.firstPage; ; page += 1) {
    signal?.throwIfAborted();
    const size = names.sizeParam === false ? {} : { [names.sizeParam]: EXPORT_PAGE_SIZE };
    const answer = await callMethod(method, { ...params, [names.pageParam]: page, ...size });
    const { rows, total } = readPage(answer, options.dataPath, options.rowsField, options.totalField);
    all.push(...rows);
    onProgress?.(all.length, Math.max(total, all.length));
    // A server paging at its own size says nothing by a short page: only the total or an empty page ends.
    const shortPage = names.sizeParam !== false && rows.length < EXPORT_PAGE_SIZE;
    if (shortPage || rows.length === 0 || all.length >= total) return all;
  }
}
