import type { ChangeEvent, ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import {
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  type WidgetProps,
} from '@rjsf/utils';
import { enumLabel } from '../i18n/labels';
import { useFieldAria } from './fieldVisibility';
import { BaseInputTemplate } from './templates';

function TextWidget(props: WidgetProps) {
  return <BaseInputTemplate {...props} />;
}

function EmailWidget(props: WidgetProps) {
  return <BaseInputTemplate {...props} type="email" />;
}

function PasswordWidget(props: WidgetProps) {
  return <BaseInputTemplate {...props} type="password" />;
}

function DateWidget(props: WidgetProps) {
  return <BaseInputTemplate {...props} type="date" />;
}

/**
 * A native `<select>`: the platform's own picker is the most usable one on phones and with screen readers.
 * Option labels come from `enums.<field>.<value>`; an empty first option is offered while nothing is
 * chosen and the field has no default.
 */
function SelectWidget(props: WidgetProps) {
  const { id, name, htmlName, options, value, required, disabled, readonly, autofocus, schema, uiSchema } = props;
  const { onChange, onBlur, onFocus, rawErrors } = props;
  const { t } = useTranslation();
  const aria = useFieldAria(id, rawErrors, uiSchema);
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (raw: string) => enumOptionValueDecoder(raw, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '');
  return (
    <select
      id={id}
      name={htmlName || id}
      className="eng-input eng-select"
      value={typeof selected === 'string' ? selected : ''}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(decode(event.target.value))}
      onBlur={(event) => onBlur(id, decode(event.target.value))}
      onFocus={(event) => onFocus(id, decode(event.target.value))}
      {...aria}
    >
      {schema.default === undefined && <option value="">{t('engine.form.choose')}</option>}
      {enumOptions.map((option, index) => (
        <option
          key={String(option.value)}
          value={enumOptionValueEncoder(option.value, index, format)}
          disabled={enumDisabled?.includes(option.value)}
        >
          {enumLabel(t, name, option.value)}
        </option>
      ))}
    </select>
  );
}

/** The box alone; its label is drawn after it by the field template. */
function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  const aria = useFieldAria(id, props.rawErrors, props.uiSchema);
  return (
    <input
      type="checkbox"
      id={id}
      name={htmlName || id}
      className="eng-checkbox"
      checked={value === true}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      onChange={(event) => onChange(event.target.checked)}
      onBlur={(event) => onBlur(id, event.target.checked)}
      onFocus={(event) => onFocus(id, event.target.checked)}
      {...aria}
    />
  );
}

function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, options, onChange, onBlur, onFocus } = props;
  const { t } = useTranslation();
  const aria = useFieldAria(id, props.rawErrors, props.uiSchema);
  return (
    <textarea
      id={id}
      name={htmlName || id}
      className="eng-input eng-textarea"
      value={value ?? ''}
      rows={typeof options.rows === 'number' ? options.rows : 4}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={props.placeholder ? t(props.placeholder) : undefined}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      {...aria}
    />
  );
}

/**
 * The engine's widgets, under the names rjsf resolves schema types and `ui:widget` values to. The
 * application's widgets are merged over them by name.
 */
export const widgets: Record<string, ComponentType<WidgetProps>> = {
  TextWidget,
  EmailWidget,
  PasswordWidget,
  DateWidget,
  SelectWidget,
  CheckboxWidget,
  TextareaWidget,
};
