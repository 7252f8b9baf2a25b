import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorId, type FieldProps } from '@rjsf/utils';
import { getPath } from '../data/paths';
import { fieldLabel, useIntlLocale } from '../i18n/labels';
import type { JsonSchema, UiOptions } from '../spec/types';
import { FieldErrorList } from './FieldErrorList';
import { useVisibleErrors } from './fieldVisibility';
import { sourceItems, wordedSourceChoices, type Choice } from './optionWidgets';
import { formDataOf, optionSourceOf, useSourceData } from './sources';

type Texts = Record<string, string>;

/**
 * The texts a text-per-choice field keeps for the values chosen: one per chosen value, keyed by the value,
 * the text already written for it kept, a value no longer chosen dropped with its text.
 *
 * @example
 * ```ts
 * textsForChoices([3, 4], { 3: 'Since 2010', 7: 'Gone' }); // { 3: 'Since 2010', 4: '' }
 * ```
 */
export function textsForChoices(chosen: readonly unknown[], texts: Readonly<Texts>): Texts {
  return Object.fromEntries(chosen.map((value) => [String(value), texts[String(value)] ?? '']));
}

/**
 * `ui:widget: textPerChoice`: an object holding one text per value chosen in another field of the form
 * (`ui:options.choicesOf`, a dot path of the form's values, such as a `checkboxes` list), keyed by the
 * value: a text box appears as a value is chosen and goes, with its text, as it is unchosen. Each box is
 * labelled by its value's wording: the items of `ui:options.source` worded as `checkboxes` word them
 * (`value`, `label`, `labelKey`, `labelKeyField`), else the value itself. `ui:options.multiline` draws text
 * areas. The legend is `ui:title`; a refusal of `<field>.<value>` (a rule's or the server's) is said under
 * that value's box. Nothing is drawn while nothing is chosen.
 *
 * @example
 * ```yaml
 * hobbyNotes:                                # { "3": "Since 2010", "4": "Weekends" }
 *   ui:title: club.hobbyNotes
 *   ui:widget: textPerChoice
 *   ui:options:
 *     choicesOf: hobbyIds                    # the checkboxes above it
 *     source: { method: hobbies, path: hobbies, value: id, labelKeyField: labelKey }
 *     multiline: true
 * ```
 */
export function TextPerChoiceField(props: FieldProps) {
  const { fieldPathId, formData, errorSchema, onChange, registry, schema, uiSchema, rawErrors, disabled, readonly } = props;
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const options = (uiSchema?.['ui:options'] ?? {}) as UiOptions;
  const source = optionSourceOf(options);
  const values = formDataOf(registry.formContext);
  const { data, waiting, failed } = useSourceData(source, values);
  const chosenValue = typeof options.choicesOf === 'string' ? getPath(values, options.choicesOf) : undefined;
  const chosen = Array.isArray(chosenValue) ? (chosenValue as unknown[]) : [];
  const given = formData && typeof formData === 'object' && !Array.isArray(formData) ? (formData as Texts) : {};
  const settled = textsForChoices(chosen, given);
  const changed = JSON.stringify(settled) !== JSON.stringify(given);
  useEffect(() => {
    // Only once something was written or chosen: an untouched, empty field stays absent.
    if (changed && (chosen.length > 0 || formData !== undefined)) onChange(chosen.length > 0 ? settled : undefined, fieldPathId.path);
  }, [changed, settled, chosen.length, formData, onChange, fieldPathId.path]);
  const worded: Choice[] =
    source && !waiting && !failed && data !== undefined ? wordedSourceChoices(t, { t, locale }, sourceItems(data, source, values), source, options) : [];
  const labelOf = (value: unknown) => worded.find((choice) => String(choice.value) === String(value))?.label ?? String(value);
  const errors = useVisibleErrors(fieldPathId.$id, rawErrors ?? errorSchema?.__errors);
  if (chosen.length === 0) return null;
  const title = uiSchema?.['ui:title'] as string | undefined;
  const help = uiSchema?.['ui:help'] as string | undefined;
  const legend = title ? t(title) : fieldLabel(t, props.name, schema as JsonSchema);
  return (
    <fieldset className="eng-fieldset" id={fieldPathId.$id} aria-describedby={errors.length > 0 ? errorId(fieldPathId.$id) : undefined}>
      <legend className="eng-legend">{legend}</legend>
      {help && <p className="eng-help">{t(help)}</p>}
      <div className="eng-fields">
        {chosen.map((value) => (
          <ChoiceText
            key={String(value)}
            id={`${fieldPathId.$id}_${String(value)}`}
            label={labelOf(value)}
            text={settled[String(value)] ?? ''}
            multiline={options.multiline === true}
            disabled={disabled || readonly}
            rawErrors={(errorSchema as Record<string, { __errors?: string[] } | undefined> | undefined)?.[String(value)]?.__errors}
            onText={(text) => onChange({ ...settled, [String(value)]: text }, fieldPathId.path)}
          />
        ))}
      </div>
      <FieldErrorList fieldId={fieldPathId.$id} errors={errors} />
    </fieldset>
  );
}

/** One chosen value's text box, with its own errors. */
function ChoiceText(props: {
  id: string;
  label: string;
  text: string;
  multiline: boolean;
  disabled?: boolean;
  rawErrors?: string[];
  onText: (text: string) => void;
}) {
  const { id, label, text, multiline, disabled, rawErrors, onText } = props;
  const errors = useVisibleErrors(id, rawErrors);
  const aria = errors.length > 0 ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {};
  const common = { id, name: id, value: text, disabled, onChange: (event: { target: { value: string } }) => onText(event.target.value), ...aria };
  return (
    <div className="eng-field">
      <label className="eng-label" htmlFor={id}>
        {label}
      </label>
      {multiline ? <textarea className="eng-input eng-textarea" rows={3} {...common} /> : <input type="text" className="eng-input" {...common} />}
      <FieldErrorList fieldId={id} errors={errors} />
    </div>
  );
}
