import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaginationState, SortingState } from '@tanstack/react-table';
import { getPath } from '../../data/paths';
import { requestParams, useMethodData } from '../../data/useMethodData';
import type { KindProps } from '../../router/kinds';
import type { Action, TableSpec } from '../../spec/types';
import { LoadingIndicator } from '../../ui/Progress';
import { matchesWhen } from '../../spec/when';
import { specPart } from '../specPart';
import { DataTable } from './DataTable';
import { ExportButton } from './ExportButton';
import { CursorPagination, LoadMore, Pagination } from './Pagination';
import { QuickFilterButtons, quickFilterRows, useQuickFilters } from './QuickFilters';
import { BulkActions } from './BulkActions';
import { cursorPageParams, filterParams, pageParams, tableParamNames } from './params';
import { readPage } from './rows';
import { RowActions } from './RowActions';
import { RowGroupList } from './RowGroups';
import { RowList } from './RowList';
import { useRouteParams } from '../../router/RouteValues';

const TableFilters = lazy(() => import('./TableFilters'));

/** A count the answer gives: a number as it is, a list by its length, anything else as none. */
function countOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * `kind: table`: a list the server pages, sorts and filters. Page size, page numbering and param names come
 * from the spec; changing the sort or the filters goes back to the first page. `quickFilters` put a row of
 * pressed buttons above it, kept in the address; `summary` counts something the answer says over it; an
 * empty list without filters offers `emptyAction`. With `bulkActions` (and `rowKey`) rows get boxes and
 * the buttons act on the selected ones (boxes only while some row of the page may take one); `groups` list
 * the rows sharing a value (a batch) with buttons acting on each whole group; a button's `answerWhen`, a
 * filter's `filters.answerWhen` and a note's `when` read the list's answer (`mayApprove`). `groupByDay`
 * starts each day with a heading row. The answer is cached by
 * method and params, and the page on screen stays visible while the next loads, so nothing jumps.
 *
 * @example
 * ```yaml
 * kind: table
 * table:
 *   data: { method: orderHistory }
 *   entity: entities/order.schema.json
 *   rows: orders
 *   total: totalCount
 *   columns: [{ field: orderedAt, format: datetime, sortable: true }, { field: amount, format: money, currencyField: currencyCode }]
 *   export: { csv: true }
 *   rowActions:
 *     - { id: cancel, label: orders.cancel, method: orderCancel, params: { orderId: ':orderId' },
 *         when: { field: status, in: [open] }, confirm: orders.confirmCancel, variant: danger }
 *   quickFilters: { field: state, options: [all, open, closed], label: orders.show, labels: orders.states }
 *   summary: { label: orders.unpaidCount, count: unpaidOrderIds }
 *   emptyAction: { label: orders.new, to: /orders/new }
 * ```
 */
/**
 * What stands in for the filters while their code loads (rjsf, a chunk of its own): the search box and the
 * folded form's summary, inert, as tall as the real ones, with the quick filters (real buttons) between
 * them, so the list under them does not move when the form arrives. An unfolded form shows the spinner.
 */
function FiltersPlaceholder({ filters, children }: { filters: NonNullable<TableSpec['filters']>; children: ReactNode }) {
  const { t } = useTranslation();
  if (!filters.folded && !filters.search) return <LoadingIndicator />;
  return (
    <>
      {filters.search && (
        <div className="eng-search" inert>
          <input type="search" className="eng-input eng-search__input" aria-hidden="true" />
          <span className="eng-button eng-button--primary">{t('engine.table.search')}</span>
        </div>
      )}
      {children}
      {filters.folded ? (
        <div className="eng-filters eng-filters--folded" inert>
          <div className="eng-filters__summary">{t('engine.table.moreFilters')}</div>
        </div>
      ) : (
        <LoadingIndicator />
      )}
    </>
  );
}

export function TableScreen({ spec }: KindProps) {
  const table = specPart(spec, 'table');
  const { t } = useTranslation();
  const routeParams = useRouteParams();
  const [query] = useSearchParams();
  const quick = useQuickFilters(table.quickFilters);
  const quickRows = quickFilterRows(table.quickFilters);
  const names = useMemo(() => tableParamNames(table), [table]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: table.pageSize ?? 20 });
  const [sorting, setSorting] = useState<SortingState>(() =>
    table.sorting?.default ? [{ id: table.sorting.default.field, desc: table.sorting.default.direction === 'desc' }] : [],
  );
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  // Selection belongs to the page on screen: another page, sort or filter starts it afresh.
  const [selected, setSelected] = useState<{ page: string; keys: Set<string> }>({ page: '', keys: new Set() });

  // Paged by cursor: the cursors of the pages after the first, as the answers gave them; a new sort or filter starts again.
  const cursorPaging = table.paging?.cursor;
  const [cursors, setCursors] = useState<string[]>([]);
  // Paged by Load more: the rows of the pages before the one asked for last, shown above its rows.
  const loadMore = table.paging?.loadMore === true;
  const [earlierRows, setEarlierRows] = useState<Record<string, unknown>[]>([]);

  const sort = sorting[0] ? { field: sorting[0].id, desc: sorting[0].desc } : undefined;
  const params = cursorPaging
    ? cursorPageParams(names, cursorPaging, {
        cursor: pagination.pageIndex > 0 ? cursors[pagination.pageIndex - 1] : undefined,
        pageSize: pagination.pageSize,
        sort,
        filters: { ...filters, ...quick.params },
      })
    : pageParams(names, { ...pagination, sort, filters: { ...filters, ...quick.params } });
  // Load more adds a page under the others: the previous page's answer must not stand in for the next one.
  const answer = useMethodData(table.data, params, { keepPreviousData: !loadMore });
  const page = useMemo(() => readPage(answer.data, table.data.path, table.rows, table.total), [answer.data, table]);
  // While Load more fetches the next page there is no answer: the total stays the last one known.
  const [lastTotal, setLastTotal] = useState(0);
  if (answer.data !== undefined && page.total !== lastTotal) setLastTotal(page.total);
  const total = answer.data !== undefined ? page.total : lastTotal;
  const rows = useMemo(() => (loadMore ? [...earlierRows, ...page.rows] : page.rows), [loadMore, earlierRows, page.rows]);
  // What the list's answer says beside its rows (a flag such as `mayApprove`) shows buttons, filters and notes.
  const listAnswer = getPath(answer.data, table.data.path);
  const nextCursor = cursorPaging ? getPath(listAnswer, cursorPaging.next) : undefined;
  const offered = (actions: readonly Action[] | undefined) => (actions ?? []).filter((action) => matchesWhen(action.answerWhen, listAnswer));
  const bulkActions = offered(table.bulkActions);
  // Boxes only while some row of the page may take some bulk action: a page of finished rows has none.
  const selecting = table.rowKey !== undefined && rows.some((row) => bulkActions.some((action) => matchesWhen(action.when, row)));
  const hiddenFilters = Object.entries(table.filters?.answerWhen ?? {})
    .filter(([, when]) => !matchesWhen(when, listAnswer))
    .map(([field]) => field);

  const pageId = JSON.stringify(params);
  const selectedKeys = selected.page === pageId ? selected.keys : new Set<string>();
  const keyOf = (row: Record<string, unknown>) => String(row[table.rowKey ?? ''] ?? '');
  const selectedRows = rows.filter((row) => selectedKeys.has(keyOf(row)));
  const toFirstPage = () => {
    setEarlierRows([]);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  };
  const filtered = Object.keys(filterParams(filters)).length > 0;
  const summaryCount = table.summary ? countOf(getPath(answer.data, table.summary.count)) : 0;
  // The export pages on its own, so it gets the filters and the sort but not the page on screen.
  const exportParams = requestParams(
    table.data,
    routeParams,
    Object.fromEntries(Object.entries(params).filter(([name]) => name !== names.pageParam && name !== names.sizeParam)),
    query,
  );

  const quickEmptyText = quickRows.map((row) => row.emptyText?.[quick.values[row.field]!]).find((text) => text !== undefined);
  const emptyText = quickEmptyText ?? (table.filters?.emptyText && filtered ? table.filters.emptyText : table.emptyText);
  const emptyAction = !filtered && !quick.narrowed ? table.emptyAction : undefined;

  // With a search box the quick filters sit under it, before the rest of the filters.
  const quickFilterButtons = quickRows.length > 0 && (
    <div className="eng-quick-filter-rows">
      {quickRows.map((row) => (
        <QuickFilterButtons
          key={row.field}
          quickFilters={row}
          value={quick.values[row.field]}
          onChange={(value) => {
            quick.choose(row.field, value);
            toFirstPage();
          }}
        />
      ))}
    </div>
  );

  return (
    <div className="eng-table-screen">
      {table.filters && (
        <Suspense fallback={<FiltersPlaceholder filters={table.filters}>{table.filters.search && quickFilterButtons}</FiltersPlaceholder>}>
          <TableFilters
            idPrefix={`${spec.id}-filters`}
            filters={table.filters}
            hidden={hiddenFilters}
            unfold={quick.unfolded}
            onApply={(values) => {
              setFilters(values);
              toFirstPage();
            }}
          >
            {table.filters.search && quickFilterButtons}
          </TableFilters>
        </Suspense>
      )}
      {!table.filters?.search && quickFilterButtons}
      {table.notes
        ?.filter((note) => answer.data !== undefined && matchesWhen(note.when, listAnswer))
        .map((note) => (
          <p key={note.text} className="eng-description">
            {t(note.text, typeof listAnswer === 'object' && listAnswer !== null ? (listAnswer as Record<string, unknown>) : {})}
          </p>
        ))}
      {table.groups && <RowGroupList spec={spec} groups={table.groups} actions={offered(table.groups.actions)} rows={rows} rowKey={table.rowKey} />}
      {table.summary && (
        <p className="eng-table-summary" aria-live="polite">
          {summaryCount > 0 ? t(table.summary.label, { count: summaryCount }) : ''}
        </p>
      )}
      <div className="eng-table-toolbar">
        <p className="eng-table-toolbar__count" aria-live="polite">
          {answer.data !== undefined && !cursorPaging ? t('engine.table.count', { count: total }) : ''}
        </p>
        {table.export?.csv && <ExportButton table={table} names={names} params={exportParams} fileName={table.export.fileName ?? spec.id} />}
      </div>
      {selecting && table.rowKey && (
        <BulkActions spec={spec} actions={bulkActions} rows={selectedRows} rowKey={table.rowKey} onDone={() => setSelected({ page: '', keys: new Set() })} />
      )}
      {table.list ? (
        <RowList
          caption={t(spec.title)}
          list={table.list}
          columns={table.columns}
          entity={table.entity}
          rows={rows}
          rowLink={table.rowLink}
          rowKey={table.rowKey}
          groupByDay={table.groupByDay}
          emptyText={emptyText}
          emptyIllustration={filtered || quick.narrowed ? 'noMatch' : 'empty'}
          emptyAction={emptyAction}
          loading={answer.data === undefined && !answer.error && earlierRows.length === 0}
          loadingRows={pagination.pageSize}
          busy={answer.isValidating}
          error={answer.error}
          onRetry={() => void answer.mutate()}
        />
      ) : (
        <DataTable
          caption={t(spec.title)}
          columns={table.columns}
          entity={table.entity}
          rows={rows}
          rowCount={total}
          pagination={pagination}
          onPaginationChange={setPagination}
          sorting={sorting}
          onSortingChange={(next) => {
            setSorting(next);
            toFirstPage();
          }}
          rowLink={table.rowLink}
          renderRowActions={
            table.rowActions
              ? (row) => <RowActions spec={spec} actions={table.rowActions} row={row} columns={table.columns} entity={table.entity} />
              : undefined
          }
          emptyText={emptyText}
          emptyIllustration={filtered || quick.narrowed ? 'noMatch' : 'empty'}
          emptyAction={emptyAction}
          rowKey={table.rowKey}
          selection={selecting ? { keys: selectedKeys, keyOf, onChange: (keys) => setSelected({ page: pageId, keys }) } : undefined}
          groupByDay={table.groupByDay}
          loading={answer.data === undefined && !answer.error && earlierRows.length === 0}
          busy={answer.isValidating}
          error={answer.error}
          onRetry={() => void answer.mutate()}
        />
      )}
      {loadMore ? (
        <LoadMore
          shown={rows.length}
          total={total}
          // Document 002's rule: more while the page size times the pages shown is at most the total.
          offered={answer.data !== undefined && pagination.pageSize * (pagination.pageIndex + 1) <= total}
          busy={answer.data === undefined}
          onLoadMore={() => {
            setEarlierRows(rows);
            setPagination((current) => ({ ...current, pageIndex: current.pageIndex + 1 }));
          }}
        />
      ) : cursorPaging ? (
        <CursorPagination
          pageIndex={pagination.pageIndex}
          hasNext={typeof nextCursor === 'string' && nextCursor !== ''}
          onPageChange={(pageIndex) => {
            if (pageIndex > pagination.pageIndex && typeof nextCursor === 'string') {
              setCursors((current) => [...current.slice(0, pagination.pageIndex), nextCursor]);
            }
            setPagination((current) => ({ ...current, pageIndex }));
          }}
        />
      ) : (
        <Pagination
          pageIndex={pagination.pageIndex}
          pageSize={pagination.pageSize}
          total={total}
          onPageChange={(pageIndex) => setPagination((current) => ({ ...current, pageIndex }))}
        />
      )}
    </div>
  );
}
