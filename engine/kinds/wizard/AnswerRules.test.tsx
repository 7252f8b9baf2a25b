import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AnswerProblem, AnswerRules } from '../../provider/types';
import type { JsonSchema, ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';
import { holdingProblems, itemProblems } from './answerRules';

/** A crew: people (a hub), then the captain's share; the rules want the shares to sum to 100 and a free name. */
const schema: JsonSchema = {
  type: 'object',
  properties: {
    people: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string', title: 'Name' },
          lead: { type: 'boolean', title: 'Leads' },
          rank: { type: 'integer', title: 'Rank' },
        },
      },
    },
    shares: { type: 'object', properties: { captain: { type: 'integer', title: 'Captain share' }, crew: { type: 'integer', title: 'Crew share' } } },
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
    answerRules: 'crew',
    steps: [
      {
        id: 'people',
        title: 'crew.people',
        kind: 'hub',
        fields: ['people'],
        hub: { fields: ['name', 'lead', 'rank'], idField: 'id', itemTitle: 'crew.person', addLabel: 'crew.add' },
      },
      { id: 'shares', title: 'crew.shares', fields: ['shares'] },
      { id: 'review', title: 'crew.review', kind: 'summary' },
    ],
    submit: { method: 'crewSend', label: 'crew.send' },
  },
};

type Person = { name?: string; lead?: boolean; rank?: number };

const rules: AnswerRules = {
  check: async (answers) => {
    const people = (answers.people ?? []) as Person[];
    const shares = (answers.shares ?? {}) as { captain?: number; crew?: number };
    const problems: AnswerProblem[] = people.flatMap((person, index) =>
      person.name === 'Taken' ? [{ field: `people.${index}.name`, key: 'crew.taken' }] : [],
    );
    if (people.length > 0 && !people.some((person) => person.lead)) problems.push({ field: 'people', key: 'crew.oneLead' });
    if ((shares.captain ?? 0) + (shares.crew ?? 0) !== 100)
      problems.push({ field: 'shares.crew', key: 'crew.sum', values: { sum: (shares.captain ?? 0) + (shares.crew ?? 0) } });
    return problems;
  },
  // Whoever first leads gets rank 1, as the first user of a draft gets top rights.
  tidy: (before, after) => {
    const was = ((before.people ?? []) as Person[]).some((person) => person.lead);
    const people = ((after.people ?? []) as Person[]).map((person) => (!was && person.lead && person.rank === undefined ? { ...person, rank: 1 } : person));
    return { ...after, people };
  },
};

const i18n = () =>
  createTestI18n({
    crew: {
      title: 'Crew',
      people: 'People',
      shares: 'Shares',
      review: 'Review',
      person: '{{name}}',
      add: 'Add someone',
      send: 'Send',
      taken: 'This name is taken.',
      oneLead: 'Someone must lead.',
      sum: 'The shares make {{sum}}, not 100.',
    },
  });

async function click(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('WizardScreen: answer rules', () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps a hub item open with its own problem on its field, fills what the tidy implies, holds Next on the step's problems and the submit on all", async () => {
    const callMethod = vi.fn(async (_method: string, _params: Record<string, unknown>): Promise<unknown> => ({}));
    renderScreens(testOptions([spec], { callMethod, answerRules: { crew: rules } }), '/crew', i18n());
    await screen.findByRole('button', { name: 'Add someone' });
    await click('Add someone');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Taken' } });
    await click('Save');
    const name = screen.getByLabelText(/^Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This name is taken.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Ada' } });
    // Ticking "Leads" for the first leader fills the rank the tidy gives.
    fireEvent.click(screen.getByLabelText(/^Leads/));
    await waitFor(() => expect((screen.getByLabelText(/^Rank/) as HTMLInputElement).value).toBe('1'));
    fireEvent.click(screen.getByLabelText(/^Leads/));
    await click('Save');
    await screen.findByText('Ada');
    // Nobody leads: the list's problem holds Next on this step.
    await click('Next');
    expect(await screen.findByText('Someone must lead.')).toBeTruthy();
    await click(/^Edit: Ada/);
    fireEvent.click(screen.getByLabelText(/^Leads/));
    await click('Save');
    await click('Next');
    await screen.findByRole('heading', { level: 2, name: /Shares/ });
    fireEvent.change(screen.getByLabelText(/^Captain share/), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText(/^Crew share/), { target: { value: '50' } });
    await click('Next');
    const crew = screen.getByLabelText(/^Crew share/);
    await waitFor(() => expect(crew.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The shares make 110, not 100.')).toBeTruthy();
    fireEvent.change(crew, { target: { value: '40' } });
    await click('Next');
    await screen.findByRole('heading', { level: 2, name: /Review/ });
    await click('Send');
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('crewSend', expect.objectContaining({ shares: { captain: 60, crew: 40 } })));
    expect((callMethod.mock.calls.find(([method]) => method === 'crewSend')?.[1].people as Person[])[0]).toMatchObject({ name: 'Ada', lead: true, rank: 1 });
  });
});

describe('WizardScreen: answer rules registered as { load }', () => {
  it('fetches them once, with the wizard that names them, and holds Next on their problems as if given', async () => {
    const load = vi.fn(async () => rules);
    const callMethod = vi.fn(async (): Promise<unknown> => ({}));
    const loader = { load };
    const other: ScreenSpec = { id: 'other', route: '/other', layout: 'clear', title: 'crew.review', kind: 'dashboard', dashboard: { sections: [] } };
    const { router } = renderScreens(testOptions([spec, other], { callMethod, answerRules: { crew: loader } }), '/other', i18n());
    await screen.findByText('Review');
    // A screen that names no rules does not fetch them.
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      await router.navigate('/crew');
    });
    await screen.findByRole('button', { name: 'Add someone' });
    expect(load).toHaveBeenCalledTimes(1);
    await click('Add someone');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Taken' } });
    await click('Save');
    await waitFor(() => expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This name is taken.')).toBeTruthy();
    await act(async () => {
      await router.navigate('/other');
    });
    await act(async () => {
      await router.navigate('/crew');
    });
    await screen.findByRole('button', { name: 'Add someone' });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('answer rules: which problems hold a move', () => {
  const shown = spec.wizard!.steps;
  const problems = [
    { field: 'people', key: 'a' },
    { field: 'shares.crew', key: 'b' },
    { field: 'elsewhere', key: 'c' },
  ];

  it("holds a step on its own and earlier steps' problems, and the submit on every one", () => {
    expect(holdingProblems(problems, shown, 0, false).map((problem) => problem.key)).toEqual(['a']);
    expect(holdingProblems(problems, shown, 1, false).map((problem) => problem.key)).toEqual(['a', 'b']);
    expect(holdingProblems(problems, shown, 2, true).map((problem) => problem.key)).toEqual(['a', 'b', 'c']);
  });

  it('keeps an item open only on a problem of a field its form asks for', () => {
    const found = itemProblems(
      [
        { field: 'people.1.name', key: 'x' },
        { field: 'people.1.hidden', key: 'y' },
        { field: 'people.0.name', key: 'z' },
      ],
      'people',
      1,
      ['name'],
    );
    expect(found).toEqual([{ field: 'people.1.name', key: 'x', path: 'name' }]);
  });
});
