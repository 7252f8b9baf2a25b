import { useTranslation } from 'react-i18next';
import { errorId, type FieldProps } from '@rjsf/utils';
import { fieldLabel } from '../i18n/labels';
import type { JsonSchema, UiOptions } from '../spec/types';
import { useVisibleErrors } from './fieldVisibility';

type Entry = Record<string, unknown>;

/**
 * `ui:widget: flagList`: a list of objects each naming one thing (`ui:options.key`, default `id`) and
 * holding one yes/no (`ui:options.flag`), drawn as a group of checkboxes, one per entry in the value's
 * order, each labelled `<labelKey>.<key value>` (else the value itself) and checked where the flag is
 * true. Ticking one changes that entry's flag; entries are neither added nor removed. An empty list draws
 * `ui:options.emptyText` when the spec gives one.
 *
 * @example
 * ```yaml
 * toppings:                                  # [{ name: olives, left: false }, { name: onions, left: true }]
 *   ui:title: pizza.leaveOut
 *   ui:widget: flagList
 *   ui:options: { key: name, flag: left, labelKey: enums.topping }
 * ```
 */
export function FlagListField(props: FieldProps) {
  const { fieldPathId, formData, errorSchema, onChange, schema, uiSchema, rawErrors, disabled, readonly } = props;
  const { t } = useTranslation();
  const options = (uiSchema?.['ui:options'] ?? {}) as UiOptions;
  const key = options.key ?? 'id';
  const flag = options.flag ?? 'on';
  const emptyText = typeof options.emptyText === 'string' ? options.emptyText : undefined;
  const entries = Array.isArray(formData) ? (formData as Entry[]) : [];
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
      {entries.length === 0 && emptyText && <p className="eng-help">{t(emptyText)}</p>}
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
      {errors.length > 0 && (
        <ul id={errorId(fieldPathId.$id)} className="eng-field-errors" role="alert">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
