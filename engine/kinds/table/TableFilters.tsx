import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterSchema } from '../../schema-form/formSchemas';
import { SchemaForm } from '../../schema-form/SchemaForm';
import type { TableSpec } from '../../spec/types';

/**
 * The filter form of a table, in its own chunk (it brings rjsf), loaded only by tables that have filters.
 * Fields follow the schema's rules except `required`: an empty filter means "all". Values are applied on
 * submit, not on each keystroke, so a half-typed name does not send a request per letter. Fields `hidden`
 * names (offered only by some answers of the list) are drawn hidden and never sent.
 *
 * @example
 * ```tsx
 * <TableFilters idPrefix="history-filters" filters={table.filters} onApply={setFilters} />
 * ```
 */
export default function TableFilters({
  idPrefix,
  filters,
  hidden = [],
  onApply,
}: {
  idPrefix: string;
  filters: NonNullable<TableSpec['filters']>;
  /** Fields not offered now (their `answerWhen` fails): hidden, and sent empty. */
  hidden?: readonly string[];
  onApply: (values: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => filterSchema(filters), [filters]);
  const hiddenKey = hidden.join(',');
  // A field not offered is drawn hidden rather than dropped from the schema, so the compiled validator still
  // fits; its own uiSchema (a dictionary it would ask for) is not read meanwhile.
  const uiSchema = useMemo(
    () => ({ ...filters.uiSchema, ...Object.fromEntries((hiddenKey ? hiddenKey.split(',') : []).map((field) => [field, { 'ui:widget': 'hidden' }])) }),
    [filters.uiSchema, hiddenKey],
  );
  const [values, setValues] = useState<Record<string, unknown>>({});
  const withoutHidden = (all: Record<string, unknown>) => Object.fromEntries(Object.entries(all).filter(([field]) => !hidden.includes(field)));
  const [generation, setGeneration] = useState(0);

  return (
    <section className="eng-filters" aria-label={t('engine.table.filters')}>
      <SchemaForm
        key={generation}
        idPrefix={idPrefix}
        className="eng-form eng-form--filters"
        schema={schema}
        uiSchema={uiSchema}
        formData={values}
        onChange={setValues}
        onSubmit={(applied) => onApply(withoutHidden(applied))}
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
