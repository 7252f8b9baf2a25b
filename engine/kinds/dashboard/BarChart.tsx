import { useTranslation } from 'react-i18next';
import { formatText } from '../../format/formatValue';
import { decimalToNumber } from '../../format/numbers';
import { fieldLabel, useIntlLocale } from '../../i18n/labels';
import type { Column, JsonSchema } from '../../spec/types';
import type { Row } from '../table/rows';

/**
 * A horizontal bar chart of one numeric field: `category` names each bar, `value` sizes it (money and
 * decimal strings are read as numbers for the geometry only; the labels are formatted exactly). Negative
 * values grow left of a zero line. The drawing is hidden from screen readers, which read the same data as
 * a table instead.
 *
 * @example
 * ```tsx
 * <BarChart caption="Spending by category" rows={rows} category={{ field: 'category' }}
 *   value={{ field: 'amount', format: 'money', currencyField: 'currencyCode' }} />
 * ```
 */
export function BarChart({
  caption,
  rows,
  category,
  value,
  entity,
}: {
  caption: string;
  rows: readonly Row[];
  category: Column;
  value: Column;
  entity?: JsonSchema;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const ctx = { locale, t };
  const categoryProperty = entity?.properties?.[category.field];
  const valueProperty = entity?.properties?.[value.field];
  const numbers = rows.map((row) => decimalToNumber(row[value.field]));
  const max = Math.max(0, ...numbers);
  const min = Math.min(0, ...numbers);
  const span = max - min || 1;
  // Where zero sits on each bar's track, in per cent; negative bars grow left of it.
  const zero = ((0 - min) / span) * 100;

  return (
    <figure className="eng-chart">
      {/* Rows of HTML rather than one scaled drawing: the text keeps its real size on a phone. */}
      <div className="eng-chart__plot" aria-hidden="true">
        {rows.map((row, index) => {
          const amount = numbers[index] ?? 0;
          const width = (Math.abs(amount) / span) * 100;
          return (
            <div key={index} className="eng-chart__row">
              <span className="eng-chart__label">{formatText(row[category.field], category, row, ctx, categoryProperty)}</span>
              <span className="eng-chart__track" style={{ ['--eng-chart-zero' as string]: `${zero}%` }}>
                <span
                  className={amount < 0 ? 'eng-chart__bar eng-chart__bar--negative' : 'eng-chart__bar'}
                  style={{ left: `${amount < 0 ? zero - width : zero}%`, width: `max(${width}%, 1px)` }}
                />
              </span>
              <span className="eng-chart__value">{formatText(row[value.field], value, row, ctx, valueProperty)}</span>
            </div>
          );
        })}
      </div>
      <table className="eng-visually-hidden">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{fieldLabel(t, category.field, categoryProperty, category.label)}</th>
            <th scope="col">{fieldLabel(t, value.field, valueProperty, value.label)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <th scope="row">{formatText(row[category.field], category, row, ctx, categoryProperty)}</th>
              <td>{formatText(row[value.field], value, row, ctx, valueProperty)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
