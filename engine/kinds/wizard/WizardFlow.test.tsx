import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MethodCallError } from '../../errors/MethodCallError';
import type { JsonSchema, ScreenSpec, WizardSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

/** A household: who applies, whether there is a partner, the partner's name, and the children (a hub). */
const schema: JsonSchema = {
  type: 'object',
  required: ['name', 'children'],
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    hasPartner: { type: 'boolean', title: 'I have a partner' },
    partnerName: { type: 'string', title: 'Partner name', minLength: 2 },
    children: {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: {
        type: 'object',
        required: ['childName'],
        properties: { childName: { type: 'string', title: 'Child name', minLength: 2 }, age: { type: 'integer', title: 'Age', minimum: 0 } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

function householdSpec(wizard: Partial<WizardSpec> = {}): ScreenSpec {
  return {
    id: 'household',
    route: '/household',
    layout: 'clear',
    title: 'household.title',
    kind: 'wizard',
    wizard: {
      schema,
      steps: [
        { id: 'you', title: 'household.you', fields: ['name', 'hasPartner'] },
        { id: 'partner', title: 'household.partner', fields: ['partnerName'], when: { field: 'hasPartner', equals: true } },
        {
          id: 'children',
          title: 'household.children',
          kind: 'hub',
          fields: ['children'],
          hub: { fields: ['childName', 'age'], itemTitle: 'household.child', addLabel: 'household.addChild' },
        },
        { id: 'review', title: 'household.review', kind: 'summary' },
      ],
      submit: { method: 'householdCreate', label: 'household.send' },
      ...wizard,
    },
  };
}

const i18n = () =>
  createTestI18n({
    household: {
      title: 'Household',
      you: 'You',
      partner: 'Partner',
      children: 'Children',
      review: 'Review',
      send: 'Send',
      child: 'Child {{number}}: {{childName}}',
      addChild: 'Add a child',
      intro: 'Hello {{owner.name}}',
      documents: 'Documents',
      sign: 'Sign',
    },
  });

function fill(label: string, value: string) {
  const field = screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

async function click(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

async function addChild(name: string) {
  if (!screen.queryByRole('heading', { level: 3, name: 'Add a child' })) await click('Add a child');
  fill('Child name', name);
  await click('Save');
}

describe('WizardScreen: hubs, summary, conditions and calls', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('shows a step only when the answers meet its when, counts only shown steps and leaves hidden answers out', async () => {
    const callMethod = vi.fn(async () => ({}));
    renderScreens(testOptions([householdSpec()], { callMethod }), '/household', i18n());
    await screen.findByRole('heading', { level: 2, name: /Step 1 of 3: You/ });
    fill('Name', 'Ada');
    fireEvent.click(screen.getByLabelText('I have a partner'));
    expect(await screen.findByRole('heading', { level: 2, name: /Step 1 of 4: You/ })).toBeTruthy();
    await click('Next');
    await screen.findByRole('heading', { level: 2, name: /Step 2 of 4: Partner/ });
    fill('Partner name', 'Bo');
    await click('Back');
    fireEvent.click(await screen.findByLabelText('I have a partner'));
    await click('Next');
    expect(await screen.findByRole('heading', { level: 2, name: /Step 2 of 3: Children/ })).toBeTruthy();
    await addChild('Cy');
    await click('Next');
    await click('Send');
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('householdCreate', { name: 'Ada', hasPartner: false, children: [{ childName: 'Cy' }] }));
  });

  it('sends an empty list for a hub passed with no item, so a schema that requires the list holds', async () => {
    const callMethod = vi.fn(async () => ({}));
    const spec = householdSpec();
    const wizard = spec.wizard as WizardSpec;
    wizard.schema = { ...schema, properties: { ...schema.properties, children: { ...(schema.properties!.children as JsonSchema), minItems: 0 } } };
    renderScreens(testOptions([spec], { callMethod }), '/household', i18n());
    await screen.findByLabelText(/^Name/);
    fill('Name', 'Ada');
    await click('Next');
    await screen.findByRole('heading', { level: 2, name: /Step 2 of 3: Children/ });
    await click('Next');
    await screen.findByRole('heading', { level: 2, name: /Step 3 of 3: Review/ });
    await click('Send');
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('householdCreate', { name: 'Ada', hasPartner: false, children: [] }));
  });

  it('shows a step by a JSON Schema over the answers (if/then)', async () => {
    const spec = householdSpec();
    const wizard = spec.wizard as WizardSpec;
    wizard.steps[1] = {
      ...wizard.steps[1]!,
      when: undefined,
      showIf: { if: { properties: { name: { const: 'Ada' } }, required: ['name'] }, then: true, else: false },
    };
    renderScreens(testOptions([spec]), '/household', i18n());
    await screen.findByRole('heading', { level: 2, name: /Step 1 of 3/ });
    fill('Name', 'Ada');
    expect(await screen.findByRole('heading', { level: 2, name: /Step 1 of 4/ })).toBeTruthy();
    fill('Name', 'Bob');
    expect(await screen.findByRole('heading', { level: 2, name: /Step 1 of 3/ })).toBeTruthy();
  });

  it('adds, edits and removes the items of a hub, each checked by the item schema, within the list limits', async () => {
    renderScreens(testOptions([householdSpec()]), '/household', i18n());
    await screen.findByLabelText(/^Name/);
    fill('Name', 'Ada');
    await click('Next');
    // The list needs one item: its sub-form is open at once, and Next waits for it.
    expect(await screen.findByRole('heading', { level: 3, name: 'Add a child' })).toBeTruthy();
    await click('Next');
    expect(screen.getByText('Save or cancel the item you are editing first.')).toBeTruthy();
    fill('Child name', 'Cy');
    await click('Back');
    expect(screen.getByRole('heading', { level: 2, name: /Step 2 of 3: Children/ })).toBeTruthy();
    expect((screen.getByLabelText(/^Child name/) as HTMLInputElement).value).toBe('Cy');
    fill('Child name', 'C');
    await click('Save');
    expect(await screen.findByText(/at least 2 characters|Use at least/i)).toBeTruthy();
    await addChild('Cy');
    expect(screen.getByText('Child 1: Cy')).toBeTruthy();
    // The last item of a list that needs one cannot be removed.
    expect(screen.queryByRole('button', { name: 'Remove: Child 1: Cy' })).toBeNull();

    await click('Edit: Child 1: Cy');
    fill('Child name', 'Cyd');
    await click('Save');
    expect(screen.getByText('Child 1: Cyd')).toBeTruthy();

    await addChild('Di');
    expect(screen.getByText('Child 2: Di')).toBeTruthy();
    // Two is the most the schema allows.
    expect(screen.queryByRole('button', { name: 'Add a child' })).toBeNull();
    await click('Remove: Child 1: Cyd');
    expect(screen.queryByText(/Cyd/)).toBeNull();
    expect(screen.getByText('Child 1: Di')).toBeTruthy();
  });

  it('sums up the answers with a way back to each step, which keeps them', async () => {
    renderScreens(testOptions([householdSpec()]), '/household', i18n());
    await screen.findByLabelText(/^Name/);
    fill('Name', 'Ada');
    await click('Next');
    await addChild('Cy');
    await click('Next');
    const you = await screen.findByRole('region', { name: 'You' });
    expect(within(you).getByText('Ada')).toBeTruthy();
    expect(within(you).getByText('No')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Children' })).getByText('Child 1: Cy')).toBeTruthy();
    await click('Edit: You');
    expect(await screen.findByRole('heading', { level: 2, name: /Step 1 of 3: You/ })).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Ada');
  });

  it('leaves out of the summary a field its step shows only when some answers hold, where they do not', async () => {
    const spec = householdSpec();
    const wizard = spec.wizard as WizardSpec;
    wizard.steps[0] = {
      ...wizard.steps[0]!,
      fields: ['name', 'hasPartner', 'partnerName'],
      uiSchema: { partnerName: { 'ui:options': { when: { field: 'hasPartner', equals: true } } } },
    };
    wizard.steps.splice(1, 1);
    renderScreens(testOptions([spec]), '/household', i18n());
    await screen.findByLabelText(/^Name/);
    fill('Name', 'Ada');
    await click('Next');
    await addChild('Cy');
    await click('Next');
    const you = await screen.findByRole('region', { name: 'You' });
    expect(within(you).getByText('I have a partner')).toBeTruthy();
    expect(within(you).queryByText('Partner name')).toBeNull();
    await click('Edit: You');
    fireEvent.click(await screen.findByLabelText('I have a partner'));
    fill('Partner name', 'Bo');
    await click('Next');
    await click('Next');
    expect(within(await screen.findByRole('region', { name: 'You' })).getByText('Partner name')).toBeTruthy();
  });

  it('saves a step on Next and shows a refused field on that step without moving on', async () => {
    const callMethod = vi
      .fn<(method: string, params: Record<string, unknown>) => Promise<unknown>>()
      .mockRejectedValueOnce(new MethodCallError('VF', 'Invalid', { 'applicant.name': 'Already applied' }))
      .mockResolvedValue({});
    const spec = householdSpec();
    const wizard = spec.wizard as WizardSpec;
    wizard.steps[0] = { ...wizard.steps[0]!, save: { method: 'householdSave', wrap: 'applicant', queryParams: { ref: 'ref' } } };
    renderScreens(testOptions([spec], { callMethod }), '/household?ref=r1', i18n());
    await screen.findByLabelText(/^Name/);
    fill('Name', 'Ada');
    await click('Next');
    expect(callMethod).toHaveBeenCalledWith('householdSave', { applicant: { name: 'Ada', hasPartner: false }, ref: 'r1' });
    expect(await screen.findByText('Already applied')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /Step 1 of 3: You/ })).toBeTruthy();
    fill('Name', 'Adele');
    await click('Next');
    expect(await screen.findByRole('heading', { level: 2, name: /Step 2 of 3: Children/ })).toBeTruthy();
  });

  it('starts from the loaded answer, opens where startAt says, and shows sections by their data', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const callMethod = vi.fn(async (method: string) => {
      if (method === 'householdGet') return { owner: { name: 'Ada' }, household: { name: 'Ada', children: [{ childName: 'Cy' }] }, state: 'sent' };
      if (method === 'householdSign') return { sign: { url: 'https://sign.example/1' } };
      return {};
    });
    const spec = householdSpec({
      data: { method: 'householdGet', path: 'household' },
      intro: 'household.intro',
      startAt: [{ step: 'documents', when: { field: 'state', equals: 'sent' } }],
    });
    const wizard = spec.wizard as WizardSpec;
    wizard.steps.push({
      id: 'documents',
      title: 'household.documents',
      kind: 'sections',
      sections: [
        {
          id: 'sent',
          kind: 'detail',
          title: 'household.sign',
          data: { method: 'householdGet' },
          when: { field: 'state', equals: 'sent' },
          actions: [{ id: 'sign', label: 'household.sign', method: 'householdSign', success: { openUrl: 'sign.url' } }],
        },
        { id: 'draft', kind: 'detail', title: 'household.review', data: { method: 'householdGet' }, when: { field: 'state', equals: 'draft' } },
      ],
    });
    renderScreens(testOptions([spec], { callMethod }), '/household', i18n());
    expect(await screen.findByRole('heading', { level: 2, name: /Step 4 of 4: Documents/ })).toBeTruthy();
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Review' })).toBeNull();
    await click('Sign');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sign.example/1'));

    await click('Back');
    await screen.findByRole('heading', { level: 2, name: /Step 3 of 4: Review/ });
    expect(screen.getByText('Child 1: Cy')).toBeTruthy();
  });

  it('hands a refused start to onError and goes where failure says, instead of offering a retry', async () => {
    const refusal = new MethodCallError('13', 'This link is not valid any more.');
    const onError = vi.fn();
    const callMethod = vi.fn(async () => {
      throw refusal;
    });
    const { router } = renderScreens(
      testOptions([householdSpec({ data: { method: 'householdGet' }, failure: { navigate: '/login' } })], { callMethod, onError }),
      '/household',
      i18n(),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(onError).toHaveBeenCalledWith(refusal);
  });

  it('opens a draft the server saved later than the local one, says so, and sends the draft to the server on each move', async () => {
    localStorage.setItem('household-draft', JSON.stringify({ version: '1', step: 0, data: { name: 'Local' }, savedAt: '2024-01-01T00:00:00Z' }));
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) =>
      method === 'householdDraftGet' ? { draft: { version: '1', step: 0, data: { name: 'Server' }, savedAt: '2024-02-01T00:00:00Z' } } : {},
    );
    renderScreens(
      testOptions([householdSpec({ draft: { key: 'household-draft', version: '1', load: 'householdDraftGet', save: 'householdDraftSave' } })], { callMethod }),
      '/household',
      i18n(),
    );
    expect(await screen.findByText('We opened the answers you saved later on another device.')).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Server');
    await click('Next');
    await waitFor(() =>
      expect(callMethod).toHaveBeenCalledWith('householdDraftSave', {
        draft: expect.objectContaining({ version: '1', step: 2, data: { name: 'Server', hasPartner: false } }),
      }),
    );
  });

  it('keeps the local draft when the server has none newer', async () => {
    localStorage.setItem('household-draft', JSON.stringify({ version: '1', step: 0, data: { name: 'Local' }, savedAt: '2024-03-01T00:00:00Z' }));
    const callMethod = vi.fn(async (method: string) =>
      method === 'householdDraftGet' ? { draft: { version: '1', step: 0, data: { name: 'Server' }, savedAt: '2024-02-01T00:00:00Z' } } : {},
    );
    renderScreens(
      testOptions([householdSpec({ draft: { key: 'household-draft', version: '1', load: 'householdDraftGet', save: 'householdDraftSave' } })], { callMethod }),
      '/household',
      i18n(),
    );
    expect(await screen.findByText('We restored the answers you saved last time.')).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Local');
  });

  it('asks a field under the summary, sends it beside the wrap, never keeps it in the draft, and says its refusal on it', async () => {
    const callMethod = vi
      .fn()
      .mockRejectedValueOnce(new MethodCallError('TA1', 'Invalid', { checkCode: 'Tick the check again' }))
      .mockResolvedValue({});
    const spec = householdSpec({
      draft: { key: 'household-draft', version: '1' },
      submit: { method: 'householdCreate', label: 'household.send', wrap: 'household', beside: ['checkCode'] },
    });
    const wizard = spec.wizard as WizardSpec;
    wizard.steps[3] = {
      id: 'review',
      title: 'household.review',
      kind: 'summary',
      fields: ['checkCode'],
      // Codegen sets it from the submit method's request.
      schema: { type: 'object', required: ['checkCode'], properties: { checkCode: { type: 'string', title: 'Check code', minLength: 1 } } },
    };
    renderScreens(testOptions([spec], { callMethod }), '/household', i18n());
    await screen.findByLabelText(/^Name/);
    fill('Name', 'Ada');
    await click('Next');
    await addChild('Cy');
    await click('Next');
    await screen.findByRole('heading', { level: 2, name: /Step 3 of 3: Review/ });
    expect(within(screen.getByRole('region', { name: 'You' })).getByText('Ada')).toBeTruthy();
    // The field is required: Send waits for it.
    await click('Send');
    expect(callMethod).not.toHaveBeenCalledWith('householdCreate', expect.anything());
    fill('Check code', 'c-1');
    await click('Send');
    await waitFor(() =>
      expect(callMethod).toHaveBeenCalledWith('householdCreate', {
        household: { name: 'Ada', hasPartner: false, children: [{ childName: 'Cy' }] },
        checkCode: 'c-1',
      }),
    );
    expect(await screen.findByText('Tick the check again')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /Step 3 of 3: Review/ })).toBeTruthy();
    const draft = JSON.parse(localStorage.getItem('household-draft') ?? 'null') as { data: Record<string, unknown> };
    expect(draft.data.name).toBe('Ada');
    expect(draft.data).not.toHaveProperty('checkCode');
  });
});
