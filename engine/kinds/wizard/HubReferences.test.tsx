import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JsonSchema, ScreenSpec } from '../../spec/types';
import { contextChoices } from '../../schema-form/contextChoices';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

/** A crew: people (a hub giving each an id), the captain picked among them, and shares held by a person or a boat. */
const schema: JsonSchema = {
  type: 'object',
  properties: {
    people: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string', title: 'Name' } } },
    },
    boats: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, boat: { type: 'string' } } } },
    captains: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string' } },
    holders: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'id'],
        properties: { kind: { enum: ['person', 'boat'] }, id: { type: 'string', title: 'Holder' } },
      },
    },
  },
};

const spec: ScreenSpec = {
  id: 'crew',
  route: '/crew',
  layout: 'clear',
  title: 'crew.title',
  kind: 'wizard',
  wizard: {
    schema,
    steps: [
      {
        id: 'people',
        title: 'crew.people',
        kind: 'hub',
        fields: ['people'],
        hub: { fields: ['name'], idField: 'id', itemTitle: 'crew.person', addLabel: 'crew.add' },
      },
      {
        id: 'captains',
        title: 'crew.captains',
        fields: ['captains'],
        uiSchema: {
          captains: { 'ui:title': 'crew.captains', 'ui:widget': 'checkboxes', 'ui:options': { fromContext: { path: 'people', label: 'crew.person' } } },
        },
      },
    ],
    submit: { method: 'crewSend', label: 'crew.send' },
  },
};

const i18n = () => createTestI18n({ crew: { title: 'Crew', people: 'People', captains: 'Captains', person: '{{name}}', add: 'Add someone', send: 'Send' } });

async function click(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('WizardScreen: hub items named by id, and picked on another step', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives a new item an id, keeps it on edit, and offers the items by name on the next step, sending their ids', async () => {
    const callMethod = vi.fn(async (_method: string, _params: Record<string, unknown>): Promise<unknown> => ({}));
    renderScreens(testOptions([spec], { callMethod }), '/crew', i18n());
    await screen.findByRole('button', { name: 'Add someone' });
    await click('Add someone');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ada' } });
    await click('Save');
    await click('Add someone');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Bo' } });
    await click('Save');
    await click(/^Edit: Ada/);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ada L' } });
    await click('Save');
    await click('Next');
    const group = await screen.findByRole('group', { name: 'Captains' });
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Bo' }));
    await click('Send');
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('crewSend', expect.anything()));
    const sent = callMethod.mock.calls.find(([method]) => method === 'crewSend')?.[1] as { people: { id: string; name: string }[]; captains: string[] };
    expect(sent.people.map((person) => person.name)).toEqual(['Ada L', 'Bo']);
    const [ada, bo] = sent.people;
    expect(ada?.id).toMatch(/^[A-Za-z0-9-]{8,}$/);
    expect(ada?.id).not.toBe(bo?.id);
    expect(sent.captains).toEqual([bo?.id]);
  });

  it("offers a list's items only while the form meets its when, leaving out what except names", () => {
    const t = ((key: string, values: { name?: string; boat?: string }) => `${key}:${values.name ?? values.boat}`) as never;
    const lists = [
      { path: 'people', label: 'p', when: { field: 'kind', equals: 'person' } },
      { path: 'boats', label: 'b', when: { field: 'kind', equals: 'boat' }, except: 'self' },
    ];
    const answers = {
      people: [{ id: 'p1', name: 'Ada' }],
      boats: [
        { id: 'b1', boat: 'Kon-Tiki' },
        { id: 'b2', boat: 'Ra' },
      ],
    };
    expect(contextChoices(t, lists, answers, { kind: 'person' })).toEqual([{ value: 'p1', label: 'p:Ada' }]);
    expect(contextChoices(t, lists, answers, { kind: 'boat', self: 'b1' })).toEqual([{ value: 'b2', label: 'b:Ra' }]);
    expect(contextChoices(t, lists, answers, {})).toEqual([]);
  });
});
