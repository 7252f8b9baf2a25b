import { useMemo, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { WidgetProps } from '@rjsf/utils';
import { getPath } from '../data/paths';
import { enumLabel, useIntlLocale } from '../i18n/labels';
import { useEngine } from '../provider/EngineProvider';
import { useFieldAria } from './fieldVisibility';
import { formDataOf, useSourceData, type OptionSource } from './sources';

/** One choice of a select drawn from data. */
export interface Choice {
  value: string | number;
  label: string;
}

/** `ui:options.source` of a field, when it names one. */
export function optionSourceOf(options: Record<string, unknown>): OptionSource | undefined {
  const source = options.source;
  return typeof source === 'object' && source !== null && typeof (source as OptionSource).method === 'string' ? (source as OptionSource) : undefined;
}

/**
 * The items of a dictionary answer a source keeps: a list at `path`, only those meeting `where`.
 *
 * @example
 * ```ts
 * sourceItems([{ code: 'a', open: true }, { code: 'b', open: false }], { method: 'kinds', where: { field: 'open', equals: true } });
 * // [{ code: 'a', open: true }]
 * ```
 */
export function sourceItems(list: unknown, source: OptionSource): Record<string, unknown>[] {
  if (!Array.isArray(list)) return [];
  const where = source.where;
  return (list as Record<string, unknown>[]).filter((item) => {
    if (!where) return true;
    const value = getPath(item, where.field);
    return where.in ? where.in.includes(value) : value === where.equals;
  });
}

/**
 * The choices of a dictionary: the item's `value` field (default `code`), worded by
 * `<labelKey>.<value>` when translated, else by the item's `label` field (default `name`).
 *
 * @example
 * ```ts
 * sourceChoices(t, [{ id: 'passport', name: 'Passport' }], { method: 'documentTypes', value: 'id', labelKey: 'documentTypes' });
 * // [{ value: 'passport', label: t('documentTypes.passport', { defaultValue: 'Passport' }) }]
 * ```
 */
export function sourceChoices(t: TFunction, list: unknown, source: OptionSource): Choice[] {
  return sourceItems(list, source).flatMap((item) => {
    const value = getPath(item, source.value ?? 'code');
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const worded = getPath(item, source.label ?? 'name');
    const fallback = typeof worded === 'string' ? worded : String(value);
    return [{ value, label: source.labelKey ? t(`${source.labelKey}.${String(value)}`, { defaultValue: fallback }) : fallback }];
  });
}

/**
 * The native select behind the engine's data-fed widgets, and of an application widget whose options it
 * works out itself: `choices` null while loading (the select is then disabled and busy), numbers kept
 * numbers for integer fields, the empty first choice worded by `ui:placeholder` or "Choose…", errors
 * wired as on the engine's other widgets.
 *
 * @example
 * ```tsx
 * export function StoreWidget(props: WidgetProps) {
 *   const stores = useStores(); // null while loading
 *   return <ChoiceSelect props={props} choices={stores && stores.map((store) => ({ value: store.id, label: store.name }))} />;
 * }
 * ```
 */
export function ChoiceSelect({ props, choices }: { props: WidgetProps; choices: Choice[] | null }) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors, uiSchema, schema } = props;
  const { t } = useTranslation();
  const aria = useFieldAria(id, rawErrors, uiSchema);
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const decode = (raw: string) => (raw === '' ? props.options.emptyValue : numeric ? Number(raw) : raw);
  return (
    <select
      id={id}
      name={htmlName || id}
      className="eng-input eng-select"
      value={value === undefined || value === null ? '' : String(value)}
      required={required}
      disabled={disabled || readonly || choices === null}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the screen spec's ui:autofocus; the spec chooses where a form starts.
      autoFocus={autofocus}
      aria-busy={choices === null || undefined}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(decode(event.target.value))}
      onBlur={(event) => onBlur(id, decode(event.target.value))}
      onFocus={(event) => onFocus(id, decode(event.target.value))}
      {...aria}
    >
      <option value="">{t(props.placeholder || 'engine.form.choose')}</option>
      {(choices ?? []).map((choice, index) => (
        <option key={`${String(choice.value)}-${index}`} value={String(choice.value)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/**
 * Choices from a dictionary method (`ui:options.source`), following the fields its params name: `null`
 * while loading, an empty list while a field it depends on is empty or when the call failed.
 */
function useSourceChoices(props: WidgetProps, word: (items: Record<string, unknown>[], source: OptionSource) => Choice[]): Choice[] | null {
  const source = optionSourceOf(props.options);
  const { data, waiting, failed } = useSourceData(source, formDataOf(props.registry.formContext));
  if (!source || waiting || failed) return [];
  if (data === undefined) return null;
  return word(sourceItems(data, source), source);
}

/**
 * `ui:widget: select` with `ui:options.source`: the options of a dictionary method, which may depend on
 * other fields (`params: { countryCode: ':country' }`).
 */
export function SourceSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const choices = useSourceChoices(props, (items, source) => sourceChoices(t, items, source));
  return <ChoiceSelect props={props} choices={choices} />;
}

/**
 * `ui:widget: select` with `ui:options.offeredIn`: the schema's enum values that the list at that path of
 * the application's facts holds (the registration types a brand offers), in the schema's order, worded as
 * enum options are (`enums.<field or enumKey>.<value>`). The schema keeps every value any application may
 * offer; the server refuses one this one does not.
 */
export function OfferedSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { facts = {} } = useEngine();
  const offered = getPath(facts, String(props.options.offeredIn));
  const listed = Array.isArray(offered) ? offered : [];
  const enumKey = typeof props.options.enumKey === 'string' ? props.options.enumKey : props.name;
  const choices = (props.options.enumOptions ?? [])
    .map((option) => option.value as unknown)
    .filter((value): value is string | number => (typeof value === 'string' || typeof value === 'number') && listed.includes(value))
    .map((value) => ({ value, label: enumLabel(t, enumKey, value) }));
  return <ChoiceSelect props={props} choices={choices} />;
}

/** The name of a region in `locale` (`RO` in es: "Rumanía"); `null` for a code Intl does not know. */
export function regionName(names: Intl.DisplayNames, code: string): string | null {
  try {
    const name = names.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** Region names in the reader's language, English where it has none. */
function useRegionNames(locale: string): Intl.DisplayNames {
  return useMemo(() => new Intl.DisplayNames([locale, 'en'], { type: 'region' }), [locale]);
}

/** Sorted as the reader's language sorts. */
function sortedByLabel(choices: Choice[], locale: string): Choice[] {
  const collator = new Intl.Collator(locale);
  return [...choices].sort((a, b) => collator.compare(a.label, b.label));
}

/**
 * `ui:widget: country`: a country select named in the reader's language (Intl.DisplayNames), sorted as
 * that language sorts. The codes are the schema's `enum`, or the items of `ui:options.source` (a
 * countries dictionary; its `label` field names a code Intl does not know). Never shows a bare code where
 * a name exists.
 */
export function CountryWidget(props: WidgetProps) {
  const locale = useIntlLocale();
  const names = useRegionNames(locale);
  const source = optionSourceOf(props.options);
  const fromSource = useSourceChoices(props, (items, from) =>
    items.flatMap((item) => {
      const code = getPath(item, from.value ?? 'code');
      if (typeof code !== 'string') return [];
      const fallback = getPath(item, from.label ?? 'name');
      return [{ value: code, label: regionName(names, code) ?? (typeof fallback === 'string' ? fallback : code) }];
    }),
  );
  const codes = Array.isArray(props.schema.enum) ? props.schema.enum.filter((code): code is string => typeof code === 'string') : [];
  const choices = source ? fromSource : codes.map((code) => ({ value: code, label: regionName(names, code) ?? code }));
  return <ChoiceSelect props={props} choices={choices && sortedByLabel(choices, locale)} />;
}

/**
 * `ui:widget: phoneCode`: the calling code of a phone, chosen by country ("Romania (+40)") from a
 * countries dictionary (`ui:options.source`, whose `value` field is the calling code and whose `country`
 * field, default `code`, the country), next to the number's own field.
 */
export function PhoneCodeWidget(props: WidgetProps) {
  const locale = useIntlLocale();
  const { t } = useTranslation();
  const names = useRegionNames(locale);
  const countryField = typeof props.options.countryField === 'string' ? props.options.countryField : 'code';
  const choices = useSourceChoices(props, (items, source) =>
    items.flatMap((item) => {
      const callingCode = getPath(item, source.value ?? 'phoneCode');
      const country = getPath(item, countryField);
      if (typeof callingCode !== 'string' || typeof country !== 'string') return [];
      const fallback = getPath(item, source.label ?? 'name');
      const name = regionName(names, country) ?? (typeof fallback === 'string' ? fallback : country);
      return [{ value: callingCode, label: t('engine.form.callingCode', { country: name, code: callingCode.replace(/^\+/, '') }) }];
    }),
  );
  return <ChoiceSelect props={props} choices={choices && sortedByLabel(choices, locale)} />;
}
