import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/index.ts';

/** An option of an {@link OptionsSelect}. */
export interface Option {
  value: string | number;
  label: string;
}


/**
 * The native select of the app's own select widgets (dictionaries, accounts): options loaded by the
 * widget (null while loading, which disables it), numbers kept numbers for integer fields, and the
 * field's errors wired like the engine's own widgets.
 *
 * @example
 * export function CurrencyWidget(props: WidgetProps) { return <OptionsSelect props={props} options={currencies} />; }
 */
export function OptionsSelect({ props, options }: { props: WidgetProps; options: Option[] | null }) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors } = props;
  const { t } = useTranslation();
  const numeric = props.schema.type === 'integer' || props.schema.type === 'number';
  const decode = (raw: string) => (raw === '' ? undefined : numeric ? Number(raw) : raw);
  const invalid = Boolean(rawErrors?.length);
  return (
    <select
      id={id}
      name={htmlName || id}
      className="eng-input eng-select"
      value={value === undefined || value === null ? '' : String(value)}
      required={required}
      disabled={disabled || readonly || options === null}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
      autoFocus={autofocus}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}__error` : undefined}
      aria-busy={options === null || undefined}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(decode(event.target.value))}
      onBlur={(event) => onBlur(id, decode(event.target.value))}
      onFocus={(event) => onFocus(id, decode(event.target.value))}
    >
      <option value="">{t('engine.form.choose')}</option>
      {(options ?? []).map((option) => (
        <option key={option.value} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
