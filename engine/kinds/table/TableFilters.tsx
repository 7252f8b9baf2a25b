import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../../i18n/labels';
import { filterSchema } from '../../schema-form/formSchemas';
import { SchemaForm } from '../../schema-form/SchemaForm';
import type { TableSpec } from '../../spec/types';

const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The filter form of a table, in its own chunk (it brings rjsf), loaded only by tables that have filters.
 * Fields follow the schema's rules except `required`: an empty filter means "all". Values are applied on
 * submit, not on each keystroke, so a half-typed name does not send a request per letter. Fields `hidden`
 * names (offered only by some answers of the list) are drawn hidden and never sent.
 *
 * With `filters.search` that field is a search box above the rest, always open, applied with Enter or
 * its button together with the form's applied values; with `filters.folded` the form sits under a
 * disclosure ("More filters", with how many are applied), opened by the reader or when `unfold` turns true
 * (a quick filter asking for a period of one's own).
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
  unfold = false,
  onApply,
  children,
}: {
  idPrefix: string;
  filters: NonNullable<TableSpec['filters']>;
  /** Fields not offered now (their `answerWhen` fails): hidden, and sent empty. */
  hidden?: readonly string[];
  /** Opens the folded form (it stays open once opened). */
  unfold?: boolean;
  onApply: (values: Record<string, unknown>) => void;
  /** Drawn between the search box and the form (the quick filters). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const searchId = useId();
  const schema = useMemo(() => filterSchema(filters), [filters]);
  const search = filters.search;
  // The search field lives in the box, not the form: drawn hidden there, as a field not offered is.
  const hiddenKey = [...hidden, ...(search ? [search] : [])].join(',');
  // A field not offered is drawn hidden rather than dropped from the schema, so the compiled validator still
  // fits; its own uiSchema (a dictionary it would ask for) is not read meanwhile.
  const uiSchema = useMemo(
    () => ({ ...filters.uiSchema, ...Object.fromEntries((hiddenKey ? hiddenKey.split(',') : []).map((field) => [field, { 'ui:widget': 'hidden' }])) }),
    [filters.uiSchema, hiddenKey],
  );
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [applied, setApplied] = useState<Record<string, unknown>>({});
  const [searchText, setSearchText] = useState('');
  const [open, setOpen] = useState(unfold);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (unfold) setOpen(true);
  }, [unfold]);

  const apply = (form: Record<string, unknown>, text: string) => {
    const own = Object.fromEntries(Object.entries(form).filter(([field]) => !hidden.includes(field) && field !== search));
    setApplied(own);
    onApply({ ...own, ...(search && text.trim() !== '' ? { [search]: text.trim() } : {}) });
  };
  const appliedCount = Object.values(applied).filter(hasValue).length;
  const searchProperty = search ? schema.properties?.[search] : undefined;
  const maxLength = typeof searchProperty?.maxLength === 'number' ? searchProperty.maxLength : undefined;

  const form = (
    <SchemaForm
      key={generation}
      idPrefix={idPrefix}
      className="eng-form eng-form--filters"
      schema={schema}
      uiSchema={uiSchema}
      formData={values}
      onChange={setValues}
      onSubmit={(submitted) => apply(submitted, searchText)}
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
            apply({}, searchText);
          }}
        >
          {t('engine.table.resetFilters')}
        </button>
      </div>
    </SchemaForm>
  );

  return (
    <>
      {search && (
        <form
          role="search"
          className="eng-search"
          onSubmit={(event) => {
            event.preventDefault();
            apply(applied, searchText);
          }}
        >
          <label className="eng-visually-hidden" htmlFor={searchId}>
            {fieldLabel(t, search, searchProperty)}
          </label>
          <input
            id={searchId}
            type="search"
            className="eng-input eng-search__input"
            value={searchText}
            maxLength={maxLength}
            placeholder={fieldLabel(t, search, searchProperty)}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <button type="submit" className="eng-button eng-button--primary">
            {t('engine.table.search')}
          </button>
        </form>
      )}
      {children}
      {filters.folded ? (
        <details className="eng-filters eng-filters--folded" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary className="eng-filters__summary">
            {appliedCount > 0 ? t('engine.table.moreFiltersApplied', { count: appliedCount }) : t('engine.table.moreFilters')}
          </summary>
          {open && form}
        </details>
      ) : (
        <section className="eng-filters" aria-label={t('engine.table.filters')}>
          {form}
        </section>
      )}
    </>
  );
}
