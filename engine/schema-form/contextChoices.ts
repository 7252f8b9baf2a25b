import type { TFunction } from 'i18next';
import { getPath } from '../data/paths';
import { matchesWhen } from '../spec/when';
import type { ContextOptions } from '../spec/types';
import type { Choice } from './optionWidgets';

/**
 * The choices of `ui:options.fromContext`: the items of the lists, at their `path`, of the data the form
 * sits beside (a wizard's answers, a section's data), each list only while the form's values meet its
 * `when`; an item's `value` field is the option's value, the i18n key `label` interpolating the item words
 * it. Items a list's `except` names (a field of the form's values holding a value or a list of them) are
 * left out, so an item is not offered as its own part.
 *
 * @example
 * ```ts
 * contextChoices(t, [{ path: 'people', value: 'id', label: 'crew.person' }], { people: [{ id: 'p1', name: 'Ada' }] }, {});
 * // [{ value: 'p1', label: t('crew.person', { id: 'p1', name: 'Ada' }) }]
 * ```
 */
export function contextChoices(t: TFunction, lists: readonly ContextOptions[], context: unknown, values: Record<string, unknown>): Choice[] {
  return lists.flatMap((list) => {
    if (!matchesWhen(list.when, values)) return [];
    const items = getPath(context, list.path);
    if (!Array.isArray(items)) return [];
    const excluded = list.except === undefined ? [] : ([] as unknown[]).concat(getPath(values, list.except) ?? []);
    return (items as Record<string, unknown>[]).flatMap((item) => {
      const value = getPath(item, list.value ?? 'id');
      if ((typeof value !== 'string' && typeof value !== 'number') || excluded.includes(value)) return [];
      return [{ value, label: t(list.label, item) }];
    });
  });
}

/** `ui:options.fromContext` when a field names it (one list or several). */
export function contextOptionsOf(options: Record<string, unknown>): ContextOptions[] | undefined {
  const given = options.fromContext;
  if (Array.isArray(given)) return given as ContextOptions[];
  return typeof given === 'object' && given !== null ? [given as ContextOptions] : undefined;
}
