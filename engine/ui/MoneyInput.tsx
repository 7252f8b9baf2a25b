import { useState } from 'react';
import { useIntlLocale } from '../i18n/labels';
import { formatDecimalInput, parseDecimal } from '../format/numbers';
import { Field } from './Field';

/** What a {@link MoneyInput} shows and reports. */
export interface MoneyInputProps {
  /** The label, already translated. */
  label: string;
  /** The amount as the schema takes it, a decimal string (`"12.50"`), or `''`. */
  value: string;
  /** Called with the canonical decimal string of what was typed (`"1234.5"` for `1.234,5` in es). */
  onChange: (value: string) => void;
  /** ISO 4217 code (or a ticker) shown beside the amount and said with it. */
  currency: string;
  /** An error to show on the field (the schema's, the server's refusal). */
  error?: string;
  required?: boolean;
  name?: string;
}

/**
 * An amount field outside a schema form, for custom screens: the `money` widget's reading of the
 * locale (a comma in es, pt, ro, ru and ua, a point too), reported as the canonical decimal string, with
 * the currency shown beside it. Text that is no number is reported as typed, so the schema says why.
 *
 * @example
 * ```tsx
 * <MoneyInput label={t('fields.amount')} currency="EUR" value={data.amount} onChange={(amount) => setData({ ...data, amount })} error={errors.amount} />
 * ```
 */
export function MoneyInput({ label, value, onChange, currency, error, required, name = 'amount' }: MoneyInputProps) {
  const locale = useIntlLocale();
  // The text as typed, with the value it stands for; a value from elsewhere (a reset) replaces the text.
  const [shown, setShown] = useState(() => ({ value, typed: formatDecimalInput(value, locale, { grouping: false }) }));
  if (value !== shown.value) setShown({ value, typed: formatDecimalInput(value, locale, { grouping: false }) });
  return (
    <Field label={`${label} (${currency})`} error={error} required={required}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          className="eng-input eng-number"
          inputMode="decimal"
          autoComplete="off"
          value={shown.typed}
          required={required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => {
            const next = parseDecimal(event.target.value, locale);
            setShown({ value: next, typed: event.target.value });
            onChange(next);
          }}
        />
      )}
    </Field>
  );
}
