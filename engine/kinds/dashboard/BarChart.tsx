import { useTranslation } from 'react-i18next';
import { formatText } from '../../format/formatValue';
import { decimalToNumber } from '../../format/numbers';
import { fieldLabel, useIntlLocale } from '../../i18n/labels';
import type { Column, JsonSchema } from '../../spec/types';
import type { Row } from '../table/rows';

const WIDTH = 640;
const ROW_HEIGHT = 32;
const LABEL_WIDTH = 200;
const VALUE_WIDTH = 130;
const BAR_HEIGHT = 20;

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
  const plotWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const zeroX = LABEL_WIDTH + ((0 - min) / span) * plotWidth;
  const height = rows.length * ROW_HEIGHT;

  return (
    <figure className="eng-chart">
      <svg className="eng-chart__svg" viewBox={`0 0 ${WIDTH} ${height}`} aria-hidden="true" focusable="false">
        {rows.map((row, index) => {
          const amount = numbers[index] ?? 0;
          const barWidth = (Math.abs(amount) / span) * plotWidth;
          const y = index * ROW_HEIGHT + (ROW_HEIGHT - BAR_HEIGHT) / 2;
          const x = amount < 0 ? zeroX - barWidth : zeroX;
          return (
            <g key={index}>
              <text x={LABEL_WIDTH - 8} y={y + BAR_HEIGHT / 2} dominantBaseline="middle" textAnchor="end" className="eng-chart__label">
                {formatText(row[category.field], category, row, ctx, categoryProperty)}
              </text>
              <rect
                x={x}
                y={y}
                width={Math.max(barWidth, 1)}
                height={BAR_HEIGHT}
                rx={3}
                className={amount < 0 ? 'eng-chart__bar eng-chart__bar--negative' : 'eng-chart__bar'}
              />
              <text x={WIDTH - VALUE_WIDTH + 8} y={y + BAR_HEIGHT / 2} dominantBaseline="middle" className="eng-chart__value">
                {formatText(row[value.field], value, row, ctx, valueProperty)}
              </text>
            </g>
          );
        })}
        <line x1={zeroX} x2={zeroX} y1={0} y2={height} className="eng-chart__axis" />
      </svg>
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
