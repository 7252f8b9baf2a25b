import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { getPath } from '../data/paths';
import { formatDecimalInput, parseDecimal } from '../format/numbers';
import { useIntlLocale } from '../i18n/labels';
import { useFieldAria } from './fieldVisibility';
import { formDataOf } from './sources';

/** A canonical decimal: optional minus, digits, optional fraction. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Whether a field holds a decimal number a person types: a `number`, or a string whose `pattern` takes
 * decimals written with a point (`"12.50"`) and refuses a comma (the schemas' amounts). Such a field
 * takes the locale's decimal separator without a `ui:widget` (see {@link MoneyWidget}).
 *
 * @example
 * ```ts
 * isDecimalSchema({ type: 'string', pattern: '^-?(0|[1-9][0-9]{0,9})(\\.[0-9]{1,8})?$' }); // true
 * isDecimalSchema({ type: 'string', pattern: '^[0-9]{4,6}$' });                        // false
 * ```
 */
export function isDecimalSchema(schema: { type?: unknown; pattern?: unknown; enum?: unknown; format?: unknown }): boolean {
  if (schema.enum !== undefined || schema.format !== undefined) return false;
  if (schema.type === 'number') return true;
  if (schema.type !== 'string' || typeof schema.pattern !== 'string') return false;
  try {
    const pattern = new RegExp(schema.pattern, 'u');
    return pattern.test('12.5') && pattern.test('0.25') && !pattern.test('12,5') && !pattern.test('1x');
  } catch {
    return false;
  }
}

/**
 * `ui:widget: money`: an amount typed with the locale's decimal separator (a comma in es, pt, ro, ru,
 * ua; the locale's grouping and the other mark tolerated, see `parseDecimal`), sent as the canonical value
 * the schema expects (a decimal string, or a number for a `number` field), shown as the locale writes it
 * once left (`1.234,5` in es), with its currency after it: `ui:options.currency`, or the value of the
 * field `ui:options.currencyField` names. Every decimal field (see {@link isDecimalSchema}) is drawn
 * by it, without a currency, when its spec names no widget.
 */
export function MoneyWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, options, schema, rawErrors, uiSchema, placeholder } = props;
  const { onChange, onBlur, onFocus } = props;
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const aria = useFieldAria(id, rawErrors, uiSchema);
  // The text as typed, with the value it stands for; a different value came from elsewhere (a reset,
  // loaded data) and replaces the text.
  const [shown, setShown] = useState(() => ({ value, typed: formatDecimalInput(value, locale, { grouping: false }) }));
  const [editing, setEditing] = useState(false);
  if (!Object.is(value, shown.value)) setShown({ value, typed: formatDecimalInput(value, locale, { grouping: false }) });
  const currencyField = typeof options.currencyField === 'string' ? options.currencyField : undefined;
  const fromField = currencyField ? getPath(formDataOf(props.registry.formContext), currencyField) : undefined;
  const currency = typeof fromField === 'string' && fromField !== '' ? fromField : typeof options.currency === 'string' ? options.currency : '';
  const numeric = schema.type === 'number' || schema.type === 'integer';
  const toValue = (text: string) => {
    const canonical = parseDecimal(text, locale);
    if (canonical === '') return options.emptyValue;
    return numeric && DECIMAL.test(canonical) ? Number(canonical) : canonical;
  };
  // While edited, the text as typed; once left, as the locale writes the amount (with its grouping).
  const text = editing || !DECIMAL.test(String(value ?? '')) ? shown.typed : formatDecimalInput(value, locale);
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
        value={text}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
        autoFocus={autofocus}
        placeholder={placeholder ? t(placeholder) : undefined}
        onChange={(event) => {
          const next = toValue(event.target.value);
          setShown({ value: next, typed: event.target.value });
          onChange(next);
        }}
        onBlur={(event) => {
          setEditing(false);
          // An amount read from what was typed is written back as the locale writes it (`12.5` in es: `12,5`).
          if (DECIMAL.test(String(shown.value ?? ''))) setShown({ value: shown.value, typed: formatDecimalInput(shown.value, locale, { grouping: false }) });
          onBlur(id, toValue(event.target.value));
        }}
        onFocus={(event) => {
          setEditing(true);
          onFocus(id, toValue(event.target.value));
        }}
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
