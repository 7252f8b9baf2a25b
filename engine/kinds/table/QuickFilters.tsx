import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuickFilters } from '../../spec/types';

/** A table's quick filter rows as a list: one row, several, or none. */
export function quickFilterRows(quickFilters: QuickFilters | QuickFilters[] | undefined): QuickFilters[] {
  if (!quickFilters) return [];
  return Array.isArray(quickFilters) ? quickFilters : [quickFilters];
}

/** The option a row of quick filters stands at: the address's (`?<field>=<value>`) when the row lists it, else its first. */
function pressedOption(row: QuickFilters, query: URLSearchParams): string {
  const asked = query.get(row.field);
  return asked !== null && row.options.includes(asked) ? asked : row.options[0]!;
}

/**
 * The values a table's rows of quick filters stand at, read from the address, the first option of a row
 * when the address names none or one the spec does not list. `params` are what the request gets: an
 * option named `any` (all) or `unfold` (a period of one's own) sends nothing for its field. `choose` puts
 * another value in the address, replacing the entry so that Back leaves the list rather than stepping
 * through filters. `unfolded` says an `unfold` option is pressed (the folded filters then open).
 *
 * @example
 * ```ts
 * const quick = useQuickFilters([{ field: 'state', options: ['all', 'open'], any: 'all', label: 'orders.show' }]);
 * quick.params; // {} at /orders, { state: 'open' } at /orders?state=open
 * ```
 */
export function useQuickFilters(quickFilters: QuickFilters | QuickFilters[] | undefined): {
  /** Field -> the pressed option. */
  values: Record<string, string>;
  params: Record<string, string>;
  /** Whether a button other than a row's first is pressed. */
  narrowed: boolean;
  /** Whether a row's `unfold` option is pressed. */
  unfolded: boolean;
  choose: (field: string, value: string) => void;
} {
  const [query, setQuery] = useSearchParams();
  const rows = useMemo(() => quickFilterRows(quickFilters), [quickFilters]);
  const values = Object.fromEntries(rows.map((row) => [row.field, pressedOption(row, query)]));
  const params = Object.fromEntries(
    rows.filter((row) => values[row.field] !== row.any && values[row.field] !== row.unfold).map((row) => [row.field, values[row.field]!]),
  );
  const choose = useCallback(
    (field: string, next: string) => {
      setQuery(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(field, next);
          return updated;
        },
        { replace: true },
      );
    },
    [setQuery],
  );
  return {
    values,
    params,
    narrowed: rows.some((row) => values[row.field] !== row.options[0]),
    unfolded: rows.some((row) => row.unfold !== undefined && values[row.field] === row.unfold),
    choose,
  };
}

/**
 * One row of quick filter buttons: one pressed (`aria-pressed`), named as a group for screen readers.
 *
 * @example
 * ```tsx
 * <QuickFilterButtons quickFilters={row} value={quick.values[row.field]} onChange={(value) => quick.choose(row.field, value)} />
 * ```
 */
export function QuickFilterButtons({
  quickFilters,
  value,
  onChange,
}: {
  quickFilters: QuickFilters;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const prefix = quickFilters.labels ?? `enums.${quickFilters.field}`;
  return (
    <div className="eng-quick-filters" role="group" aria-label={t(quickFilters.label)} data-field={quickFilters.field}>
      {quickFilters.options.map((option) => (
        <button
          key={option}
          type="button"
          className={`eng-button eng-button--chip ${option === value ? 'eng-button--primary' : 'eng-button--secondary'}`}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {t(`${prefix}.${option}`)}
        </button>
      ))}
    </div>
  );
}
