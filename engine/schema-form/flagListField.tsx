import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorId, type FieldProps } from '@rjsf/utils';
import { fieldLabel } from '../i18n/labels';
import type { JsonSchema, UiOptions } from '../spec/types';
import { FieldErrorList } from './FieldErrorList';
import { useVisibleErrors } from './fieldVisibility';
import { sourceItems } from './optionWidgets';
import { formDataOf, optionSourceOf, useSourceData } from './sources';

type Entry = Record<string, unknown>;

/**
 * The entries a flag list holds for its source's items: one per item, in the items' order, named by the
 * item's `key`, its flag kept from the entry of that name already there, else off.
 *
 * @example
 * ```ts
 * flagListEntries([{ name: 'olives' }, { name: 'basil' }], [{ name: 'onions', left: true }, { name: 'basil', left: true }], 'name', 'left');
 * // [{ name: 'olives', left: false }, { name: 'basil', left: true }]
 * ```
 */
export function flagListEntries(items: readonly Entry[], entries: readonly Entry[], key: string, flag: string): Entry[] {
  return items.map((item) => ({ [key]: item[key], [flag]: entries.find((entry) => entry[key] === item[key])?.[flag] === true }));
}

/**
 * `ui:widget: flagList`: a list of objects each naming one thing (`ui:options.key`, default `id`) and
 * holding one yes/no (`ui:options.flag`), drawn as a group of checkboxes, one per entry in the value's
 * order, each labelled `<labelKey>.<key value>` (else the value itself) and checked where the flag is
 * true. Ticking one changes that entry's flag. With `ui:options.source` (a source as a select's: `path`,
 * `where`, `within`, `':name'` params read the form) the entries follow its items: one per item, in its
 * order, a flag kept by name and off for a new one, so the list changes as soon as the field the source
 * reads does; without one, entries are neither added nor removed. An empty list draws
 * `ui:options.emptyText` when the spec gives one.
 *
 * @example
 * ```yaml
 * toppings:                                  # [{ name: olives, left: false }, { name: onions, left: true }]
 *   ui:title: pizza.leaveOut
 *   ui:widget: flagList
 *   ui:options: { key: name, flag: left, labelKey: enums.topping }
 * extras:                                    # the extras of the size chosen, none ticked at first
 *   ui:widget: flagList
 *   ui:options:
 *     key: code
 *     flag: wanted
 *     source: { method: pizzaSizes, path: sizes, where: { field: code, equals: ':size' }, within: extras }
 *     emptyText: pizza.sizeFirst
 * ```
 */
export function FlagListField(props: FieldProps) {
  const { fieldPathId, formData, errorSchema, onChange, registry, schema, uiSchema, rawErrors, disabled, readonly } = props;
  const { t } = useTranslation();
  const options = (uiSchema?.['ui:options'] ?? {}) as UiOptions;
  const key = options.key ?? 'id';
  const flag = options.flag ?? 'on';
  const emptyText = typeof options.emptyText === 'string' ? options.emptyText : undefined;
  const source = optionSourceOf(options);
  const values = formDataOf(registry.formContext);
  const { data, waiting, failed } = useSourceData(source, values);
  const given = Array.isArray(formData) ? (formData as Entry[]) : [];
  // With a source, the entries follow its items once they are known (none while a field it reads is empty).
  const items = !source ? null : waiting || failed ? [] : data === undefined ? null : sourceItems(data, source, values);
  const settled = items === null ? null : flagListEntries(items, given, key, flag);
  const changed = settled !== null && JSON.stringify(settled) !== JSON.stringify(given);
  useEffect(() => {
    if (changed) onChange(settled, fieldPathId.path);
  }, [changed, settled, onChange, fieldPathId.path]);
  const entries = settled ?? given;
  const loading = source !== undefined && items === null;
  const errors = useVisibleErrors(fieldPathId.$id, rawErrors ?? errorSchema?.__errors);
  const title = uiSchema?.['ui:title'] as string | undefined;
  const help = uiSchema?.['ui:help'] as string | undefined;
  const legend = title ? t(title) : fieldLabel(t, props.name, schema as JsonSchema);
  const labelOf = (value: unknown) => {
    const wording = options.labelKey ? `${options.labelKey}.${String(value)}` : undefined;
    return wording && t(wording, { defaultValue: '' }) ? t(wording) : String(value);
  };
  return (
    <fieldset className="eng-fieldset" id={fieldPathId.$id} aria-describedby={errors.length > 0 ? errorId(fieldPathId.$id) : undefined}>
      <legend className="eng-legend">{legend}</legend>
      {help && <p className="eng-help">{t(help)}</p>}
      {loading && (
        <p className="eng-help" role="status">
          {t('engine.loading')}
        </p>
      )}
      {!loading && entries.length === 0 && emptyText && <p className="eng-help">{t(emptyText)}</p>}
      <div className="eng-fields">
        {entries.map((entry, index) => {
          const id = `${fieldPathId.$id}_${index}`;
          return (
            <div key={String(entry[key])} className="eng-checkbox-row">
              <input
                type="checkbox"
                id={id}
                name={id}
                className="eng-checkbox"
                checked={entry[flag] === true}
                disabled={disabled || readonly}
                onChange={(event) =>
                  onChange(
                    entries.map((other, at) => (at === index ? { ...other, [flag]: event.target.checked } : other)),
                    fieldPathId.path,
                  )
                }
              />
              <label htmlFor={id}>{labelOf(entry[key])}</label>
            </div>
          );
        })}
      </div>
      <FieldErrorList fieldId={fieldPathId.$id} errors={errors} />
    </fieldset>
  );
}
