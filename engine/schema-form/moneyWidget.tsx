import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { getPath } from '../data/paths';
import { useIntlLocale } from '../i18n/labels';
import { useFieldAria } from './fieldVisibility';
import { formDataOf } from './sources';

/** The decimal and grouping separators of a locale (`es`: `,` and `.`; `ru`: `,` and a no-break space). */
export function separatorsOf(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/**
 * An amount as typed in `locale`, as the canonical decimal string the schemas expect (`"1234.5"`): spaces
 * and grouping left out, the locale's decimal separator made a point. Where the locale writes a comma, a
 * lone point is read as the decimal point too (phones often offer only one), unless it groups thousands
 * as the locale does (`1.234` in es). What is not a number comes back as typed, so the schema says why.
 *
 * @example
 * ```ts
 * canonicalAmount('1.234,5', 'es'); // '1234.5'
 * canonicalAmount('12.50', 'ru');   // '12.50'
 * canonicalAmount('1,234.5', 'en'); // '1234.5'
 * ```
 */
export function canonicalAmount(typed: string, locale: string): string {
  const { decimal, group } = separatorsOf(locale);
  const text = typed.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (decimal === ',') {
    if (text.includes(',')) return text.replace(/\./g, '').replace(',', '.');
    if (group === '.' && /^-?\d{1,3}(\.\d{3})+$/.test(text)) return text.replace(/\./g, '');
    return text;
  }
  return text.replace(/,/g, '');
}

/**
 * A canonical amount written with the locale's decimal separator, for editing (no grouping, which would
 * move the caret while typing).
 *
 * @example
 * ```ts
 * localAmount('12.50', 'pt'); // '12,50'
 * ```
 */
export function localAmount(value: unknown, locale: string): string {
  if (value === undefined || value === null) return '';
  const text = String(value);
  return /^-?\d+(\.\d+)?$/.test(text) ? text.replace('.', separatorsOf(locale).decimal) : text;
}

/**
 * `ui:widget: money`: an amount typed with the locale's decimal separator (a comma in es, pt, ro, ru,
 * ua), sent as the canonical value the schema expects (a decimal string, or a number for a `number`
 * field), with its currency shown after it: `ui:options.currency`, or the value of the field
 * `ui:options.currencyField` names.
 */
export function MoneyWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, options, schema, rawErrors, uiSchema, onChange, onBlur, onFocus } = props;
  const locale = useIntlLocale();
  const aria = useFieldAria(id, rawErrors, uiSchema);
  // The text as typed, with the value it stands for; a different value came from elsewhere (a reset,
  // loaded data) and replaces the text.
  const [shown, setShown] = useState(() => ({ value, typed: localAmount(value, locale) }));
  if (!Object.is(value, shown.value)) setShown({ value, typed: localAmount(value, locale) });
  const currencyField = typeof options.currencyField === 'string' ? options.currencyField : undefined;
  const fromField = currencyField ? getPath(formDataOf(props.registry.formContext), currencyField) : undefined;
  const currency = typeof fromField === 'string' && fromField !== '' ? fromField : typeof options.currency === 'string' ? options.currency : '';
  const numeric = schema.type === 'number' || schema.type === 'integer';
  const toValue = (text: string) => {
    const canonical = canonicalAmount(text, locale);
    if (canonical === '') return options.emptyValue;
    return numeric && /^-?\d+(\.\d+)?$/.test(canonical) ? Number(canonical) : canonical;
  };
  const currencyId = `${id}__currency`;
  const described = [aria['aria-describedby'], currency ? currencyId : null].filter(Boolean).join(' ');
  return (
    <div className="eng-money">
      <input
        id={id}
        name={htmlName || id}
        className="eng-input eng-money__amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={shown.typed}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
        autoFocus={autofocus}
        onChange={(event) => {
          const next = toValue(event.target.value);
          setShown({ value: next, typed: event.target.value });
          onChange(next);
        }}
        onBlur={(event) => onBlur(id, toValue(event.target.value))}
        onFocus={(event) => onFocus(id, toValue(event.target.value))}
        {...aria}
        {...(described ? { 'aria-describedby': described } : {})}
      />
      {currency && (
        <span id={currencyId} className="eng-money__currency">
          {currency}
        </span>
      )}
    </div>
  );
}
