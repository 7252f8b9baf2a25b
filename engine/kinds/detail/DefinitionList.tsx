import { useTranslation } from 'react-i18next';
import { getPath } from '../../data/paths';
import { FormattedValue } from '../../format/formatValue';
import { fieldLabel } from '../../i18n/labels';
import type { Column, JsonSchema } from '../../spec/types';
import { matchesWhen } from '../../spec/when';

/**
 * Fields of one object as a definition list: label, then the formatted value. Empty values show the
 * column's `emptyText`, else a dash that screen readers read as "not provided", rather than an empty line;
 * a column's `hideEmpty` leaves its empty item out, and its `when` its item where the data fails it.
 *
 * @example
 * ```tsx
 * <DefinitionList data={profile} fields={[{ field: 'firstName' }, { field: 'birthDate', format: 'date' }]} entity={schema} />
 * ```
 */
export function DefinitionList({
  data,
  fields,
  entity,
  hideEmpty = false,
}: {
  data: Record<string, unknown>;
  fields: readonly Column[];
  entity?: JsonSchema;
  /** Leave out fields without a value rather than showing a dash. */
  hideEmpty?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <dl className="eng-details">
      {fields.map((column) => {
        const value = getPath(data, column.field);
        const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
        // A column's own `hideEmpty` and `when` leave its item out for this data (a fee a free item has not).
        if (empty && (hideEmpty || column.hideEmpty)) return null;
        if (column.when && !matchesWhen(column.when, data)) return null;
        return (
          <div key={column.field} className="eng-details__item">
            <dt>{fieldLabel(t, column.field, entity?.properties?.[column.field], column.label)}</dt>
            <dd data-field={column.field}>
              {empty && !column.emptyText ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="eng-visually-hidden">{t('engine.value.empty')}</span>
                </>
              ) : (
                <FormattedValue row={data} column={column} property={entity?.properties?.[column.field]} />
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
