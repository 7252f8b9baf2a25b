import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fillPath } from '../../data/paths';
import { columnFormat, FormattedValue } from '../../format/formatValue';
import { useIntlLocale } from '../../i18n/labels';
import type { Column, EmptyAction, JsonSchema, RowListSpec } from '../../spec/types';
import { matchesWhen } from '../../spec/when';
import { ErrorState } from '../../ui/ErrorState';
import type { EmptyIllustration } from '../../ui/EmptyState';
import { EmptyRows } from './EmptyRows';
import { Skeleton } from '../../ui/Skeleton';
import { dayHeading, rowsByDay, timeOfDay } from './days';
import type { Row } from './rows';
import { SignedValue } from './SignedValue';

const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '';

/** What a {@link RowList} draws: the rows, how each reads, and the states of the list. */
export interface RowListProps {
  /** The list's accessible name. */
  caption: string;
  list: RowListSpec;
  columns: readonly Column[];
  entity?: JsonSchema;
  rows: Row[];
  rowLink?: string;
  rowKey?: string;
  /** Row field holding a date or date-time: a heading (Today, Yesterday, the date) starts each day. */
  groupByDay?: string;
  /** The level of the day headings: one below the heading the list sits under. */
  headingLevel?: 2 | 3;
  emptyText?: string;
  emptyAction?: EmptyAction;
  /** The picture beside the empty text: nothing yet, or nothing matching the filters. */
  emptyIllustration?: EmptyIllustration;
  /** No data yet: `loadingRows` placeholder lines (default 5, a page of rows is better), under a day heading with `groupByDay`. */
  loading: boolean;
  loadingRows?: number;
  busy?: boolean;
  error?: unknown;
  onRetry?: () => void;
}

/**
 * Rows drawn as a list of lines (a feed), for lists read more than compared: each line has a title (falling
 * back to its text where the row has none), a text with a small `meta` beside it, and at its end the value
 * (signed by its column's `sign`) over the badges whose column's `when` holds for the row. With
 * `groupByDay` the lines sit under day headings (Today, Yesterday, or the date), and a `meta` date-time reads
 * as its time. While loading it holds placeholder lines of a line's height, a page of them, so that what
 * follows the list stays put when the rows arrive. With `rowLink` the whole line is one link, so it opens from anywhere, by keyboard too, and a
 * screen reader hears the whole line as the link's name. Parts name fields of `columns`, whose formats they use.
 *
 * @example
 * ```tsx
 * <RowList caption="Payments" list={{ title: 'payee', text: 'memo', value: 'amount', badges: ['state'] }}
 *   columns={table.columns} rows={rows} rowLink="/payments/:id" groupByDay="paidAt" loading={false} />
 * ```
 */
export function RowList(props: RowListProps) {
  const { list, columns, entity, rows, rowLink, rowKey, groupByDay } = props;
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const captionId = useId();
  const column = (field: string | undefined): Column | undefined => (field ? (columns.find((c) => c.field === field) ?? { field }) : undefined);
  const title = column(list.title)!;
  const text = column(list.text);
  const value = column(list.value)!;
  const metas = (list.meta === undefined ? [] : Array.isArray(list.meta) ? list.meta : [list.meta]).map((field) => column(field)!);
  const badges = (list.badges ?? []).map((field) => column(field)!);
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  const property = (part: Column) => entity?.properties?.[part.field];
  const formatted = (part: Column, row: Row) => <FormattedValue row={row} column={part} property={property(part)} />;

  const line = (row: Row, index: number): ReactNode => {
    const titled = hasValue(row[title.field]) || !text;
    const metaValues = metas
      .filter((meta) => hasValue(row[meta.field]))
      .map((meta) => (
        <span key={meta.field} className="eng-row-list__meta">
          {groupByDay && columnFormat(meta, property(meta)) === 'datetime' ? timeOfDay(row[meta.field], locale) : formatted(meta, row)}
        </span>
      ));
    const shownBadges = badges.filter((badge) => hasValue(row[badge.field]) && matchesWhen(badge.when, row));
    const content = (
      <>
        <span className="eng-row-list__main">
          <span className="eng-row-list__title">{formatted(titled ? title : text!, row)}</span>
          {(titled && text && hasValue(row[text.field])) || metaValues.length > 0 ? (
            <span className="eng-row-list__text">
              {titled && text && hasValue(row[text.field]) && <span>{formatted(text, row)}</span>}
              {metaValues}
            </span>
          ) : null}
        </span>
        <span className="eng-row-list__end">
          <span className="eng-row-list__value">
            <SignedValue row={row} column={value} property={property(value)} />
          </span>
          {shownBadges.length > 0 && (
            <span className="eng-row-list__badges">
              {shownBadges.map((badge) => (
                <FormattedValue key={badge.field} row={row} column={{ ...badge, format: 'badge' }} property={property(badge)} />
              ))}
            </span>
          )}
        </span>
      </>
    );
    const to = rowLink ? fillPath(rowLink, row) : null;
    return (
      <li
        key={rowKey !== undefined ? String(row[rowKey] ?? index) : index}
        className="eng-row-list__item"
        data-key={rowKey !== undefined ? String(row[rowKey] ?? '') : undefined}
      >
        {to ? (
          <Link className="eng-row-list__line eng-row-list__line--link" to={to}>
            {content}
          </Link>
        ) : (
          <div className="eng-row-list__line">{content}</div>
        )}
      </li>
    );
  };

  let body: ReactNode;
  if (props.error) body = <ErrorState onRetry={props.onRetry} />;
  else if (props.loading) body = <Skeleton shape="lines" rows={props.loadingRows ?? 5} heading={groupByDay !== undefined} />;
  else if (rows.length === 0) {
    body = <EmptyRows text={props.emptyText} illustration={props.emptyIllustration} action={props.emptyAction} />;
  } else if (groupByDay) {
    const now = new Date();
    let index = 0;
    body = rowsByDay(rows, groupByDay).map((group) => (
      <section key={`${group.day}-${index}`} className="eng-row-list__day">
        {group.day !== '' && <Heading className="eng-row-list__heading">{dayHeading(group.day, now, locale, t)}</Heading>}
        <ul className="eng-row-list__items">{group.rows.map((row) => line(row, index++))}</ul>
      </section>
    ));
  } else {
    body = <ul className="eng-row-list__items">{rows.map(line)}</ul>;
  }

  return (
    <div className="eng-row-list" role="group" aria-labelledby={captionId} aria-busy={props.busy || undefined}>
      <span id={captionId} className="eng-visually-hidden">
        {props.caption}
      </span>
      {body}
    </div>
  );
}
