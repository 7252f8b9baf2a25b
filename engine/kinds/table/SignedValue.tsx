import { FormattedValue } from '../../format/formatValue';
import type { Column, JsonSchema, ValueSign } from '../../spec/types';
import type { Row } from './rows';

/**
 * Which sign a row's value takes by its column's `sign`: `plus`, `minus`, or none when the row's field
 * is in neither list (or the column has no `sign`).
 *
 * @example
 * ```ts
 * signOf({ field: 'direction', plus: ['incoming'], minus: ['outgoing'] }, { direction: 'incoming' }); // 'plus'
 * ```
 */
export function signOf(sign: ValueSign | undefined, row: Row): 'plus' | 'minus' | undefined {
  if (!sign) return undefined;
  const value = row[sign.field];
  if (sign.plus.includes(value)) return 'plus';
  if (sign.minus.includes(value)) return 'minus';
  return undefined;
}

/** A value without its own sign: a decimal string or number's magnitude; anything else as it is. */
function magnitude(value: unknown): unknown {
  if (typeof value === 'number') return Math.abs(value);
  return typeof value === 'string' ? value.replace(/^-/, '') : value;
}

/**
 * A column's value as {@link FormattedValue} draws it, after `+` or `−` when the column has a `sign`
 * the row matches (the value's own sign dropped), carried as `data-sign` so the stylesheet colours money
 * in with the success colour. The sign is text, so screen readers say it.
 *
 * @example
 * ```tsx
 * <SignedValue row={{ amount: '-12.50', currencyCode: 'EUR', direction: 'outgoing' }}
 *   column={{ field: 'amount', format: 'money', currencyField: 'currencyCode', sign: { field: 'direction', plus: ['incoming'], minus: ['outgoing'] } }} />
 * // −€12.50
 * ```
 */
export function SignedValue({ row, column, property }: { row: Row; column: Column; property?: JsonSchema }) {
  const sign = signOf(column.sign, row);
  if (!sign) return <FormattedValue row={row} column={column} property={property} />;
  return (
    <span className="eng-signed" data-sign={sign}>
      {sign === 'plus' ? '+' : '\u2212'}
      <FormattedValue row={{ ...row, [column.field]: magnitude(row[column.field]) }} column={column} property={property} />
    </span>
  );
}
