import { useState, type ChangeEvent, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { enumOptionSelectedValue, enumOptionValueDecoder, enumOptionValueEncoder, getOptionValueFormat, type WidgetProps } from '@rjsf/utils';
import { enumLabel } from '../i18n/labels';
import type { JsonSchema } from '../spec/types';
import { isDecimalSchema, MoneyWidget } from './moneyWidget';
import { ContextSelectWidget, CountryWidget, OfferedSelectWidget, PhoneCodeWidget, RadiosWidget, SourceSelectWidget } from './deferredWidgets';
import { optionSourceOf } from './sources';
import { useFieldAria } from './fieldVisibility';
import { BaseInputTemplate } from './templates';

/** A text input; a decimal field (an amount, a `number`) takes the locale's decimal separator (see `isDecimalSchema`). */
function TextWidget(props: WidgetProps) {
  if (isDecimalSchema(props.schema)) return <MoneyWidget {...props} />;
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
 * With `ui:options.source` the options are a dictionary method's instead, with `ui:options.offeredIn` those
 * of the enum the application's facts list (see `optionWidgets.tsx`).
 */
function SelectWidget(props: WidgetProps) {
  if (optionSourceOf(props.options)) return <SourceSelectWidget {...props} />;
  if (props.options.fromContext) return <ContextSelectWidget {...props} />;
  if (typeof props.options.offeredIn === 'string') return <OfferedSelectWidget {...props} />;
  return <EnumSelect {...props} />;
}

function EnumSelect(props: WidgetProps) {
  const { id, name, htmlName, options, value, required, disabled, readonly, autofocus, schema, uiSchema, multiple = false } = props;
  const { onChange, onBlur, onFocus, rawErrors } = props;
  const { t } = useTranslation();
  const aria = useFieldAria(id, rawErrors, uiSchema);
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  // A list of choices (an array of enum values) is a multiple select: its value is every chosen option.
  const read = (select: HTMLSelectElement) =>
    multiple
      ? enumOptionValueDecoder(
          Array.from(select.selectedOptions, (option) => option.value),
          enumOptions,
          format,
          [],
        )
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
        <option key={String(option.value)} value={enumOptionValueEncoder(option.value, index, format)} disabled={enumDisabled?.includes(option.value)}>
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

/**
 * Reads a picked file as the data URL the schema's string holds, with its name as a parameter, reporting
 * how much is read (a large scan takes a moment on a phone).
 */
function readAsDataUrl(file: File, onProgress: (share: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
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
 * The largest file a data-URL string of the schema holds: its `maxLength` is base64 plus a short header,
 * so three quarters of it. `null` when the schema sets no limit.
 *
 * @example
 * ```ts
 * maxFileBytes({ type: 'string', maxLength: 13_500_000 }); // 10_125_000
 * ```
 */
export function maxFileBytes(schema: JsonSchema | undefined): number | null {
  const items = schema?.type === 'array' ? (schema.items as JsonSchema | undefined) : schema;
  return typeof items?.maxLength === 'number' ? Math.floor((items.maxLength * 3) / 4) : null;
}

/**
 * Whether a file is of a type `accept` lists (`.pdf,.jpg,image/png`, `image/*`); any file when there is
 * no list.
 *
 * @example
 * ```ts
 * acceptsFile('.pdf,image/*', { name: 'scan.PNG', type: 'image/png' }); // true
 * ```
 */
export function acceptsFile(accept: string | undefined, file: { name: string; type: string }): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  return accept
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .some((rule) => (rule.startsWith('.') ? name.endsWith(rule) : rule.endsWith('/*') ? file.type.startsWith(rule.slice(0, -1)) : file.type === rule));
}

/** Sizes in 1000-based units, as people read them. */
function fileSize(bytes: number, language: string): string {
  const mega = bytes >= 1_000_000;
  return new Intl.NumberFormat(language, { style: 'unit', unit: mega ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(
    mega ? bytes / 1_000_000 : Math.max(bytes / 1000, 0.1),
  );
}

/**
 * A file picker whose value is a base64 data URL carrying the file name (`ui:widget: file`), or, for an
 * array of them (`ui:widget: files`), several files. `ui:options.accept` narrows the picker and refuses
 * other types (e.g. `.pdf,.jpg,.png`); the schema's `maxLength` refuses larger files, before reading
 * them; both say so on the field. Shows the reading's progress, then the chosen files' names and sizes.
 */
function FileWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, options, multiple = false, onChange, onBlur, onFocus } = props;
  const { t, i18n } = useTranslation();
  const aria = useFieldAria(id, props.rawErrors, props.uiSchema);
  const [reading, setReading] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const chosen = (Array.isArray(value) ? value : [value]).map(describeDataUrl).filter((file) => file !== null);
  const accept = typeof options.accept === 'string' ? options.accept : undefined;
  const maxBytes = maxFileBytes(props.schema as JsonSchema);
  const readChosenFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    const wrongType = files.find((file) => !acceptsFile(accept, file));
    const tooLarge = files.find((file) => maxBytes !== null && file.size > maxBytes);
    if (wrongType || tooLarge) {
      event.target.value = '';
      setRefusal(
        wrongType
          ? t('engine.form.fileType', { name: wrongType.name, accept })
          : t('engine.form.fileTooLarge', { name: tooLarge!.name, limit: fileSize(maxBytes!, i18n.language) }),
      );
      return;
    }
    setRefusal(null);
    if (files.length === 0) return onChange(multiple ? [] : options.emptyValue);
    setReading(0);
    try {
      const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
      let done = 0;
      const urls: string[] = [];
      for (const file of files) {
        urls.push(await readAsDataUrl(file, (share) => setReading((done + share * file.size) / total)));
        done += file.size;
      }
      onChange(multiple ? urls : urls[0]);
    } finally {
      setReading(null);
    }
  };
  const refusalId = `${id}__refusal`;

  return (
    <div className="eng-file">
      <input
        type="file"
        id={id}
        name={htmlName || id}
        className="eng-input eng-file__input"
        accept={accept}
        multiple={multiple}
        required={required && chosen.length === 0}
        disabled={disabled || readonly}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
        autoFocus={autofocus}
        onChange={(event) => void readChosenFiles(event)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        {...aria}
        {...(refusal ? { 'aria-invalid': true, 'aria-describedby': [aria['aria-describedby'], refusalId].filter(Boolean).join(' ') } : {})}
      />
      {reading !== null && <progress className="eng-file__progress" max={1} value={reading} aria-label={t('engine.form.fileReading')} />}
      {refusal && (
        <p id={refusalId} className="eng-field-errors" role="alert">
          {refusal}
        </p>
      )}
      {chosen.map((file, index) => (
        <p key={`${file.name}-${index}`} className="eng-file__chosen">
          {t('engine.form.fileChosen', { name: file.name || '—', size: fileSize(file.bytes, i18n.language) })}
        </p>
      ))}
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
  country: CountryWidget,
  phoneCode: PhoneCodeWidget,
  money: MoneyWidget,
  radios: RadiosWidget,
};
