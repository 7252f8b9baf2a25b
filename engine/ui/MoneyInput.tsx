import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../i18n/labels';
import { Field } from './Field';

/** The locale's decimal separator: `,` in es, pt, ro, ru, ua; `.` in en. */
function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/**
 * The decimal string the API takes (`"1234.5"`) of an amount typed in `locale`: its decimal separator,
 * or a dot, and spaces or the other separator as grouping. `null` when the text is no amount.
 *
 * @example
 * ```ts
 * parseAmount('1 234,50', 'es'); // '1234.50'
 * parseAmount('1,234.50', 'en'); // '1234.50'
 * parseAmount('12,5', 'en');     // null: in English a comma groups thousands
 * ```
 */
export function parseAmount(text: string, locale: string): string | null {
  const decimal = decimalSeparator(locale);
  const grouping = decimal === ',' ? '.' : ',';
  let compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (decimal === ',' && !compact.includes(',') && /^\d+\.\d{1,2}$/.test(compact)) return compact;
  if (!new RegExp(`^-?\\d{1,3}(\\${grouping}\\d{3})*(\\${decimal}\\d+)?$|^-?\\d+(\\${decimal}\\d+)?$`).test(compact)) return null;
  compact = compact.split(grouping).join('');
  return compact.replace(decimal, '.');
}

/** What a {@link MoneyInput} shows and reports. */
export interface MoneyInputProps {
  /** The label, already translated. */
  label: string;
  /** The amount as a decimal string (`"12.50"`), or `''`. */
  value: string;
  /** Called with the decimal string of what was typed, or `''` while it is no amount yet. */
  onChange: (value: string) => void;
  /** ISO 4217 code (or a ticker) shown beside the amount. */
  currency: string;
  /** An error to show on the field (the form's validation, the server's refusal). */
  error?: string;
  required?: boolean;
  name?: string;
}

/**
 * An amount field for custom screens: typed with the locale's decimal separator (a comma in es, pt, ro,
 * ru and ua, a dot too), reported as the decimal string the API takes, with the currency shown beside it
 * and said to screen readers. It keeps what the user typed while it is no amount yet; the schema (its
 * `pattern`, `minimum`) decides what is valid, not this field.
 *
 * @example
 * ```tsx
 * <MoneyInput label={t('fields.amount')} currency="EUR" value={data.amount} onChange={(amount) => setData({ ...data, amount })} error={errors.amount} />
 * ```
 */
export function MoneyInput({ label, value, onChange, currency, error, required, name = 'amount' }: MoneyInputProps) {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const shown = value === '' ? '' : value.replace('.', decimalSeparator(locale));
  const [text, setText] = useState(shown);
  const typed = parseAmount(text, locale) === (value || null) ? text : shown;
  return (
    <Field label={`${label} (${currency})`} error={error} required={required}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          className="eng-input eng-number"
          inputMode="decimal"
          autoComplete="off"
          value={typed}
          required={required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            onChange(parseAmount(event.target.value, locale) ?? '');
          }}
        />
      )}
    </Field>
  );
}
