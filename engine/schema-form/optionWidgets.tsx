import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { WidgetProps } from '@rjsf/utils';
import { getPath } from '../data/paths';
import { formatText, type FormatContext } from '../format/formatValue';
import { enumLabel, useIntlLocale } from '../i18n/labels';
import type { Column, OptionDisabled, UiOptions } from '../spec/types';
import { useEngine } from '../provider/EngineProvider';
import { useFieldAria } from './fieldVisibility';
import { formDataOf, optionSourceOf, useSourceData, type OptionSource } from './sources';
import { contextChoices, contextOptionsOf } from './contextChoices';
import { useRowValues } from './listRow';

/**
 * One choice of a select or radio group drawn from data: `disabled` ones are shown but cannot be chosen,
 * saying `reason`; `text` is a radio's second line.
 */
export interface Choice {
  value: string | number | boolean;
  label: string;
  disabled?: boolean;
  reason?: string;
  text?: string;
  /** The heading of the group the choice is drawn under (a source's `groups`). */
  group?: string;
}

// Where widgets.tsx reads it without fetching this module (see deferredWidgets.tsx).
export { optionSourceOf } from './sources';

/**
 * The items of a dictionary answer a source keeps: a list at `path`, only those meeting `where`, whose
 * `equals: ':name'` reads the form's value `name` (no items while it is empty); with `within`, the list at
 * that path of the first item kept instead.
 *
 * @example
 * ```ts
 * sourceItems([{ code: 'a', open: true }, { code: 'b', open: false }], { method: 'kinds', where: { field: 'open', equals: true } });
 * // [{ code: 'a', open: true }]
 * sourceItems([{ code: 'a', open: true }], { method: 'kinds', where: { field: 'open', equals: ':open' } }, { open: false }); // []
 * sourceItems([{ code: 'a', sizes: ['S', 'L'] }], { method: 'kinds', where: { field: 'code', equals: 'a' }, within: 'sizes' }); // ['S', 'L']
 * ```
 */
export function sourceItems(list: unknown, source: OptionSource, formData: Record<string, unknown> = {}): Record<string, unknown>[] {
  if (!Array.isArray(list)) return [];
  const where = source.where;
  let wanted = where?.equals;
  if (typeof wanted === 'string' && wanted.startsWith(':')) {
    wanted = getPath(formData, wanted.slice(1));
    if (wanted === undefined || wanted === null || wanted === '') return [];
  }
  const kept = (list as Record<string, unknown>[]).filter((item) => {
    if (!where) return true;
    const value = getPath(item, where.field);
    return where.in ? where.in.includes(value) : value === wanted;
  });
  if (!source.within) return kept;
  // The options are a list inside the item kept (the currencies of the method chosen).
  const inner = kept[0] === undefined ? undefined : getPath(kept[0], source.within);
  return Array.isArray(inner) ? (inner as Record<string, unknown>[]) : [];
}

/**
 * Why an item of a source cannot be chosen (`source.disabled`), in the reader's language; `null` when
 * it can. Each value of the item's field is worded by `<reasonKey>.<value>`, a list joined by spaces,
 * then given to `text` as `{{reasons}}`.
 *
 * @example
 * ```ts
 * disabledReason(t, { id: 'fast', blockedBy: ['farAway'] }, { field: 'blockedBy', reasonKey: 'ship.blocked', text: 'ship.unavailable' });
 * // t('ship.unavailable', { reasons: t('ship.blocked.farAway') }): "Not available: too far away."
 * disabledReason(t, { id: 'slow', blockedBy: [] }, { field: 'blockedBy' }); // null
 * ```
 */
export function disabledReason(t: TFunction, item: unknown, disabled: OptionDisabled | undefined): string | null {
  if (!disabled) return null;
  const held = getPath(item, disabled.field);
  const values = Array.isArray(held) ? held : held === undefined || held === null || held === '' || held === false ? [] : [held];
  if (values.length === 0) return null;
  const reasons = values
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .map((value) => (disabled.reasonKey ? t(`${disabled.reasonKey}.${String(value)}`, { defaultValue: String(value) }) : String(value)))
    .join(' ');
  return disabled.text ? t(disabled.text, { reasons }) : reasons;
}

/**
 * An item as `optionLabel` and `optionText` read it: the `optionValues` columns formatted (money with its
 * currency, dates; a list worded value by value, `enumKey` words `[2, 6]` "Captain, Cook"), lists of
 * plain values as the reader's language lists them ("EUR, USD").
 *
 * @example
 * ```ts
 * optionWords({ fee: '5', currency: 'EUR', codes: ['A', 'B'] }, [{ field: 'fee', format: 'money', currencyField: 'currency' }], ctx);
 * // { fee: '€5.00', currency: 'EUR', codes: 'A, B' }
 * ```
 */
export function optionWords(item: Record<string, unknown>, columns: readonly Column[] | undefined, ctx: FormatContext): Record<string, unknown> {
  const words: Record<string, unknown> = {};
  const list = new Intl.ListFormat(ctx.locale, { style: 'short', type: 'unit' });
  for (const [key, value] of Object.entries(item)) {
    const plain = Array.isArray(value) && value.every((entry) => typeof entry === 'string' || typeof entry === 'number');
    words[key] = plain ? list.format((value as (string | number)[]).map(String)) : value;
  }
  for (const column of columns ?? []) {
    const value = getPath(item, column.field);
    // A list is worded value by value as the column words one ("Captain, Cook"), then listed.
    words[column.field] = Array.isArray(value)
      ? list.format(value.map((entry) => formatText(entry, column, item, ctx)).filter((entry) => entry !== ''))
      : formatText(value, column, item, ctx);
  }
  return words;
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
export function sourceChoices(t: TFunction, list: unknown, source: OptionSource, formData: Record<string, unknown> = {}): Choice[] {
  if (source.groups) return groupedChoices(t, sourceItems(list, source, formData), source, source.groups);
  return sourceItems(list, source, formData).flatMap((item) => {
    // A list of plain values (currency codes) is its own values and words.
    if (typeof item === 'string' || typeof item === 'number') return [{ value: item, label: String(item) }];
    const value = getPath(item, source.value ?? 'code');
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const worded = getPath(item, source.label ?? 'name');
    const keyed = source.labelKeyField ? getPath(item, source.labelKeyField) : undefined;
    const fallback = typeof keyed === 'string' ? t(keyed) : typeof worded === 'string' ? worded : String(value);
    const reason = disabledReason(t, item, source.disabled);
    return [
      {
        value,
        label: source.labelKey ? t(`${source.labelKey}.${String(value)}`, { defaultValue: fallback }) : fallback,
        ...(reason === null ? {} : { disabled: true, reason }),
      },
    ];
  });
}

/**
 * The choices of a source whose items are groups (`source.groups`): each group's list at `within`, worded
 * as a source's items are, under the group's heading.
 *
 * @example
 * ```ts
 * groupedChoices(t, [{ labelKey: 'fruit.kinds.sweet', fruits: [{ id: 1, labelKey: 'fruit.apple' }] }], { method: 'fruits', value: 'id', labelKeyField: 'labelKey' }, { within: 'fruits', labelKeyField: 'labelKey' });
 * // [{ value: 1, label: 'Apple', group: 'Sweet' }]
 * ```
 */
export function groupedChoices(t: TFunction, groups: readonly unknown[], source: OptionSource, grouping: NonNullable<OptionSource['groups']>): Choice[] {
  const inner: OptionSource = { ...source, groups: undefined, where: undefined, within: undefined };
  return groups.flatMap((group) => {
    const heading = grouping.labelKeyField ? getPath(group, grouping.labelKeyField) : undefined;
    const label = typeof heading === 'string' ? t(heading) : undefined;
    return sourceChoices(t, getPath(group, grouping.within), inner).map((choice) => (label === undefined ? choice : { ...choice, group: label }));
  });
}

/**
 * The choices of a source worded by the field's `optionLabel` and `optionText` (each interpolating the
 * item, `optionValues` formatted), where the uiSchema names them.
 */
export function wordedSourceChoices(t: TFunction, ctx: FormatContext, items: Record<string, unknown>[], source: OptionSource, options: UiOptions): Choice[] {
  // The items are already those `where` keeps.
  const choices = sourceChoices(t, items, { ...source, where: undefined, within: undefined });
  if (!options.optionLabel && !options.optionText) return choices;
  return choices.map((choice) => {
    const item = items.find((candidate) => getPath(candidate, source.value ?? 'code') === choice.value);
    if (!item || typeof item !== 'object') return choice;
    const words = optionWords(item, options.optionValues, ctx);
    return {
      ...choice,
      ...(options.optionLabel ? { label: t(options.optionLabel, words) } : {}),
      ...(options.optionText ? { text: t(options.optionText, words) } : {}),
    };
  });
}

/**
 * The value a field with options should hold once they are known: the first (`chooseFirst`) or the only
 * (`chooseOnly`) option that may be chosen while nothing offered is chosen; nothing in place of a value
 * no longer offered (another country, another product); else the value as it is.
 *
 * @example
 * ```ts
 * settledChoice('express', [{ value: 'standard', label: 'S' }], { chooseFirst: true }); // 'standard'
 * settledChoice('gone', [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }], {}); // undefined
 * ```
 */
export function settledChoice(value: unknown, choices: readonly Choice[], options: Pick<UiOptions, 'chooseFirst' | 'chooseOnly'>): unknown {
  const open = choices.filter((choice) => !choice.disabled);
  if (value !== undefined && value !== null && value !== '' && open.some((choice) => String(choice.value) === String(value))) return value;
  if (options.chooseFirst && open[0]) return open[0].value;
  if (options.chooseOnly && open.length === 1) return open[0]!.value;
  return undefined;
}

/**
 * Keeps a field on what its loaded options allow (see {@link settledChoice}); `choices` null while
 * they load, when nothing changes.
 */
export function useSettledChoice(props: WidgetProps, choices: readonly Choice[] | null): void {
  const { value, onChange, options } = props;
  const settled = choices === null ? value : settledChoice(value, choices, options as UiOptions);
  const changes = choices !== null && settled !== value && !(settled === undefined && (value === undefined || value === null || value === ''));
  useEffect(() => {
    if (changes) onChange(settled);
  }, [changes, settled, onChange]);
}

/** Choices in runs of the same group, in their order (ungrouped ones each run alone). */
function choiceGroups(choices: readonly Choice[]): { group: string | undefined; members: { choice: Choice; index: number }[] }[] {
  const runs: { group: string | undefined; members: { choice: Choice; index: number }[] }[] = [];
  choices.forEach((choice, index) => {
    const last = runs[runs.length - 1];
    if (last && choice.group !== undefined && last.group === choice.group) last.members.push({ choice, index });
    else runs.push({ group: choice.group, members: [{ choice, index }] });
  });
  return runs;
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
      {choiceGroups(choices ?? []).map(({ group, members }, at) => {
        const options = members.map(({ choice, index }) => (
          <option key={`${String(choice.value)}-${index}`} value={String(choice.value)} disabled={choice.disabled}>
            {choice.reason ? t('engine.form.optionUnavailable', { label: choice.label, reason: choice.reason }) : choice.label}
          </option>
        ));
        return group === undefined ? (
          options
        ) : (
          <optgroup key={`${group}-${at}`} label={group}>
            {options}
          </optgroup>
        );
      })}
    </select>
  );
}

/**
 * Choices from a dictionary method (`ui:options.source`), following the fields its params name: `null`
 * while loading, an empty list while a field it depends on is empty or when the call failed.
 */
export function useSourceChoices(props: WidgetProps, word: (items: Record<string, unknown>[], source: OptionSource) => Choice[]): Choice[] | null {
  const source = optionSourceOf(props.options);
  const formData = formDataOf(props.registry.formContext);
  const { data, waiting, failed } = useSourceData(source, formData);
  if (!source || waiting || failed) return [];
  if (data === undefined) return null;
  return word(sourceItems(data, source, formData), source);
}

/**
 * The choices of a field from its `ui:options.source`, worded by `optionLabel` and `optionText`: `null`
 * while loading (see `useSourceChoices`).
 */
export function useWordedSourceChoices(props: WidgetProps): Choice[] | null {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  return useSourceChoices(props, (items, source) => wordedSourceChoices(t, { t, locale }, items, source, props.options as UiOptions));
}

/**
 * `ui:widget: select` with `ui:options.source`: the options of a dictionary method, which may depend on
 * other fields (`params: { countryCode: ':country' }`). An item `source.disabled` marks is offered
 * disabled, saying why; a value the loaded options no longer offer is cleared (`chooseFirst` and
 * `chooseOnly` choose one instead).
 */
export function SourceSelectWidget(props: WidgetProps) {
  const choices = useWordedSourceChoices(props);
  useSettledChoice(props, choices);
  return <ChoiceSelect props={props} choices={choices} />;
}

/**
 * `ui:widget: select` with `ui:options.fromContext`: the items of lists of the data the form sits beside
 * (a wizard's answers), see `contextChoices`; a value no longer offered is cleared.
 */
export function ContextSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const context = (props.registry.formContext as { data?: unknown } | undefined)?.data;
  const values = useRowValues(formDataOf(props.registry.formContext));
  const choices = contextChoices(t, contextOptionsOf(props.options) ?? [], context, values);
  useSettledChoice(props, choices);
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

/** Between a calling code and its country in the values of the phoneCode widget's options. */
const SEPARATOR = ' ';

/**
 * `ui:widget: phoneCode`: the calling code of a phone, chosen by country ("Romania (+40)") from a
 * countries dictionary (`ui:options.source`, whose `value` field is the calling code and whose `country`
 * field, default `code`, the country), next to the number's own field. Countries that share a code
 * (Canada and the United States, +1) stay apart: the one picked stays shown, and the form gets the code.
 */
export function PhoneCodeWidget(props: WidgetProps) {
  const locale = useIntlLocale();
  const { t } = useTranslation();
  const names = useRegionNames(locale);
  const [picked, setPicked] = useState<string>();
  const countryField = typeof props.options.countryField === 'string' ? props.options.countryField : 'code';
  const choices = useSourceChoices(props, (items, source) =>
    items.flatMap((item) => {
      const callingCode = getPath(item, source.value ?? 'phoneCode');
      const country = getPath(item, countryField);
      if (typeof callingCode !== 'string' || typeof country !== 'string') return [];
      const fallback = getPath(item, source.label ?? 'name');
      const name = regionName(names, country) ?? (typeof fallback === 'string' ? fallback : country);
      const code = callingCode.replace(/^\+/, '');
      return [{ value: `${code}${SEPARATOR}${country}`, label: t('engine.form.callingCode', { country: name, code }) }];
    }),
  );
  const sorted = useMemo(() => choices && sortedByLabel(choices, locale), [choices, locale]);
  const code = typeof props.value === 'string' ? props.value.replace(/^\+/, '') : '';
  // The option of the country picked, or else the first country with the form's code.
  const shown = code
    ? (sorted?.find((choice) => choice.value === `${code}${SEPARATOR}${picked}`) ??
      sorted?.find((choice) => String(choice.value).startsWith(`${code}${SEPARATOR}`)))
    : undefined;
  const codeOf = (raw: unknown) => (typeof raw === 'string' && raw.includes(SEPARATOR) ? raw.slice(0, raw.indexOf(SEPARATOR)) : raw);
  const inner: WidgetProps = {
    ...props,
    value: shown?.value ?? props.value,
    onChange: (raw: unknown) => {
      if (typeof raw === 'string' && raw.includes(SEPARATOR)) setPicked(raw.slice(raw.indexOf(SEPARATOR) + 1));
      props.onChange(codeOf(raw));
    },
    onBlur: (id: string, raw: unknown) => props.onBlur(id, codeOf(raw)),
    onFocus: (id: string, raw: unknown) => props.onFocus(id, codeOf(raw)),
  };
  return <ChoiceSelect props={inner} choices={sorted} />;
}
