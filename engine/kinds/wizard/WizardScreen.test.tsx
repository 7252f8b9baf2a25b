import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MethodCallError } from '../../errors/MethodCallError';
import type { JsonSchema, ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';
import { TokenWidget } from '../../testing/TokenWidget';

const schema: JsonSchema = {
  $id: 'https://schemas.example/entities/signup.schema.json',
  type: 'object',
  required: ['companyName', 'email', 'country', 'secret'],
  properties: {
    companyName: { type: 'string', title: 'Company name', minLength: 2 },
    email: { type: 'string', title: 'Email', format: 'email' },
    country: { type: 'string', title: 'Country', pattern: '^[A-Z]{2}$' },
    secret: { type: 'string', title: 'Secret' },
  },
  additionalProperties: false,
};

function wizardSpec(draftVersion = '2'): ScreenSpec {
  return {
    id: 'signup',
    route: '/signup',
    layout: 'clear',
    title: 'signup.title',
    kind: 'wizard',
    wizard: {
      schema,
      steps: [
        { id: 'company', title: 'signup.company', fields: ['companyName', 'email'] },
        { id: 'place', title: 'signup.place', fields: ['country', 'secret'], uiSchema: { secret: { 'ui:widget': 'password' } } },
      ],
      draft: { key: 'signup-draft', version: draftVersion },
      submit: { method: 'signupCreate', label: 'signup.send', success: { navigate: '/done' } },
    },
  };
}

const i18n = () => createTestI18n({ signup: { title: 'Sign up', company: 'Company', place: 'Place', send: 'Send' } });

function fill(label: string, value: string) {
  const field = screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

function storedDraft() {
  return JSON.parse(localStorage.getItem('signup-draft') ?? 'null') as { version: string; step: number; data: Record<string, unknown> } | null;
}

describe('WizardScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('validates only the fields of the current step before moving on', async () => {
    renderScreens(testOptions([wizardSpec()]), '/signup', i18n());
    await screen.findByRole('heading', { level: 2, name: /Step 1 of 2: Company/ });
    expect(screen.queryByLabelText(/^Country/)).toBeNull();

    await click('Next');
    expect(screen.getByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeTruthy();
    expect(screen.getAllByText('Fill in this field.')).toHaveLength(2);

    fill('Company name', 'Acme');
    fill('Email', 'ops@acme.test');
    await click('Next');
    expect(await screen.findByRole('heading', { level: 2, name: /Step 2 of 2: Place/ })).toBeTruthy();
    expect(screen.queryByText('Fill in this field.')).toBeNull();
    const current = screen.getByRole('list', { name: 'Steps' }).querySelector('[aria-current="step"]');
    expect(current?.textContent).toContain('Place');
  });

  it('goes back without validating and keeps the answers', async () => {
    renderScreens(testOptions([wizardSpec()]), '/signup', i18n());
    await screen.findByLabelText(/^Company name/);
    fill('Company name', 'Acme');
    fill('Email', 'ops@acme.test');
    await click('Next');
    await screen.findByLabelText(/^Country/);
    await click('Back');
    expect(((await screen.findByLabelText(/^Company name/)) as HTMLInputElement).value).toBe('Acme');
    expect(screen.queryByText('Fill in this field.')).toBeNull();
  });

  it('keeps a draft of the answers, without passwords, and restores it on the next visit', async () => {
    const first = renderScreens(testOptions([wizardSpec()]), '/signup', i18n());
    await screen.findByLabelText(/^Company name/);
    fill('Company name', 'Acme');
    fill('Email', 'ops@acme.test');
    await click('Next');
    fill('Country', 'DE');
    fill('Secret', 'hunter2');
    expect(storedDraft()).toMatchObject({ version: '2', step: 1, data: { companyName: 'Acme', email: 'ops@acme.test', country: 'DE' } });
    expect(storedDraft()?.data).not.toHaveProperty('secret');
    first.unmount();

    renderScreens(testOptions([wizardSpec()]), '/signup', i18n());
    expect(await screen.findByText('We restored the answers you saved last time.')).toBeTruthy();
    expect(((await screen.findByLabelText(/^Country/)) as HTMLInputElement).value).toBe('DE');
  });

  it('discards a draft of another version', async () => {
    localStorage.setItem('signup-draft', JSON.stringify({ version: '1', step: 1, data: { companyName: 'Old' }, savedAt: '2024-01-01T00:00:00Z' }));
    renderScreens(testOptions([wizardSpec('2')]), '/signup', i18n());
    expect(((await screen.findByLabelText(/^Company name/)) as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem('signup-draft')).toBeNull();
    expect(screen.queryByText('We restored the answers you saved last time.')).toBeNull();
  });

  it('clears the draft only after confirmation', async () => {
    localStorage.setItem('signup-draft', JSON.stringify({ version: '2', step: 0, data: { companyName: 'Acme' }, savedAt: '2024-01-01T00:00:00Z' }));
    renderScreens(testOptions([wizardSpec()]), '/signup', i18n());
    await screen.findByDisplayValue('Acme');

    await click('Clear saved answers');
    let dialog = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    });
    expect(localStorage.getItem('signup-draft')).not.toBeNull();
    expect(screen.getByDisplayValue('Acme')).toBeTruthy();

    await click('Clear saved answers');
    dialog = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, continue' }));
    });
    expect(localStorage.getItem('signup-draft')).toBeNull();
    expect(((await screen.findByLabelText(/^Company name/)) as HTMLInputElement).value).toBe('');
  });

  it('submits every answer at the end and drops the draft on success', async () => {
    const callMethod = vi.fn(async () => ({}));
    const { router } = renderScreens(testOptions([wizardSpec()], { callMethod }), '/signup', i18n());
    await screen.findByLabelText(/^Company name/);
    fill('Company name', 'Acme');
    fill('Email', 'ops@acme.test');
    await click('Next');
    fill('Country', 'DE');
    fill('Secret', 'hunter2');
    await click('Send');
    await waitFor(() =>
      expect(callMethod).toHaveBeenCalledWith('signupCreate', {
        companyName: 'Acme',
        email: 'ops@acme.test',
        country: 'DE',
        secret: 'hunter2',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/done'));
    expect(localStorage.getItem('signup-draft')).toBeNull();
  });

  it('takes the user to the step of a field the server refused', async () => {
    const callMethod = vi
      .fn<(method: string, params: Record<string, unknown>) => Promise<unknown>>()
      .mockRejectedValue(new MethodCallError('VF', 'Invalid', { email: 'Already registered' }));
    renderScreens(testOptions([wizardSpec()], { callMethod }), '/signup', i18n());
    await screen.findByLabelText(/^Company name/);
    fill('Company name', 'Acme');
    fill('Email', 'ops@acme.test');
    await click('Next');
    fill('Country', 'DE');
    fill('Secret', 'hunter2');
    await click('Send');
    expect(await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeTruthy();
    expect(await screen.findByText('Already registered')).toBeTruthy();
    expect(localStorage.getItem('signup-draft')).not.toBeNull();
  });
});

describe('WizardScreen: a single-use value', () => {
  it('is emptied when the submit is refused on another field, so the step asks for a new one', async () => {
    const callMethod = vi
      .fn<(method: string, params: Record<string, unknown>) => Promise<unknown>>()
      .mockRejectedValueOnce(new MethodCallError('TA1', 'Invalid', { country: 'Not served' }))
      .mockResolvedValue({});
    const spec = wizardSpec();
    spec.wizard!.steps[1]!.uiSchema = { secret: { 'ui:widget': 'token', 'ui:options': { singleUse: true } } };
    renderScreens(testOptions([spec], { callMethod, widgets: { token: TokenWidget } }), '/signup', i18n());
    await screen.findByLabelText(/^Company name/);
    fill('Company name', 'Acme');
    fill('Email', 'ops@acme.test');
    await click('Next');
    fill('Country', 'XX');
    await act(async () => fireEvent.click(screen.getByText('Get a token')));
    await click('Send');
    expect(callMethod).toHaveBeenLastCalledWith('signupCreate', { companyName: 'Acme', email: 'ops@acme.test', country: 'XX', secret: 't1' });
    expect(await screen.findByText('Not served')).toBeTruthy();
    // The send used the token up: the step asks for a new one.
    await screen.findByText('Get a token');
    expect(screen.queryByText('Token t1 ready')).toBeNull();

    fill('Country', 'DE');
    await act(async () => fireEvent.click(screen.getByText('Get a token')));
    await click('Send');
    await waitFor(() =>
      expect(callMethod).toHaveBeenLastCalledWith('signupCreate', { companyName: 'Acme', email: 'ops@acme.test', country: 'DE', secret: 't2' }),
    );
  });
});
