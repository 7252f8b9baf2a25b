import { use, type ChangeEvent, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  descriptionId,
  errorId,
  getInputProps,
  helpId,
  type BaseInputTemplateProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TemplatesType,
} from '@rjsf/utils';
import { fieldLabel } from '../i18n/labels';
import { LiveFieldsContext } from '../kinds/form/live/LiveContext';
import type { JsonSchema } from '../spec/types';
import { useFieldAria, useVisibleErrors } from './fieldVisibility';

/**
 * The translated label of the field at `path`: `ui:title` is an i18n key, else `fields.<name>`. A
 * `ui:title` may name the form's values and its live answers' (`"Amount ({{currency}})"`); while one it
 * names is empty, the field's plain label is shown instead.
 */
function useFieldLabel(path: readonly (string | number)[], schema: JsonSchema, uiTitle: unknown, formContext?: unknown, liveValues: Readonly<Record<string, unknown>> = {}): string {
  const { t } = useTranslation();
  const name = [...path].reverse().find((segment): segment is string => typeof segment === 'string') ?? '';
  if (typeof uiTitle === 'string') {
    const data = (formContext as { formData?: Record<string, unknown> } | undefined)?.formData ?? {};
    const values = Object.fromEntries(Object.entries({ ...liveValues, ...data }).filter(([, value]) => value !== undefined && value !== null && value !== ''));
    let missing = false;
    const text = t(uiTitle, {
      replace: values,
      interpolation: {
        missingInterpolationHandler: () => {
          missing = true;
          return '';
        },
      },
    });
    if (!missing) return text;
    return fieldLabel(t, name, schema);
  }
  return fieldLabel(t, name, schema);
}

/**
 * One field: label, description, the widget, help, then the errors, which the widget points at with
 * `aria-describedby`. A checkbox puts its label after the box, as people expect.
 */
function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, rawErrors, hidden, required, schema, uiSchema, fieldPathId } = props;
  const { t } = useTranslation();
  const live = use(LiveFieldsContext);
  const label = useFieldLabel(fieldPathId.path, schema as JsonSchema, uiSchema?.['ui:title'], props.registry.formContext, live.values);
  const errors = useVisibleErrors(id, rawErrors);
  if (hidden) return <div hidden>{children}</div>;
  // Objects and arrays are drawn by their own templates; a wrapper here would nest a second label. A list
  // of choices (unique enum values) is one multiple select, which needs its label like any other field.
  const choiceList = schema.type === 'array' && schema.uniqueItems === true && Array.isArray((schema.items as JsonSchema | undefined)?.enum);
  if (schema.type === 'object' || (schema.type === 'array' && !choiceList)) return children;

  const description = uiSchema?.['ui:description'];
  const help = uiSchema?.['ui:help'];
  const isCheckbox = schema.type === 'boolean';
  const labelElement = (
    <label className="eng-label" htmlFor={id}>
      {label}
      {required && (
        <span className="eng-required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
  // A live value's message under a top-level field, and its panels after it.
  const name = fieldPathId.path.length === 1 ? String(fieldPathId.path[0]) : '';
  const note = name in live.messages ? live.messages[name] : undefined;
  const field = (
    <div className={`eng-field${isCheckbox ? ' eng-field--checkbox' : ''}${errors.length ? ' eng-field--invalid' : ''}`}>
      {!isCheckbox && labelElement}
      {typeof description === 'string' && (
        <p id={descriptionId(id)} className="eng-description">
          {t(description)}
        </p>
      )}
      {isCheckbox ? (
        <div className="eng-checkbox-row">
          {children}
          {labelElement}
        </div>
      ) : (
        children
      )}
      {typeof help === 'string' && (
        <p id={helpId(id)} className="eng-help">
          {t(help)}
        </p>
      )}
      {note !== undefined && (
        <p id={`${id}__live`} className={`eng-live${note ? ` eng-live--${note.tone}` : ''}`} aria-live="polite">
          {note?.text}
        </p>
      )}
      {errors.length > 0 && (
        <ul id={errorId(id)} className="eng-field-errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
  const panel = live.panels[name];
  return panel ? (
    <>
      {field}
      {panel}
    </>
  ) : (
    field
  );
}

/** The root object is a plain list of fields; a nested object is a fieldset with its label as legend. */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, fieldPathId, schema, uiSchema } = props;
  const legend = useFieldLabel(fieldPathId.path, schema as JsonSchema, uiSchema?.['ui:title']);
  const content = properties.filter((property) => !property.hidden).map((property) => property.content);
  if (fieldPathId.path.length === 0) return <div className="eng-fields">{content}</div>;
  return (
    <fieldset className="eng-fieldset" id={fieldPathId.$id}>
      <legend className="eng-legend">{legend}</legend>
      <div className="eng-fields">{content}</div>
    </fieldset>
  );
}

/**
 * The `<input>` behind the text, email, password and date widgets. `ui:placeholder` is an i18n key;
 * `ui:autocomplete` passes through, which password managers and phones rely on.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride } = props;
  const { options, schema, uiSchema, rawErrors, type, placeholder, required } = props;
  const { t } = useTranslation();
  const aria = useFieldAria(id, rawErrors, uiSchema);
  const inputProps = getInputProps(schema, type, options);
  const inputValue = value === undefined || value === null ? '' : value;
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) =>
    onChange(target.value === '' ? options.emptyValue : target.value);
  return (
    <input
      id={id}
      name={htmlName || id}
      className="eng-input"
      {...inputProps}
      value={inputValue}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
      autoFocus={autofocus}
      placeholder={placeholder ? t(placeholder) : undefined}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      onChange={onChangeOverride ?? handleChange}
      onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value)}
      onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value)}
      {...aria}
    />
  );
}

/** Parts rendered elsewhere (errors and help by FieldTemplate, the submit button by the screen). */
function Nothing() {
  return null;
}

/**
 * The engine's rjsf templates. Errors are drawn by {@link FieldTemplate} under each field, never as a list
 * at the top; screens draw their own buttons.
 */
export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates: Partial<TemplatesType['ButtonTemplates']>;
} = {
  FieldTemplate,
  ObjectFieldTemplate,
  BaseInputTemplate,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  ErrorListTemplate: Nothing,
  ButtonTemplates: { SubmitButton: Nothing },
};
