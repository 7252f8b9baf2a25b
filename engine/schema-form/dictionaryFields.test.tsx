/**
 * Fields drawn from a dictionary method, written as a spec, nested inside an object as a wizard's form is:
 * a list of ids as checkboxes (`checkboxes`), a select whose options come in groups (`source.groups`,
 * worded by the items' own i18n keys, `labelKeyField`), and questions with follow-ups (`questionSet`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScreenSpec } from '../spec/types';
import { toggledValues } from './checkboxesField';
import { answeredQuestion, type AskedQuestion } from './questionSetField';
import { groupedChoices } from './optionWidgets';
import { createTestI18n, renderScreens, testOptions } from '../testing/harness';

const menu = {
  fruits: [
    { id: 1, labelKey: 'menu.fruit.apple' },
    { id: 3, labelKey: 'menu.fruit.pear' },
  ],
  kinds: [
    { key: 'sweet', labelKey: 'menu.kind.sweet', dishes: [{ id: 11, labelKey: 'menu.dish.pie' }] },
    { key: 'savoury', labelKey: 'menu.kind.savoury', dishes: [{ id: 21, labelKey: 'menu.dish.soup' }] },
  ],
  questions: [
    { key: 'pets', labelKey: 'menu.q.pets', widget: 'yesNo', followUp: { when: true, fields: [{ name: 'text', labelKey: 'menu.q.which' }] } },
    {
      key: 'host',
      labelKey: 'menu.q.host',
      widget: 'radio',
      options: [
        { value: 1, labelKey: 'menu.q.hostOptions.1' },
        { value: 2, labelKey: 'menu.q.hostOptions.2' },
      ],
      followUp: {
        when: 2,
        fields: [
          { name: 'name', labelKey: 'menu.q.name' },
          { name: 'date', labelKey: 'menu.q.since' },
        ],
      },
    },
  ],
};

const source = { method: 'menu', value: 'id', labelKeyField: 'labelKey' };

const order: ScreenSpec = {
  id: 'order',
  route: '/order',
  layout: 'main',
  title: 'menu.title',
  kind: 'form',
  form: {
    schema: {
      type: 'object',
      properties: {
        order: {
          type: 'object',
          required: ['fruitIds', 'dishId'],
          properties: {
            fruitIds: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'integer' } },
            dishId: { type: 'integer' },
            answers: {
              type: 'object',
              additionalProperties: {
                type: 'object',
                properties: {
                  value: { type: ['boolean', 'integer'] },
                  text: { type: 'string', maxLength: 2000 },
                  name: { type: 'string' },
                  date: { type: 'string', format: 'date' },
                },
              },
            },
          },
        },
      },
    },
    fields: ['order'],
    uiSchema: {
      order: {
        fruitIds: { 'ui:title': 'menu.fruits', 'ui:widget': 'checkboxes', 'ui:options': { source: { ...source, path: 'fruits' } } },
        dishId: {
          'ui:title': 'menu.dish.title',
          'ui:widget': 'select',
          'ui:options': { source: { ...source, path: 'kinds', groups: { within: 'dishes', labelKeyField: 'labelKey' } } },
        },
        answers: { 'ui:title': 'menu.q.title', 'ui:widget': 'questionSet', 'ui:options': { source: { method: 'menu', path: 'questions' } } },
      },
    },
    submit: { method: 'orderSend', label: 'menu.send' },
  },
};

const words = () =>
  createTestI18n({
    menu: {
      title: 'Order',
      send: 'Send',
      fruits: 'Fruits',
      fruit: { apple: 'Apple', pear: 'Pear' },
      kind: { sweet: 'Sweet', savoury: 'Savoury' },
      dish: { title: 'Dish', pie: 'Pie', soup: 'Soup' },
      q: {
        title: 'Questions',
        pets: 'Pets?',
        which: 'Which?',
        host: 'Who hosts?',
        hostOptions: { 1: 'Me', 2: 'Someone else' },
        name: 'Their name',
        since: 'Since',
      },
    },
  });

afterEach(() => vi.restoreAllMocks());

describe('fields drawn from a dictionary', () => {
  it('ticks ids as checkboxes, chooses from grouped options and asks follow-ups only after their answer, all sent inside their object', async () => {
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>): Promise<unknown> => (method === 'menu' ? menu : {}));
    renderScreens(testOptions([order], { callMethod }), '/order', words());
    const fruits = await screen.findByRole('group', { name: 'Fruits' });
    fireEvent.click(await within(fruits).findByRole('checkbox', { name: 'Pear' }));
    fireEvent.click(within(fruits).getByRole('checkbox', { name: 'Apple' }));
    const dish = screen.getByLabelText(/^Dish/) as HTMLSelectElement;
    await waitFor(() => expect(dish.querySelectorAll('optgroup')).toHaveLength(2));
    expect(dish.querySelector('optgroup[label="Savoury"]')?.textContent).toBe('Soup');
    fireEvent.change(dish, { target: { value: '21' } });
    const pets = screen.getByRole('group', { name: 'Pets?' });
    expect(screen.queryByLabelText('Which?')).toBeNull();
    fireEvent.click(within(pets).getByLabelText('Yes'));
    fireEvent.change(await screen.findByLabelText('Which?'), { target: { value: 'A cat' } });
    const host = screen.getByRole('group', { name: 'Who hosts?' });
    fireEvent.click(within(host).getByLabelText('Me'));
    expect(screen.queryByLabelText('Their name')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    await waitFor(() =>
      expect(callMethod).toHaveBeenCalledWith('orderSend', {
        order: { fruitIds: [1, 3], dishId: 21, answers: { pets: { value: true, text: 'A cat' }, host: { value: 1 } } },
      }),
    );
  });

  it('words one checkbox from two fields of its item (optionLabel), a list field worded value by value (optionValues enumKey)', async () => {
    const crew = {
      people: [
        { id: 4, name: 'Ann Lee', roles: [2, 6] },
        { id: 9, name: 'Bo Kim', roles: [6] },
      ],
    };
    const callMethod = vi.fn(async (method: string): Promise<unknown> => (method === 'crew' ? crew : {}));
    const roster: ScreenSpec = {
      id: 'roster',
      route: '/roster',
      layout: 'main',
      title: 'menu.title',
      kind: 'form',
      form: {
        schema: { type: 'object', properties: { crewIds: { type: 'array', items: { type: 'integer' } } } },
        fields: ['crewIds'],
        uiSchema: {
          crewIds: {
            'ui:title': 'menu.crew',
            'ui:widget': 'checkboxes',
            'ui:options': {
              source: { method: 'crew', path: 'people', value: 'id' },
              optionLabel: 'menu.member',
              optionValues: [{ field: 'roles', enumKey: 'role' }],
            },
          },
        },
        submit: { method: 'rosterSend', label: 'menu.send' },
      },
    };
    const i18n = createTestI18n({
      menu: { title: 'Roster', send: 'Send', crew: 'Crew', member: '{{name}} ({{roles}})' },
      enums: { role: { 2: 'Captain', 6: 'Cook' } },
    });
    renderScreens(testOptions([roster], { callMethod }), '/roster', i18n);
    const group = await screen.findByRole('group', { name: 'Crew' });
    await within(group).findByRole('checkbox', { name: 'Bo Kim (Cook)' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Ann Lee (Captain, Cook)' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('rosterSend', { crewIds: [4] }));
  });

  it('keeps the ticked values in the options order', () => {
    const choices = [
      { value: 1, label: 'A' },
      { value: 3, label: 'C' },
    ];
    expect(toggledValues([3], choices, 1, true)).toEqual([1, 3]);
    expect(toggledValues([1, 3], choices, 3, false)).toEqual([1]);
  });

  it('words grouped options by their keys, each under its group', () => {
    const t = ((key: string) => `«${key}»`) as never;
    expect(groupedChoices(t, menu.kinds, { ...source }, { within: 'dishes', labelKeyField: 'labelKey' })).toEqual([
      { value: 11, label: '«menu.dish.pie»', group: '«menu.kind.sweet»' },
      { value: 21, label: '«menu.dish.soup»', group: '«menu.kind.savoury»' },
    ]);
  });

  it('drops the follow-ups an answer no longer asks', () => {
    const host = menu.questions[1] as AskedQuestion;
    expect(answeredQuestion({ host: { value: 2, name: 'Bo', date: '2024-01-01' } }, host, { value: 1, name: 'Bo', date: '2024-01-01' })).toEqual({
      host: { value: 1 },
    });
    expect(answeredQuestion({}, host, { value: 2, name: 'Bo' })).toEqual({ host: { value: 2, name: 'Bo' } });
  });
});
