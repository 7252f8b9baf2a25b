import { useTranslation } from 'react-i18next';
import { errorId, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import { enumLabel, fieldLabel, useIntlLocale } from '../i18n/labels';
import type { JsonSchema, UiOptions } from '../spec/types';
import { FieldErrorList } from './FieldErrorList';
import { useVisibleErrors } from './fieldVisibility';
import { sourceItems, wordedSourceChoices, type Choice } from './optionWidgets';
import { formDataOf, optionSourceOf, useSourceData } from './sources';
import { contextChoices, contextOptionsOf } from './contextChoices';

/**
 * The values a list of checkboxes holds after one is ticked or unticked: in the order of the choices, so
 * the list sent does not depend on the order of the clicks.
 *
 * @example
 * ```ts
 * toggledValues([3], [{ value: 1, label: 'A' }, { value: 3, label: 'C' }], 1, true); // [1, 3]
 * ```
 */
export function toggledValues(values: readonly unknown[], choices: readonly Choice[], value: Choice['value'], on: boolean): unknown[] {
  const kept = new Set(values.filter((held) => held !== value));
  if (on) kept.add(value);
  return choices.map((choice) => choice.value).filter((candidate) => kept.has(candidate));
}

/**
 * `ui:widget: checkboxes`: a list of plain values (ids, codes) chosen as a group of checkboxes, one per
 * option: the items of `ui:options.source` (worded as a select's: `value`, `label`, `labelKey`,
 * `labelKeyField`, or `optionLabel` and `optionText` with `optionValues`, as radios word theirs), or of `ui:options.fromContext` (lists of the data the form sits beside, see
 * `contextChoices`), else the values of the items' `enum` (worded `enums.<field or ui:options.enumKey>.<value>`). The legend is
 * `ui:title`; the list's `minItems` and `uniqueItems` hold as the schema says.
 *
 * @example
 * ```yaml
 * fruitIds:                                  # [1, 3]
 *   ui:widget: checkboxes
 *   ui:options: { source: { method: fruits, path: fruits, value: id, labelKeyField: labelKey } }
 * ```
 */
export function CheckboxesField(props: FieldProps) {
  const { fieldPathId, formData, errorSchema, onChange, registry, schema, uiSchema, rawErrors, disabled, readonly } = props;
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const options = (uiSchema?.['ui:options'] ?? {}) as UiOptions;
  const source = optionSourceOf(options);
  const values = formDataOf(registry.formContext);
  const { data, waiting, failed } = useSourceData(source, values);
  const listed = (schema as JsonSchema).items;
  const items = listed && typeof listed === 'object' ? (registry.schemaUtils.retrieveSchema(listed as RJSFSchema) as JsonSchema) : undefined;
  const enumKey = typeof options.enumKey === 'string' ? options.enumKey : props.name;
  const fromContext = contextOptionsOf(options);
  let choices: Choice[] | null;
  if (fromContext) choices = contextChoices(t, fromContext, (registry.formContext as { data?: unknown } | undefined)?.data, values);
  else if (source)
    choices = waiting || failed ? [] : data === undefined ? null : wordedSourceChoices(t, { t, locale }, sourceItems(data, source, values), source, options);
  else {
    choices = ((items?.enum ?? []) as unknown[])
      .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
      .map((value) => ({ value, label: enumLabel(t, enumKey, value) }));
  }
  const held = Array.isArray(formData) ? (formData as unknown[]) : [];
  const errors = useVisibleErrors(fieldPathId.$id, rawErrors ?? errorSchema?.__errors);
  const title = uiSchema?.['ui:title'] as string | undefined;
  const help = uiSchema?.['ui:help'] as string | undefined;
  const legend = title ? t(title) : fieldLabel(t, props.name, schema as JsonSchema);
  return (
    <fieldset className="eng-fieldset" id={fieldPathId.$id} aria-describedby={errors.length > 0 ? errorId(fieldPathId.$id) : undefined}>
      <legend className="eng-legend">{legend}</legend>
      {help && <p className="eng-help">{t(help)}</p>}
      {choices === null && (
        <p className="eng-help" role="status">
          {t('engine.loading')}
        </p>
      )}
      <div className="eng-fields">
        {(choices ?? []).map((choice, index) => {
          const id = `${fieldPathId.$id}_${index}`;
          return (
            <div key={String(choice.value)} className="eng-checkbox-row">
              <input
                type="checkbox"
                id={id}
                name={id}
                className="eng-checkbox"
                checked={held.includes(choice.value)}
                disabled={disabled || readonly || choice.disabled}
                onChange={(event) => onChange(toggledValues(held, choices ?? [], choice.value, event.target.checked), fieldPathId.path)}
              />
              <label htmlFor={id}>{choice.label}</label>
            </div>
          );
        })}
      </div>
      <FieldErrorList fieldId={fieldPathId.$id} errors={errors} />
    </fieldset>
  );
}
