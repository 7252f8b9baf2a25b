import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import { createI18n } from '../i18n/create-i18n.ts';
import { Feedback } from './Feedback.tsx';
import { createFeedbackStore } from './feedback-store.ts';

async function renderFeedback() {
  const i18n = await createI18n({ projectName: 'Paxum', languages: ['en'], defaultLanguage: 'en' });
  const store = createFeedbackStore();
  render(
    <I18nextProvider i18n={i18n}>
      <Feedback store={store} />
    </I18nextProvider>,
  );
  return store;
}

describe('Feedback', () => {
  it('shows an error as a modal dialog named by its header and described by its body', async () => {
    const store = await renderFeedback();
    act(() => store.showError(new MethodCallError('TA1', 'Invalid params', { 'profile.firstName': 'Too long.' })));
    const dialog = screen.getByRole('dialog', { name: 'Invalid params' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Too long.');
  });

  it("says the application's own messages in the user's language", async () => {
    const store = await renderFeedback();
    act(() => store.showError(new MethodCallError('UE', 'Server is not available', {})));
    expect(screen.getByRole('dialog', { name: 'Server is not available. Please try again in a few minutes.' })).toBeTruthy();
  });

  it('closes the popup with its button', async () => {
    const store = await renderFeedback();
    act(() => store.showError(new Error('Failed to fetch')));
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(store.state().popups).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('announces notices politely', async () => {
    const store = await renderFeedback();
    act(() => store.notify('notices.profileSaved'));
    expect(screen.getByRole('status').textContent).toContain('Your personal information has been saved.');
  });
});
