import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormattedValue, formatText } from '../../format/formatValue';
import { fieldLabel, useIntlLocale } from '../../i18n/labels';
import type { CardSpec, Column, JsonSchema, ScreenSpec, TileArt } from '../../spec/types';
import { matchesWhen } from '../../spec/when';
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

type Heading = 'h2' | 'h3';

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

/** One item as a tile: its art or its title and value, then badges, footnotes and its own buttons. */
function Tile({
  spec,
  row,
  card,
  entity,
  heading,
}: {
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  row: Row;
  card: CardSpec;
  entity?: JsonSchema;
  heading: Heading;
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
      {card.actions && <RowActions spec={spec} actions={card.actions} row={row} columns={[title]} entity={entity} />}
    </li>
  );
}

/**
 * A responsive grid of tiles, one per item: title, subtitle, a big formatted value, badges with a tone per
 * value, footnotes as a small definition list, and the item's own buttons (`actions`, each shown where its
 * `when` holds for the item). With `art` a tile is a picture in the brand's colours ({@link ItemArt}).
 * One column on phones, more as the screen widens.
 *
 * @example
 * ```tsx
 * <CardsSection spec={spec} rows={stores} card={{ title: 'storeName', value: 'revenue', format: 'money', currencyField: 'currencyCode' }} />
 * ```
 */
export function CardsSection({
  spec,
  rows,
  card,
  entity,
  heading = 'h3',
}: {
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  rows: readonly Row[];
  card: CardSpec;
  entity?: JsonSchema;
  /** The tiles' heading level: h3 under a section title, h2 where the section has none. */
  heading?: Heading;
}) {
  return (
    <ul className={`eng-cards${card.art ? ' eng-cards--art' : ''}`}>
      {rows.map((row, index) => (
        <Tile key={card.key ? String(row[card.key]) : index} spec={spec} row={row} card={card} entity={entity} heading={heading} />
      ))}
    </ul>
  );
}
