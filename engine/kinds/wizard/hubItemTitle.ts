import type { TFunction } from 'i18next';
import { contextChoices, contextOptionsOf } from '../../schema-form/contextChoices';
import type { WizardHub } from '../../spec/types';

type Item = Record<string, unknown>;

const isObject = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A hub item's title (`hub.itemTitle`), interpolating the item, `{{number}}` (from 1) and, for each of the
 * hub's fields picked from the answers (`ui:options.fromContext`), `{{<field>Label}}`: the picked item as
 * the field's options word it ("Crew member 2: Ada, 60 %" rather than an id).
 *
 * @example
 * ```ts
 * // itemTitle crew.member: "Crew member {{number}}: {{personIdLabel}}, {{share}} %"
 * hubItemTitle(t, { fields: ['personId', 'share'], itemTitle: 'crew.member',
 *   uiSchema: { personId: { 'ui:options': { fromContext: { path: 'people', label: 'crew.person' } } } } },
 *   { personId: 'p1', share: 60 }, 1, { people: [{ id: 'p1', name: 'Ada' }] });
 * // "Crew member 2: Ada, 60 %"
 * ```
 */
export function hubItemTitle(t: TFunction, hub: WizardHub, item: Item, index: number, context: Item = {}): string {
  const words: Item = { ...item, number: index + 1 };
  for (const field of hub.fields) {
    const ui = hub.uiSchema?.[field];
    const lists = isObject(ui) && isObject(ui['ui:options']) ? contextOptionsOf(ui['ui:options']) : undefined;
    if (!lists) continue;
    const picked = contextChoices(t, lists, context, item).find((choice) => choice.value === item[field]);
    words[`${field}Label`] = picked?.label ?? '';
  }
  return t(hub.itemTitle, words);
}
