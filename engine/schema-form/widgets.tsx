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
 * Option labels come from `enums.<field>.<value>`, or `enums.<enumKey>.<value>` with `ui:options: { enumKey }`
 * where the field's name words other values elsewhere; an empty first option is offered while nothing is
 * chosen and the field has no default, worded by `ui:placeholder` ("All types" in a filter) or "Choose…".
 */
function SelectWidget(props: WidgetProps) {
  const { id, name, htmlName, options, value, required, disabled, readonly, autofocus, schema, uiSchema, multiple = false } = props;
  const { onChange, onBlur, onFocus, rawErrors } = props;
  const { t } = useTranslation();
  const aria = useFieldAria(id, rawErrors, uiSchema);
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  // A list of choices (an array of enum values) is a multiple select: its value is every chosen option.
  const read = (select: HTMLSelectElement) =>
    multiple
      ? enumOptionValueDecoder(Array.from(select.selectedOptions, (option) => option.value), enumOptions, format, [])
      : enumOptionValueDecoder(select.value, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, multiple, format, multiple ? [] : '');
  return (
    <select
      id={id}
      name={htmlName || id}
      className={`eng-input eng-select${multiple ? ' eng-select--multiple' : ''}`}
      multiple={multiple}
      value={multiple ? (Array.isArray(selected) ? selected.map(String) : []) : typeof selected === 'string' ? selected : ''}
      required={required}
      disabled={disabled || readonly}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
      autoFocus={autofocus}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(read(event.target))}
      onBlur={(event) => onBlur(id, read(event.target))}
      onFocus={(event) => onFocus(id, read(event.target))}
      {...aria}
    >
      {schema.default === undefined && !multiple && <option value="">{t(props.placeholder || 'engine.form.choose')}</option>}
      {enumOptions.map((option, index) => (
        <option
          key={String(option.value)}
          value={enumOptionValueEncoder(option.value, index, format)}
          disabled={enumDisabled?.includes(option.value)}
        >
          {enumLabel(t, typeof options.enumKey === 'string' ? options.enumKey : name, option.value)}
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
      // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
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
      // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
      autoFocus={autofocus}
      placeholder={props.placeholder ? t(props.placeholder) : undefined}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      {...aria}
    />
  );
}

/** A file's name and size as a data URL carries them (`data:<type>;name=<name>;base64,<content>`). */
export function describeDataUrl(dataUrl: unknown): { name: string; bytes: number } | null {
  if (typeof dataUrl !== 'string') return null;
  const match = /^data:[^;,]*((?:;[^;,]*)*);base64,(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const nameParameter = (match[1] ?? '').split(';').find((part) => part.startsWith('name='));
  const base64 = match[2] ?? '';
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return { name: nameParameter ? decodeURIComponent(nameParameter.slice(5)) : '', bytes: Math.floor((base64.length * 3) / 4) - padding };
}

/** Reads a picked file as the data URL the schema's string holds, with its name as a parameter. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.onload = () => {
      const url = String(reader.result);
      const comma = url.indexOf(';base64,');
      // The name goes in as a parameter, as rjsf's own file widget does; the server keeps it.
      resolve(comma < 0 ? url : `${url.slice(0, comma)};name=${encodeURIComponent(file.name)}${url.slice(comma)}`);
    };
    reader.readAsDataURL(file);
  });
}

/**
 * A file picker whose value is a base64 data URL carrying the file name (`ui:widget: file`). `ui:options`
 * `accept` narrows the picker (e.g. `.pdf,.jpg,.png`). Shows the chosen file's name and size; sizes are in
 * 1000-based units, as people read them.
 */
function FileWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, options, onChange, onBlur, onFocus } = props;
  const { t, i18n } = useTranslation();
  const aria = useFieldAria(id, props.rawErrors, props.uiSchema);
  const chosen = describeDataUrl(value);
  const accept = typeof options.accept === 'string' ? options.accept : undefined;
  const size = chosen ? new Intl.NumberFormat(i18n.language, { style: 'unit', unit: chosen.bytes >= 1_000_000 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(chosen.bytes >= 1_000_000 ? chosen.bytes / 1_000_000 : Math.max(chosen.bytes / 1000, 0.1)) : '';
  const readChosenFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    onChange(file ? await readAsDataUrl(file) : options.emptyValue);
  };

  return (
    <div className="eng-file">
      <input
        type="file"
        id={id}
        name={htmlName || id}
        className="eng-input eng-file__input"
        accept={accept}
        required={required && !chosen}
        disabled={disabled || readonly}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
        autoFocus={autofocus}
        onChange={(event) => void readChosenFile(event)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        {...aria}
      />
      {chosen && (
        <p className="eng-file__chosen">
          {t('engine.form.fileChosen', { name: chosen.name || '—', size })}
        </p>
      )}
    </div>
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
  FileWidget,
};
