import { useId, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { fillPath } from '../../data/paths';
import { columnFormat, formatText } from '../../format/formatValue';
import { fieldLabel, useIntlLocale } from '../../i18n/labels';
import type { Column, EmptyAction, JsonSchema } from '../../spec/types';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingIndicator } from '../../ui/Progress';
import type { Row } from './rows';
import { dayHeading, localDay } from './days';
import { useRowWindow } from './rowWindow';
import type { EmptyIllustration } from '../../ui/EmptyState';
import { EmptyRows } from './EmptyRows';
import { SignedValue } from './SignedValue';

/** Sorting and paging state only: rows arrive sorted and paged from the server. */
const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
const helper = createColumnHelper<typeof features, Row>();

const NO_SORTING: SortingState = [];

/** The rows a {@link DataTable} shows, its columns, and the paging and sorting state the caller keeps. */
export interface DataTableProps {
  /** The table's accessible name (a caption, visually hidden: the screen title says the same). */
  caption: string;
  columns: readonly Column[];
  entity?: JsonSchema;
  rows: Row[];
  rowCount: number;
  pagination: PaginationState;
  onPaginationChange?: (next: PaginationState) => void;
  sorting?: SortingState;
  onSortingChange?: (next: SortingState) => void;
  /** Path with `:field` placeholders opened from a row. */
  rowLink?: string;
  emptyText?: string;
  /** The empty list's picture: 'noMatch' where filters narrowed it to nothing (default 'empty'). */
  emptyIllustration?: EmptyIllustration;
  /** A link under the empty list's text, to where its first item is made. */
  emptyAction?: EmptyAction;
  /** Row field drawn as each row's `data-key`. */
  rowKey?: string;
  /** No data yet: a loading row. */
  loading: boolean;
  /** New data on its way while the old is shown. */
  busy?: boolean;
  error?: unknown;
  onRetry?: () => void;
  compact?: boolean;
  /** The buttons of one row, drawn in a last column headed "Actions" (see `ActionList`). */
  renderRowActions?: (row: Row) => ReactNode;
  /** Rows people select (a first column of boxes, one in the header for the page); keys are `keyOf(row)`. */
  selection?: TableSelection;
  /** Row field holding a date or date-time: a heading row starts each day. */
  groupByDay?: string;
}

/** Which rows are selected, by key, and how a change is made. */
export interface TableSelection {
  keys: ReadonlySet<string>;
  keyOf: (row: Row) => string;
  onChange: (keys: Set<string>) => void;
}

const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The columns to draw: those with `hideEmpty` only when a row on the page has a value for them. */
function shownColumns(columns: readonly Column[], rows: Row[]): readonly Column[] {
  const shown = columns.filter((column) => !column.hideEmpty || rows.some((row) => hasValue(row[column.field])));
  return shown.length === columns.length ? columns : shown;
}

function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (sorted === 'asc') return 'ascending';
  if (sorted === 'desc') return 'descending';
  return 'none';
}

/**
 * A server-paged, server-sorted table drawn from spec columns with TanStack Table. Sortable headers are
 * buttons (click, Enter, Space) and carry `aria-sort`. A row with `rowLink` opens on click anywhere, and
 * its first cell holds a real link for keyboards and screen readers. On narrow screens the table scrolls
 * sideways inside its wrapper rather than being restyled, because changing the display of table elements
 * makes some browsers drop the table semantics screen readers rely on. A long list (from
 * `VIRTUAL_ROWS_FROM` rows) draws only the rows near the screen between two spacer rows, and says how many
 * rows there are and where each drawn one sits with `aria-rowcount` and `aria-rowindex`. A column with
 * `hideEmpty` is drawn only when a row on the page has a value for it.
 *
 * @example
 * ```tsx
 * <DataTable caption="Orders" columns={spec.table.columns} rows={rows} rowCount={total}
 *   pagination={pagination} onPaginationChange={setPagination} loading={!data} />
 * ```
 */
export function DataTable(props: DataTableProps) {
  const { caption, entity, rows, rowCount, pagination, sorting = NO_SORTING, rowLink } = props;
  const columns = useMemo(() => shownColumns(props.columns, rows), [props.columns, rows]);
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const navigate = useNavigate();
  const captionId = useId();
  const { selection, groupByDay } = props;

  const columnDefs = useMemo(
    () =>
      columns.map((column, index) =>
        helper.accessor((row: Row) => row[column.field], {
          id: column.field,
          header: fieldLabel(t, column.field, entity?.properties?.[column.field], column.label),
          enableSorting: column.sortable === true,
          cell: (context) => {
            const row = context.row.original;
            const value = <SignedValue row={row} column={column} property={entity?.properties?.[column.field]} />;
            const to = index === 0 && rowLink ? fillPath(rowLink, row) : null;
            return to ? <Link to={to}>{value}</Link> : value;
          },
        }),
      ),
    [columns, entity, rowLink, t],
  );

  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const listed = !props.error && !props.loading && rows.length > 0;
  const rowWindow = useRowWindow(bodyRef, listed ? rows.length : 0);
  const first = rowWindow?.start ?? 0;
  const last = rowWindow?.end ?? rows.length;
  // Only the drawn rows go through TanStack: building 10,000 rows would cost more than drawing 30.
  const shownRows = useMemo(() => (first === 0 && last === rows.length ? rows : rows.slice(first, last)), [rows, first, last]);

  const table = useTable({
    features,
    columns: columnDefs,
    data: shownRows,
    // Ids count from the first row of the list, so a row keeps its key as the window moves.
    getRowId: (_row, index) => String(first + index),
    rowCount,
    state: { pagination, sorting },
    onPaginationChange: (updater) => props.onPaginationChange?.(typeof updater === 'function' ? updater(pagination) : updater),
    onSortingChange: (updater) => props.onSortingChange?.(typeof updater === 'function' ? updater(sorting) : updater),
    manualPagination: true,
    manualSorting: true,
    enableMultiSort: false,
  });

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const { renderRowActions } = props;
  const span = columns.length + (renderRowActions ? 1 : 0) + (selection ? 1 : 0);
  // What a row's box is called: its first column as shown ("Select Coffee").
  const rowName = (row: Row) => {
    const column = columns[0];
    return column ? formatText(row[column.field], column, row, { t, locale }, entity?.properties?.[column.field]) : '';
  };
  const pageKeys = selection ? rows.map(selection.keyOf) : [];
  const allSelected = selection !== undefined && pageKeys.length > 0 && pageKeys.every((key) => selection.keys.has(key));
  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.keys);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  const actionsLabel = t('engine.table.actions');
  const isNumeric = (column: Column) => {
    const format = columnFormat(column, entity?.properties?.[column.field]);
    return format === 'money' || format === 'number';
  };
  // Worked out once per column, not once per cell.
  const labels = columns.map((column) => fieldLabel(t, column.field, entity?.properties?.[column.field], column.label));
  const numeric = columns.map(isNumeric);
  const cellClasses = columns.map(
    (column, index) => [numeric[index] && 'eng-cell--number', column.wrap && 'eng-cell--wrap'].filter(Boolean).join(' ') || undefined,
  );
  const openRow = (event: MouseEvent<HTMLTableRowElement>, row: Row) => {
    // A click on the row's own link or a button already does what it should.
    if ((event.target as HTMLElement).closest('a, button')) return;
    const to = rowLink ? fillPath(rowLink, row) : null;
    if (to) void navigate(to);
  };

  let body;
  if (props.error) {
    body = (
      <tr>
        <td colSpan={span}>
          <ErrorState onRetry={props.onRetry} />
        </td>
      </tr>
    );
  } else if (props.loading) {
    body = (
      <tr>
        <td colSpan={span}>
          <LoadingIndicator />
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={span} className="eng-table__empty">
          <EmptyRows text={props.emptyText} illustration={props.emptyIllustration} action={props.emptyAction} />
        </td>
      </tr>
    );
  } else {
    const spacer = (height: number, key: string) =>
      height > 0 && (
        <tr key={key} className="eng-table__spacer" aria-hidden="true">
          <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
        </tr>
      );
    body = table.getRowModel().rows.flatMap((row, rowIndex) => {
      const index = first + rowIndex;
      const day = groupByDay ? localDay(row.original[groupByDay]) : '';
      const startsDay = groupByDay !== undefined && day !== '' && (index === 0 || localDay(rows[index - 1]?.[groupByDay]) !== day);
      const key = selection?.keyOf(row.original);
      const drawn = (
        <tr
          key={row.id}
          // The header row is the first (1); data rows follow from 2.
          aria-rowindex={rowWindow ? first + rowIndex + 2 : undefined}
          data-key={props.rowKey !== undefined ? String(row.original[props.rowKey] ?? '') : undefined}
          className={rowLink ? 'eng-table__row eng-table__row--link' : 'eng-table__row'}
          onClick={rowLink ? (event) => openRow(event, row.original) : undefined}
        >
          {selection && key !== undefined && (
            <td className="eng-cell--select">
              <input
                type="checkbox"
                className="eng-checkbox"
                checked={selection.keys.has(key)}
                aria-label={t('engine.table.selectRow', { row: rowName(row.original) })}
                onChange={() => toggle(key)}
              />
            </td>
          )}
          {row.getAllCells().map((cell, index) => {
            return (
              <td
                key={cell.id}
                className={cellClasses[index]}
                // On phones the header row is hidden and each cell shows its column's name from this.
                data-label={labels[index]}
              >
                <table.FlexRender cell={cell} />
              </td>
            );
          })}
          {renderRowActions && (
            <td className="eng-cell--actions" data-label={actionsLabel}>
              {renderRowActions(row.original)}
            </td>
          )}
        </tr>
      );
      if (!startsDay) return [drawn];
      return [
        <tr key={`day-${row.id}`} className="eng-table__day">
          <th scope="colgroup" colSpan={span}>
            {dayHeading(day, new Date(), locale, t)}
          </th>
        </tr>,
        drawn,
      ];
    });
    if (rowWindow) body = [spacer(rowWindow.before, 'before'), ...body, spacer(rowWindow.after, 'after')];
  }

  return (
    // The wrapper scrolls sideways on narrow screens; focusable and named so keyboard users can scroll it.
    // A group rather than a region: on a dashboard the section around it is already the landmark.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe scrollable-region-focusable).
    <div className="eng-table-wrap" role="group" aria-labelledby={captionId} tabIndex={0}>
      <table
        className={`eng-table${props.compact ? ' eng-table--compact' : ''}`}
        aria-busy={props.busy || undefined}
        aria-rowcount={rowWindow ? rows.length + 1 : undefined}
      >
        <caption id={captionId} className="eng-visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr aria-rowindex={rowWindow ? 1 : undefined}>
            {selection && (
              <th scope="col" className="eng-cell--select">
                <input
                  type="checkbox"
                  className="eng-checkbox"
                  checked={allSelected}
                  disabled={pageKeys.length === 0}
                  aria-label={t('engine.table.selectAll')}
                  onChange={() =>
                    selection.onChange(
                      allSelected ? new Set([...selection.keys].filter((key) => !pageKeys.includes(key))) : new Set([...selection.keys, ...pageKeys]),
                    )
                  }
                />
              </th>
            )}
            {headers.map((header, index) => {
              const column = columns[index];
              const sorted = header.column.getIsSorted();
              const label = <table.FlexRender header={header} />;
              return (
                <th
                  key={header.id}
                  scope="col"
                  className={column && isNumeric(column) ? 'eng-cell--number' : undefined}
                  aria-sort={header.column.getCanSort() ? ariaSort(sorted) : undefined}
                >
                  {header.column.getCanSort() ? (
                    <button type="button" className="eng-sort" onClick={header.column.getToggleSortingHandler()}>
                      {label}
                      <span className={`eng-sort__icon eng-sort__icon--${sorted || 'none'}`} aria-hidden="true" />
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
            {renderRowActions && (
              <th scope="col" className="eng-cell--actions">
                {actionsLabel}
              </th>
            )}
          </tr>
        </thead>
        <tbody ref={bodyRef}>{body}</tbody>
      </table>
    </div>
  );
}
