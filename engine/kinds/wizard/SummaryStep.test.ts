import { describe, expect, it } from 'vitest';
import { summaryEntries } from './SummaryStep';

// Translates the enum words ("enums.…"); any other key falls back to its default value, else shows itself.
const t = ((key: string, values?: { defaultValue?: string; name?: string }) =>
  key === 'crew.person' ? `Person ${values?.name}` : key.startsWith('enums.') ? `«${key}»` : (values?.defaultValue ?? `«${key}»`)) as never;

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

describe('the summary of answers picked from enums and dictionaries', () => {
  it('words an enum by its enumKey and carries a dictionary leaf with its raw values', () => {
    const source = { method: 'fruitDictionaries', path: 'fruits', value: 'id', labelKeyField: 'labelKey' };
    const ui = {
      kind: { 'ui:options': { enumKey: 'fruitKind' } },
      fruitIds: { 'ui:options': { source } },
      callingCode: { 'ui:widget': 'phoneCode', 'ui:options': { source: { method: 'lands', path: 'lands', value: 'phoneCode' } } },
    };
    expect(summaryEntries(t, { kind: 'citrus', fruitIds: [11, 12], callingCode: '44' }, ui, {}, 'basket')).toEqual([
      { path: 'basket.kind', label: 'kind', value: '«enums.fruitKind.citrus»' },
      { path: 'basket.fruitIds', label: 'fruitIds', value: '11, 12', source: { options: source, values: [11, 12] } },
      { path: 'basket.callingCode', label: 'callingCode', value: '+44' },
    ]);
  });
});

describe('the summary of grouped answers', () => {
  it("says a group's leaves with the group's title, and keeps a question set whole for its questions to word it", () => {
    const questions = { method: 'questionnaire', path: 'questions' };
    const ui = {
      pets: { 'ui:title': 'q.pets', answer: { 'ui:title': 'q.answer' } },
      garden: { 'ui:title': 'q.garden', answer: { 'ui:title': 'q.answer' } },
      extra: { 'ui:title': 'q.extra', 'ui:widget': 'questionSet', 'ui:options': { source: questions } },
    };
    expect(summaryEntries(t, { pets: { answer: true }, garden: { answer: false }, extra: { owner: { value: true, text: 'Yes' } } }, ui, {}, 'home')).toEqual([
      { path: 'home.pets.answer', label: '«q.pets»: «q.answer»', value: '«engine.value.yes»' },
      { path: 'home.garden.answer', label: '«q.garden»: «q.answer»', value: '«engine.value.no»' },
      { path: 'home.extra', label: '«q.extra»', value: '', questions: { options: questions, answers: { owner: { value: true, text: 'Yes' } } } },
    ]);
  });
});
