import { describe, expect, it } from 'vitest';
import { summaryEntries } from './SummaryStep';

const t = ((key: string, values?: { defaultValue?: string; name?: string }) =>
  key === 'crew.person' ? `Person ${values?.name}` : (values?.defaultValue ?? `«${key}»`)) as never;

describe('the summary of an object answer', () => {
  it('lists its leaves with their titles, worded: yes/no, joined lists, and ids named as the answers they pick', () => {
    const answers = { people: [{ id: 'p1', name: 'Ada' }] };
    const ui = { name: { 'ui:title': 'co.name' }, captains: { 'ui:options': { fromContext: { path: 'people', label: 'crew.person' } } } };
    expect(
      summaryEntries(t, { name: 'Acme', open: true, address: { city: 'Oslo' }, tags: ['a', 'b'], captains: ['p1'], empty: '' }, ui, answers, 'shop'),
    ).toEqual([
      { path: 'shop.name', label: '«co.name»', value: 'Acme' },
      { path: 'shop.open', label: 'open', value: '«engine.value.yes»' },
      { path: 'shop.address.city', label: 'city', value: 'Oslo' },
      { path: 'shop.tags', label: 'tags', value: 'a, b' },
      { path: 'shop.captains', label: 'captains', value: 'Person Ada' },
    ]);
  });
});
