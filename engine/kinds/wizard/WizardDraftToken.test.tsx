import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { JsonSchema, ScreenSpec } from '../../spec/types';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';

/** A sign-up kept on the server by a token: people without a session, a draft that follows them to another device. */
const schema: JsonSchema = {
  type: 'object',
  required: ['format', 'name'],
  properties: {
    format: { type: 'string' },
    name: { type: 'string', title: 'Name', minLength: 2 },
    city: { type: 'string', title: 'City' },
  },
  additionalProperties: false,
};

const spec: ScreenSpec = {
  id: 'signup',
  route: '/signup',
  layout: 'clear',
  title: 'signup.title',
  kind: 'wizard',
  wizard: {
    schema,
    fixed: { format: '7.1' },
    draft: { key: 'signup', version: '7.1', load: 'signupDraftGet', save: 'signupDraftSave', delete: 'signupDraftDelete', token: 'draftToken' },
    steps: [
      { id: 'name', title: 'signup.name', fields: ['name'] },
      { id: 'city', title: 'signup.city', fields: ['city'] },
    ],
    submit: { method: 'signupSend', wrap: 'signup', label: 'signup.send' },
  },
};

const i18n = () => createTestI18n({ signup: { title: 'Sign up', name: 'Name', city: 'City', send: 'Send' } });

async function click(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('WizardScreen: a server draft named by a token', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('asks for no server draft without a token, keeps the token the first save answers and sends it with the next', async () => {
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) => (method === 'signupDraftSave' ? { draftToken: 'tok-1' } : {}));
    renderScreens(testOptions([spec], { callMethod }), '/signup', i18n());
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Ada' } });
    await click('Next');
    await screen.findByRole('heading', { level: 2, name: /City/ });
    await waitFor(() => expect(localStorage.getItem('signup.token')).toBe('tok-1'));
    expect(callMethod).not.toHaveBeenCalledWith('signupDraftGet', expect.anything());
    expect(callMethod).toHaveBeenCalledWith('signupDraftSave', { draft: expect.objectContaining({ version: '7.1', data: { name: 'Ada', format: '7.1' } }) });
    await click('Back');
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('signupDraftSave', expect.objectContaining({ draftToken: 'tok-1' })));
  });

  it("opens the server's draft by the address's token on another device, and remembers that token", async () => {
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) =>
      method === 'signupDraftGet' ? { draft: { version: '7.1', step: 1, data: { name: 'Bo', format: '7.1' }, savedAt: '2024-02-01T00:00:00Z' } } : {},
    );
    renderScreens(testOptions([spec], { callMethod }), '/signup?draftToken=tok-9', i18n());
    await screen.findByRole('heading', { level: 2, name: /City/ });
    expect(callMethod).toHaveBeenCalledWith('signupDraftGet', { draftToken: 'tok-9' });
    expect(localStorage.getItem('signup.token')).toBe('tok-9');
  });

  it('deletes the server draft by its token once clearing is confirmed, and sends the fixed values with the answers', async () => {
    localStorage.setItem('signup', JSON.stringify({ version: '7.1', step: 1, data: { name: 'Cy', format: '7.1' }, savedAt: '2024-01-01T00:00:00Z' }));
    localStorage.setItem('signup.token', 'tok-2');
    const callMethod = vi.fn(async (method: string, _params: Record<string, unknown>) => (method === 'signupDraftGet' ? { discarded: false } : {}));
    renderScreens(testOptions([spec], { callMethod }), '/signup', i18n());
    await screen.findByRole('heading', { level: 2, name: /City/ });
    await click('Send');
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('signupSend', { signup: { name: 'Cy', format: '7.1' } }));
    await waitFor(() => expect(callMethod).toHaveBeenCalledWith('signupDraftDelete', { draftToken: 'tok-2' }));
    expect(localStorage.getItem('signup.token')).toBeNull();
    expect(localStorage.getItem('signup')).toBeNull();
  });
});
