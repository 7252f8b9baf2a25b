import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormattedValue, formatText } from '../../format/formatValue';
import { fieldLabel, useIntlLocale } from '../../i18n/labels';
import { formSchema } from '../../schema-form/formSchemas';
import { pickFields } from '../../schema-form/narrowSchema';
import type { CardSpec, Column, ItemGroups, JsonSchema, ScreenSpec, TileArt, TileForm, TileList } from '../../spec/types';
import { matchesWhen } from '../../spec/when';
import { FormBody } from '../form/FormScreen';
import { RowActions } from '../table/RowActions';
import type { Row } from '../table/rows';

/** A part of a tile named by a field, or by a column when it needs more (`emptyText`, `template`, `when`). */
export const asColumn = (part: string | Column): Column => (typeof part === 'string' ? { field: part } : part);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Whether a column has something to say for a row: its `when` holds and it has a value or an `emptyText`. */
const speaks = (column: Column, row: Row) => matchesWhen(column.when, row) && (!isEmpty(row[column.field]) || Boolean(column.emptyText));

/** The tile's big value as a column: the card's `format` and `currencyField` apply to a plain field name. */
function valueColumn(card: CardSpec): Column | undefined {
  if (!card.value) return undefined;
  return { format: card.format, currencyField: card.currencyField, ...asColumn(card.value) };
}

type Heading = 'h2' | 'h3' | 'h4';

/**
 * The picture of one item: a panel in the brand's primary colour holding the item's title (its heading),
 * a corner label, a large monospaced line (a masked number), small labelled values and a word-mark along
 * the bottom, and the big value. `muted` draws it in greys, `alternate` in the darker gradient.
 *
 * @example
 * ```tsx
 * <ItemArt row={member} art={{ number: 'memberNumber', mark: 'club' }} title={{ field: 'name' }} headingId="m-7" />
 * ```
 */
export function ItemArt({
  row,
  art,
  title,
  value,
  entity,
  heading = 'h2',
  headingId,
}: {
  /** The item: any object, read by field name. */
  row: object;
  art: TileArt;
  title: Column;
  value?: Column;
  entity?: JsonSchema;
  heading?: Heading;
  headingId?: string;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const item = row as Row;
  const property = (field: string) => entity?.properties?.[field];
  const text = (column: Column) => formatText(item[column.field], column, item, { locale, t }, property(column.field));
  const label = (column: Column) => fieldLabel(t, column.field, property(column.field), column.label);
  const Heading = heading;
  const number = art.number ? asColumn(art.number) : undefined;
  const corner = art.corner ? asColumn(art.corner) : undefined;
  const mark = art.mark ? asColumn(art.mark) : undefined;
  const footer = (art.footer ?? []).filter((column) => speaks(column, item));
  return (
    <div
      className="eng-art"
      data-muted={(art.muted && matchesWhen(art.muted, item)) || undefined}
      data-alternate={(art.alternate && matchesWhen(art.alternate, item)) || undefined}
    >
      <div className="eng-art__top">
        <Heading id={headingId} className="eng-art__title">
          {text(title)}
        </Heading>
        {corner && speaks(corner, item) && <span className="eng-art__corner">{text(corner)}</span>}
      </div>
      {number && speaks(number, item) && (
        <p className="eng-art__number" data-field={number.field}>
          <span className="eng-visually-hidden">{`${label(number)}: `}</span>
          {text(number)}
        </p>
      )}
      <div className="eng-art__bottom">
        <span className="eng-art__footer">
          {footer.map((column) => (
            <span key={column.field}>
              <span className="eng-art__label">{label(column)}</span> {text(column)}
            </span>
          ))}
        </span>
        {mark && speaks(mark, item) && <span className="eng-art__mark">{text(mark)}</span>}
      </div>
      {value && speaks(value, item) && (
        <p className="eng-art__value">
          <span className="eng-art__label">{label(value)}</span> <span className="eng-number">{text(value)}</span>
        </p>
      )}
    </div>
  );
}

/**
 * The item's own list: a line per entry, each column formatted (badges as badges), a missing value left out
 * unless its column's `emptyText` says something; the list's `emptyText` where it has no entry.
 */
function TileEntries({ row, list, entity }: { row: Row; list: TileList; entity?: JsonSchema }) {
  const { t } = useTranslation();
  const entries = Array.isArray(row[list.field])
    ? (row[list.field] as unknown[]).filter((entry): entry is Row => typeof entry === 'object' && entry !== null)
    : [];
  const itemSchema = entity?.properties?.[list.field]?.items;
  if (entries.length === 0) return list.emptyText ? <p className="eng-card__entries-empty">{t(list.emptyText, row)}</p> : null;
  return (
    <ul className="eng-card__entries" aria-label={list.label ? t(list.label, row) : undefined} data-field={list.field}>
      {entries.map((entry, index) => (
        <li key={index}>
          {list.columns
            .filter((column) => speaks(column, entry))
            .map((column) => (
              <span key={column.field} data-field={column.field}>
                <FormattedValue row={entry} column={column} property={itemSchema?.properties?.[column.field]} />
              </span>
            ))}
        </li>
      ))}
    </ul>
  );
}

/** The item's own form: its fields start from the item's values; every section reloads after a success. */
function TileFormBody({ spec, row, form, idPrefix }: { spec: ScreenSpec; row: Row; form: TileForm; idPrefix: string }) {
  const schema = useMemo(() => formSchema(form), [form]);
  const initialData = useMemo(() => pickFields(row, form.fields), [row, form.fields]);
  return (
    <div className="eng-card__form">
      <FormBody
        key={JSON.stringify(initialData)}
        spec={spec}
        form={form}
        schema={schema}
        initialData={initialData}
        idPrefix={idPrefix}
        resetOnDone
        labelValues={row}
      />
    </div>
  );
}

/** One item as a tile: its art or its title and value, then badges, footnotes, its list, its form and its own buttons. */
function Tile({
  spec,
  row,
  card,
  entity,
  heading,
  index,
}: {
  spec: ScreenSpec;
  row: Row;
  card: CardSpec;
  entity?: JsonSchema;
  heading: Heading;
  index: number;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const headingId = useId();
  const property = (field: string) => entity?.properties?.[field];
  const text = (column: Column) => formatText(row[column.field], column, row, { locale, t }, property(column.field));
  const title = asColumn(card.title);
  const subtitle = card.subtitle ? asColumn(card.subtitle) : undefined;
  const value = valueColumn(card);
  const badges = (card.badges ?? []).filter((column) => speaks(column, row));
  const footnotes = (card.footnotes ?? []).filter((column) => speaks(column, row));
  const Heading = heading;
  return (
    <li className={`eng-card${card.art ? ' eng-card--art' : ''}`} data-key={card.key ? String(row[card.key] ?? '') : undefined} aria-labelledby={headingId}>
      {card.art ? (
        <ItemArt row={row} art={card.art} title={title} value={value} entity={entity} heading={heading} headingId={headingId} />
      ) : (
        <>
          <Heading id={headingId} className="eng-card__title">
            {text(title)}
          </Heading>
          {subtitle && speaks(subtitle, row) && <p className="eng-card__subtitle">{text(subtitle)}</p>}
          {value && speaks(value, row) && (
            <p className="eng-card__value">
              <span className="eng-visually-hidden">{`${fieldLabel(t, value.field, property(value.field), value.label)}: `}</span>
              {text(value)}
            </p>
          )}
        </>
      )}
      {card.art && subtitle && speaks(subtitle, row) && <p className="eng-card__subtitle">{text(subtitle)}</p>}
      {badges.length > 0 && (
        <p className="eng-card__badges">
          {badges.map((column) => (
            <FormattedValue key={column.field} row={row} column={{ format: 'badge', ...column }} property={property(column.field)} />
          ))}
        </p>
      )}
      {footnotes.length > 0 && (
        <dl className="eng-card__footnotes">
          {footnotes.map((column) => (
            <div key={column.field}>
              <dt>{fieldLabel(t, column.field, property(column.field), column.label)}</dt>
              <dd>
                <FormattedValue row={row} column={column} property={property(column.field)} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {card.list && <TileEntries row={row} list={card.list} entity={entity} />}
      {card.form && matchesWhen(card.form.when, row) && (
        <TileFormBody spec={spec} row={row} form={card.form} idPrefix={`${spec.id}-${card.key ? String(row[card.key] ?? index) : index}`} />
      )}
      {card.actions && <RowActions spec={spec} actions={card.actions} row={row} columns={[title]} entity={entity} />}
    </li>
  );
}

/** The items in groups sharing the value of `field`, the groups in the order their first item comes. */
function groupsOf(rows: readonly Row[], field: string): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const value = String(row[field] ?? '');
    const group = groups.get(value);
    if (group) group.push(row);
    else groups.set(value, [row]);
  }
  return [...groups.values()];
}

const deeper: Record<Heading, Heading> = { h2: 'h3', h3: 'h4', h4: 'h4' };

/**
 * A responsive grid of tiles, one per item: title, subtitle, a big formatted value, badges with a tone per
 * value, footnotes as a small definition list, the item's own list (`list`), its own form (`form`, where its
 * `when` holds) and its own buttons (`actions`, each shown where its `when` holds for the item). With `art`
 * a tile is a picture in the brand's colours ({@link ItemArt}). With `groupBy`, the items sharing a value
 * are drawn under a heading of their own (worded from the group's first item), a level above the tiles'.
 * One column on phones, more as the screen widens.
 *
 * @example
 * ```tsx
 * <CardsSection spec={spec} rows={stores} card={{ title: 'storeName', value: 'revenue', format: 'money', currencyField: 'currencyCode' }} />
 * <CardsSection spec={spec} rows={items} card={{ title: 'name' }} groupBy={{ field: 'region', title: 'stores.region' }} />
 * ```
 */
export function CardsSection({
  spec,
  rows,
  card,
  entity,
  heading = 'h3',
  groupBy,
}: {
  spec: ScreenSpec;
  rows: readonly Row[];
  card: CardSpec;
  entity?: JsonSchema;
  /** The first heading level: h3 under a section title, h2 where the section has none. */
  heading?: Heading;
  groupBy?: ItemGroups;
}) {
  const tiles = (items: readonly Row[], level: Heading) => (
    <ul className={`eng-cards${card.art ? ' eng-cards--art' : ''}`}>
      {items.map((row, index) => (
        <Tile key={card.key ? String(row[card.key]) : index} spec={spec} row={row} card={card} entity={entity} heading={level} index={rows.indexOf(row)} />
      ))}
    </ul>
  );
  if (!groupBy) return tiles(rows, heading);
  return (
    <div className="eng-card-groups">
      {groupsOf(rows, groupBy.field).map((group) => (
        <CardGroup key={String(group[0]![groupBy.field])} first={group[0]!} groupBy={groupBy} heading={heading}>
          {tiles(group, deeper[heading])}
        </CardGroup>
      ))}
    </div>
  );
}

/** One group of tiles: a region named by its heading, worded from its first item. */
function CardGroup({ first, groupBy, heading, children }: { first: Row; groupBy: ItemGroups; heading: Heading; children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  const Heading = heading;
  return (
    <section className="eng-card-group" data-group={String(first[groupBy.field] ?? '')} aria-labelledby={headingId}>
      <Heading id={headingId} className="eng-card-group__title">
        {t(groupBy.title, first)}
      </Heading>
      {groupBy.text && <p className="eng-card-group__text">{t(groupBy.text, first)}</p>}
      {children}
    </section>
  );
}
