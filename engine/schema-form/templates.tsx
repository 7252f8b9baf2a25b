import { use, type ChangeEvent, type FocusEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorList } from './FieldErrorList';
import { ListRowContext } from './listRow';
import {
  descriptionId,
  errorId,
  getInputProps,
  helpId,
  type ArrayFieldTemplateProps,
  type ArrayFieldTitleProps,
  type BaseInputTemplateProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
  type TemplatesType,
} from '@rjsf/utils';
import { fieldLabel } from '../i18n/labels';
import { LiveFieldsContext } from '../kinds/form/live/LiveContext';
import type { JsonSchema, LabelSource } from '../spec/types';
import { matchesWhen, type When } from '../spec/when';
import { useFieldAria, useVisibleErrors } from './fieldVisibility';
import { formDataOf, useSourceData } from './sources';
import { ENGINE_WIDGET_NAMES } from './widget-names';

/**
 * The translated label of the field at `path`: `ui:title` is an i18n key, else `fields.<name>`. A
 * `ui:title` may name the form's values, its live answers' (`"Amount ({{currency}})"`) and those of the data
 * the form sits beside (a section's data, a tile's item); while one it names is empty, the field's plain
 * label is shown instead.
 */
function useFieldLabel(
  path: readonly (string | number)[],
  schema: JsonSchema,
  uiTitle: unknown,
  formData: Readonly<Record<string, unknown>> = {},
  liveValues: Readonly<Record<string, unknown>> = {},
): string {
  const { t } = useTranslation();
  const name = [...path].reverse().find((segment): segment is string => typeof segment === 'string') ?? '';
  if (typeof uiTitle === 'string') {
    const values = Object.fromEntries(
      Object.entries({ ...liveValues, ...formData }).filter(([, value]) => value !== undefined && value !== null && value !== ''),
    );
    let missing = false;
    // i18next reads the handler among the call's own options (not under `interpolation`).
    const text = t(uiTitle, {
      replace: values,
      missingInterpolationHandler: () => {
        missing = true;
        return '';
      },
    });
    if (!missing) return text;
  }
  return fieldLabel(t, name, schema);
}

/**
 * The label and help a field's `ui:options.labelFrom` words from its data, once loaded; `null` parts
 * keep the field's own.
 */
function useLabelFromData(labelFrom: LabelSource, formData: Record<string, unknown>): Worded {
  const { t } = useTranslation();
  const { data } = useSourceData(labelFrom, formData);
  if (typeof data !== 'object' || data === null) return { label: null, help: null };
  const values = data as Record<string, unknown>;
  return { label: labelFrom.label ? t(labelFrom.label, values) : null, help: labelFrom.help ? t(labelFrom.help, values) : null };
}

/** The label and help of a field worded from data, or `null` parts to keep its own. */
type Worded = { label: string | null; help: string | null };

/** A field whose `ui:options.labelFrom` words its label and help: only such fields ask for data. */
function FieldWithLabelFromData(props: FieldTemplateProps & { labelFrom: LabelSource }) {
  const worded = useLabelFromData(props.labelFrom, formDataOf(props.registry.formContext));
  return <FieldLayout {...props} worded={worded} />;
}

/**
 * One field: label, description, the widget, help, then the errors, which the widget points at with
 * `aria-describedby`. A checkbox puts its label after the box, as people expect. A field whose
 * `ui:options.when` does not hold for the form's data is not drawn; `ui:options.labelFrom` words its
 * label and help from data.
 */
function FieldTemplate(props: FieldTemplateProps) {
  const labelFrom = (props.uiSchema?.['ui:options'] as { labelFrom?: LabelSource } | undefined)?.labelFrom;
  return labelFrom ? <FieldWithLabelFromData {...props} labelFrom={labelFrom} /> : <FieldLayout {...props} worded={null} />;
}

function FieldLayout(props: FieldTemplateProps & { worded: Worded | null }) {
  const { id, children, rawErrors, hidden, required, schema, uiSchema, fieldPathId } = props;
  const { t } = useTranslation();
  const options = uiSchema?.['ui:options'] as { when?: When; labelFrom?: LabelSource } | undefined;
  const formData = formDataOf(props.registry.formContext);
  const fromData = props.worded ?? { label: null, help: null };
  const live = use(LiveFieldsContext);
  // The data the form sits beside (a section's, a tile's item) words a label too, after the live answers.
  const beside = (props.registry.formContext as { data?: Record<string, unknown> } | undefined)?.data;
  const ownLabel = useFieldLabel(
    fieldPathId.path,
    schema as JsonSchema,
    uiSchema?.['ui:title'],
    formData,
    beside ? { ...beside, ...live.values } : live.values,
  );
  const label = fromData.label ?? ownLabel;
  const errors = useVisibleErrors(id, rawErrors);
  if (options?.when && !matchesWhen(options.when, formData)) return null;
  if (hidden) return <div hidden>{children}</div>;
  // Objects and arrays are drawn by their own templates; a wrapper here would nest a second label. A list
  // of choices (unique enum values) is one multiple select, which needs its label like any other field.
  // A widget of the application on a list draws its own group, legend and errors (a list of terms to
  // accept, each a checkbox): a label and errors here would say them twice.
  const widget = uiSchema?.['ui:widget'];
  const ownGroup = typeof widget === 'string' && widget !== 'select' && widget !== 'files' && !(ENGINE_WIDGET_NAMES as readonly string[]).includes(widget);
  const choiceList = schema.type === 'array' && !ownGroup && schema.uniqueItems === true && Array.isArray((schema.items as JsonSchema | undefined)?.enum);
  // So is a list of files, one picker.
  const fileList = schema.type === 'array' && uiSchema?.['ui:widget'] === 'files';
  if (schema.type === 'object' || (schema.type === 'array' && !choiceList && !fileList)) return children;

  const description = uiSchema?.['ui:description'];
  // A help worded from data is drawn (empty) while its data loads: the input already points at it.
  const help = fromData.help ?? (options?.labelFrom?.help ? '' : typeof uiSchema?.['ui:help'] === 'string' ? t(uiSchema['ui:help']) : undefined);
  // A group of radio buttons is a fieldset named by its legend; each button has its own label.
  const isGroup = uiSchema?.['ui:widget'] === 'radios';
  const isCheckbox = schema.type === 'boolean' && !isGroup;
  const requiredMark = required && (
    <span className="eng-required" aria-hidden="true">
      {' *'}
    </span>
  );
  const labelElement = isGroup ? (
    <legend className="eng-label">
      {label}
      {requiredMark}
    </legend>
  ) : (
    <label className="eng-label" htmlFor={id}>
      {label}
      {requiredMark}
    </label>
  );
  // A live value's message under a top-level field, and its panels after it.
  const name = fieldPathId.path.length === 1 ? String(fieldPathId.path[0]) : '';
  const note = name in live.messages ? live.messages[name] : undefined;
  const Wrapper = isGroup ? 'fieldset' : 'div';
  const field = (
    <Wrapper
      className={`eng-field${isCheckbox ? ' eng-field--checkbox' : ''}${isGroup ? ' eng-field--group' : ''}${errors.length ? ' eng-field--invalid' : ''}`}
      {...(isGroup && errors.length ? { 'aria-describedby': errorId(id) } : {})}
    >
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
      {help !== undefined && (
        <p id={helpId(id)} className="eng-help">
          {help}
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
    </Wrapper>
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
  const fieldset = (
    <fieldset className="eng-fieldset" id={fieldPathId.$id}>
      <legend className="eng-legend">{legend}</legend>
      <div className="eng-fields">{content}</div>
    </fieldset>
  );
  // An item of a list: its fields' choice lists read their own row (see ListRowContext).
  if (typeof fieldPathId.path.at(-1) !== 'number') return fieldset;
  const row = typeof props.formData === 'object' && props.formData !== null ? (props.formData as Record<string, unknown>) : {};
  return <ListRowContext value={row}>{fieldset}</ListRowContext>;
}

/**
 * The `<input>` behind the text, email, password and date widgets. `ui:placeholder` is an i18n key;
 * `ui:autocomplete` passes through, which password managers and phones rely on, and so does
 * `ui:inputMode` (`numeric`: a phone shows its digit pad for a code kept as a string).
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride } = props;
  const { options, schema, uiSchema, rawErrors, type, placeholder, required } = props;
  const { t } = useTranslation();
  const aria = useFieldAria(id, rawErrors, uiSchema);
  const inputProps = getInputProps(schema, type, options);
  const inputValue = value === undefined || value === null ? '' : value;
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.value === '' ? options.emptyValue : target.value);
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
      inputMode={typeof options.inputMode === 'string' ? (options.inputMode as InputHTMLAttributes<HTMLInputElement>['inputMode']) : undefined}
      onChange={onChangeOverride ?? handleChange}
      onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value)}
      onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value)}
      {...aria}
    />
  );
}

/**
 * A button of a list field's rows (add, remove, move, copy), worded in the UI language: rjsf's own are
 * icons of a stylesheet the engine does not ship.
 */
function listButton(key: string) {
  return function ListButton({ id, className, onClick, disabled, style }: IconButtonProps) {
    const { t } = useTranslation();
    return (
      <button type="button" id={id} className={`eng-button eng-button--secondary ${className ?? ''}`} style={style} onClick={onClick} disabled={disabled}>
        {t(key)}
      </button>
    );
  };
}

/** A list field's legend: its `ui:title` (an i18n key) or its label, as every field's. */
function ArrayFieldTitleTemplate({ fieldPathId, schema, uiSchema, required }: ArrayFieldTitleProps) {
  const label = useFieldLabel(fieldPathId.path, schema as JsonSchema, uiSchema?.['ui:title']);
  return (
    <legend className="eng-legend" id={`${fieldPathId.$id}__title`}>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </legend>
  );
}

/**
 * A list of rows (objects) in a form: its legend, its `ui:description` (an i18n key; never the schema's own
 * words), the rows, "Add", and the list's own errors (too few rows, a rule over all of them) under it.
 */
function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, readonly, fieldPathId, uiSchema, items, onAddClick, registry, required, schema, rawErrors } = props;
  const { t } = useTranslation();
  const errors = useVisibleErrors(fieldPathId.$id, rawErrors);
  const description = uiSchema?.['ui:description'];
  const { AddButton } = registry.templates.ButtonTemplates;
  return (
    <fieldset className="eng-fieldset eng-list" id={fieldPathId.$id}>
      <ArrayFieldTitleTemplate fieldPathId={fieldPathId} schema={schema} uiSchema={uiSchema} required={required} registry={registry} />
      {typeof description === 'string' && <p className="eng-description">{t(description)}</p>}
      <div className="eng-list__rows">{items}</div>
      {canAdd && <AddButton id={`${fieldPathId.$id}__add`} onClick={onAddClick} disabled={disabled || readonly} uiSchema={uiSchema} registry={registry} />}
      <FieldErrorList fieldId={fieldPathId.$id} errors={errors} />
    </fieldset>
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
  ArrayFieldTemplate,
  BaseInputTemplate,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  ErrorListTemplate: Nothing,
  ButtonTemplates: {
    SubmitButton: Nothing,
    AddButton: listButton('engine.list.add'),
    RemoveButton: listButton('engine.list.remove'),
    MoveUpButton: listButton('engine.list.moveUp'),
    MoveDownButton: listButton('engine.list.moveDown'),
    CopyButton: listButton('engine.list.copy'),
  },
};
