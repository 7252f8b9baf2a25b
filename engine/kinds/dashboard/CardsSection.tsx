import { useTranslation } from 'react-i18next';
import { FormattedValue, formatText } from '../../format/formatValue';
import { fieldLabel, useIntlLocale } from '../../i18n/labels';
import type { CardSpec, JsonSchema } from '../../spec/types';
import type { Row } from '../table/rows';

/**
 * A responsive grid of cards, one per row: title, subtitle, a big formatted value, and footnotes as a small
 * definition list. One column on phones, more as the screen widens.
 *
 * @example
 * ```tsx
 * <CardsSection rows={stores} card={{ title: 'storeName', value: 'revenue', format: 'money', currencyField: 'currencyCode' }} />
 * ```
 */
export function CardsSection({ rows, card, entity }: { rows: readonly Row[]; card: CardSpec; entity?: JsonSchema }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const ctx = { locale, t };
  const property = (field: string) => entity?.properties?.[field];
  return (
    <ul className="eng-cards">
      {rows.map((row, index) => (
        <li key={index} className="eng-card">
          <h3 className="eng-card__title">{formatText(row[card.title], { field: card.title }, row, ctx, property(card.title))}</h3>
          {card.subtitle && (
            <p className="eng-card__subtitle">
              {formatText(row[card.subtitle], { field: card.subtitle }, row, ctx, property(card.subtitle))}
            </p>
          )}
          <p className="eng-card__value">
            <span className="eng-visually-hidden">{`${fieldLabel(t, card.value, property(card.value))}: `}</span>
            {formatText(
              row[card.value],
              { field: card.value, format: card.format, currencyField: card.currencyField },
              row,
              ctx,
              property(card.value),
            )}
          </p>
          {card.footnotes && card.footnotes.length > 0 && (
            <dl className="eng-card__footnotes">
              {card.footnotes.map((column) => (
                <div key={column.field}>
                  <dt>{fieldLabel(t, column.field, property(column.field), column.label)}</dt>
                  <dd>
                    <FormattedValue row={row} column={column} property={property(column.field)} />
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}
