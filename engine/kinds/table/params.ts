import type { TableSpec } from '../../spec/types';

/** The paging and sorting param names of a table, with the meta-schema's defaults filled in. */
export interface TableParamNames {
  pageParam: string;
  /** `false`: the server pages at its own size and is sent none. */
  sizeParam: string | false;
  firstPage: 0 | 1;
  byParam: string;
  directionParam: string;
}

/**
 * The param names a table sends, defaults from `screen-spec.schema.json` filled in.
 *
 * @example
 * ```ts
 * tableParamNames({ paging: { firstPage: 0 } } as TableSpec).pageParam; // 'pageNumber'
 * ```
 */
export function tableParamNames(table: Pick<TableSpec, 'paging' | 'sorting'>): TableParamNames {
  return {
    pageParam: table.paging?.pageParam ?? 'pageNumber',
    sizeParam: table.paging?.sizeParam ?? 'pageSize',
    firstPage: table.paging?.firstPage ?? 1,
    byParam: table.sorting?.byParam ?? 'sortBy',
    directionParam: table.sorting?.directionParam ?? 'sortDirection',
  };
}

/**
 * Filter values as request params: empty ones are left out, so that clearing a filter means "no filter"
 * rather than "equal to the empty string".
 *
 * @example
 * ```ts
 * filterParams({ status: 'posted', counterparty: '' }); // { status: 'posted' }
 * ```
 */
export function filterParams(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

/**
 * The params of one page request: filters, then the page number (counted from `firstPage`) and size, then
 * the sort column and direction when sorted. A table whose `sizeParam` is `false` sends no size.
 *
 * @example
 * ```ts
 * pageParams(names, { pageIndex: 1, pageSize: 20, sort: { field: 'date', desc: true }, filters: {} });
 * // { pageNumber: 2, pageSize: 20, sortBy: 'date', sortDirection: 'desc' }
 * ```
 */
export function pageParams(
  names: TableParamNames,
  state: {
    pageIndex: number;
    pageSize: number;
    sort?: { field: string; desc: boolean };
    filters: Record<string, unknown>;
  },
): Record<string, unknown> {
  return {
    ...filterParams(state.filters),
    [names.pageParam]: state.pageIndex + names.firstPage,
    ...(names.sizeParam === false ? {} : { [names.sizeParam]: state.pageSize }),
    ...(state.sort ? { [names.byParam]: state.sort.field, [names.directionParam]: state.sort.desc ? 'desc' : 'asc' } : {}),
  };
}

/**
 * The params of one page of a list paged by cursor: filters, the cursor of the page (none for the first),
 * the size unless `sizeParam` is false, and the sort.
 *
 * @example
 * ```ts
 * cursorPageParams(names, { param: 'cursor', next: 'nextCursor' }, { cursor: 'YToxMjM', pageSize: 20, filters: { query: 'paid' } });
 * // { query: 'paid', cursor: 'YToxMjM', pageSize: 20 }
 * ```
 */
export function cursorPageParams(
  names: TableParamNames,
  paging: { param: string; next: string },
  state: { cursor: string | undefined; pageSize: number; sort?: { field: string; desc: boolean }; filters: Record<string, unknown> },
): Record<string, unknown> {
  return {
    ...filterParams(state.filters),
    ...(state.cursor !== undefined ? { [paging.param]: state.cursor } : {}),
    ...(names.sizeParam === false ? {} : { [names.sizeParam]: state.pageSize }),
    ...(state.sort ? { [names.byParam]: state.sort.field, [names.directionParam]: state.sort.desc ? 'desc' : 'asc' } : {}),
  };
}
