import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { OptionsSelect, type Option } from '../app/OptionsSelect.tsx';
import { intlLocale } from '../../engine/index.ts';

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
  return <OptionsSelect props={props} options={options} />;
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
  return <OptionsSelect props={props} options={options} />;
}
