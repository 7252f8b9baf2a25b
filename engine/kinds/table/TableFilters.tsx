import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterSchema } from '../../schema-form/formSchemas';
import { SchemaForm } from '../../schema-form/SchemaForm';
import type { TableSpec } from '../../spec/types';

/**
 * The filter form of a table, in its own chunk (it brings rjsf), loaded only by tables that have filters.
 * Fields follow the schema's rules except `required`: an empty filter means "all". Values are applied on
 * submit, not on each keystroke, so a half-typed name does not send a request per letter.
 *
 * @example
 * ```tsx
 * <TableFilters idPrefix="history-filters" filters={table.filters} onApply={setFilters} />
 * ```
 */
export default function TableFilters({
  idPrefix,
  filters,
  onApply,
}: {
  idPrefix: string;
  filters: NonNullable<TableSpec['filters']>;
  onApply: (values: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => filterSchema(filters), [filters]);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [generation, setGeneration] = useState(0);

  return (
    <section className="eng-filters" aria-label={t('engine.table.filters')}>
      <SchemaForm
        key={generation}
        idPrefix={idPrefix}
        className="eng-form eng-form--filters"
        schema={schema}
        uiSchema={filters.uiSchema}
        formData={values}
        onChange={setValues}
        onSubmit={onApply}
      >
        <div className="eng-form__buttons">
          <button type="submit" className="eng-button eng-button--primary">
            {t('engine.table.applyFilters')}
          </button>
          <button
            type="button"
            className="eng-button eng-button--secondary"
            onClick={() => {
              setValues({});
              setGeneration((current) => current + 1);
              onApply({});
            }}
          >
            {t('engine.table.resetFilters')}
          </button>
        </div>
      </SchemaForm>
    </section>
  );
}
