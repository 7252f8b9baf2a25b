import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';

/** An option of a dictionary select. */
interface Option {
  value: string | number;
  label: string;
}

/** The Intl locale of an interface language ('ua' is Ukrainian, 'uk' to Intl). */
const intlLocale = (language: string) => (language === 'ua' ? 'uk' : language);

/** A native select over options loaded from a dictionary method; the field's errors stay wired. */
function DictionarySelect({ props, options }: { props: WidgetProps; options: Option[] | null }) {
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

/**
 * `ui:widget: country`: the countries dictionary as a select, names in the reader's language.
 *
 * @example
 * uiSchema: { countryCode: { 'ui:widget': 'country' } }
 */
export function CountryWidget(props: WidgetProps) {
  const { rpc } = useApp();
  const { i18n } = useTranslation();
  const [options, setOptions] = useState<Option[] | null>(null);
  useEffect(() => {
    let live = true;
    const names = new Intl.DisplayNames([intlLocale(i18n.language), 'en'], { type: 'region' });
    rpc('countries', {}).then(
      ({ countries }) => {
        if (!live) return;
        const collator = new Intl.Collator(intlLocale(i18n.language));
        setOptions(countries.map((country) => ({ value: country.code, label: names.of(country.code) ?? country.name })).sort((a, b) => collator.compare(a.label, b.label)));
      },
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [rpc, i18n.language]);
  return <DictionarySelect props={props} options={options} />;
}

/**
 * `ui:widget: documentType`: the document types of `ui:options.category` (all when absent) as a
 * select. Names are translated under `documentTypes.<id>`, the dictionary's English name otherwise.
 *
 * @example
 * uiSchema: { documentType: { 'ui:widget': 'documentType', 'ui:options': { category: 'address' } } }
 */
export function DocumentTypeWidget(props: WidgetProps) {
  const { rpc } = useApp();
  const { t } = useTranslation();
  const category = typeof props.options.category === 'string' ? props.options.category : undefined;
  const [options, setOptions] = useState<Option[] | null>(null);
  useEffect(() => {
    let live = true;
    rpc('documentTypes', category ? { category } : {}).then(
      ({ documentTypes }) => live && setOptions(documentTypes.map((type) => ({ value: type.id, label: t(`documentTypes.${type.id}`, { defaultValue: type.name }) }))),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [rpc, category, t]);
  return <DictionarySelect props={props} options={options} />;
}
