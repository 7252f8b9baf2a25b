import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuickFilters } from '../../spec/types';

/**
 * The value a table's quick filters stand at, read from the address (`?<field>=<value>`), the first option
 * when the address names none or one the spec does not list; `choose` puts another in the address,
 * replacing the entry so that Back leaves the list rather than stepping through filters.
 *
 * @example
 * ```ts
 * const quick = useQuickFilter({ field: 'state', options: ['all', 'open'], label: 'orders.show' });
 * quick.params; // { state: 'all' } at /orders, { state: 'open' } at /orders?state=open
 * ```
 */
export function useQuickFilter(quickFilters: QuickFilters | undefined): {
  value: string | undefined;
  params: Record<string, string>;
  /** Whether a button other than the first is pressed. */
  narrowed: boolean;
  choose: (value: string) => void;
} {
  const [query, setQuery] = useSearchParams();
  const field = quickFilters?.field;
  const asked = field ? query.get(field) : null;
  const value = quickFilters ? (asked !== null && quickFilters.options.includes(asked) ? asked : quickFilters.options[0]) : undefined;
  const choose = useCallback(
    (next: string) => {
      if (!field) return;
      setQuery(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(field, next);
          return updated;
        },
        { replace: true },
      );
    },
    [field, setQuery],
  );
  return {
    value,
    params: field && value !== undefined ? { [field]: value } : {},
    narrowed: quickFilters !== undefined && value !== quickFilters.options[0],
    choose,
  };
}

/**
 * The row of quick filter buttons: one pressed (`aria-pressed`), named as a group for screen readers.
 *
 * @example
 * ```tsx
 * <QuickFilterButtons quickFilters={table.quickFilters} value={quick.value} onChange={quick.choose} />
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
    <div className="eng-quick-filters" role="group" aria-label={t(quickFilters.label)}>
      {quickFilters.options.map((option) => (
        <button
          key={option}
          type="button"
          className={`eng-button ${option === value ? 'eng-button--primary' : 'eng-button--secondary'}`}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {t(`${prefix}.${option}`)}
        </button>
      ))}
    </div>
  );
}
