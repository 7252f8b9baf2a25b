import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import { createI18n } from '../i18n/create-i18n.ts';
import { Feedback } from './Feedback.tsx';
import { createFeedbackStore } from './feedback-store.ts';

async function renderFeedback(navigate?: (href: string) => void) {
  const i18n = await createI18n({ projectName: 'Paxum', languages: ['en'], defaultLanguage: 'en' });
  const store = createFeedbackStore();
  render(
    <I18nextProvider i18n={i18n}>
      <Feedback store={store} navigate={navigate} />
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

  it('draws a notice with an address as a link that opens it in the application and takes the notice away', async () => {
    const navigate = vi.fn();
    const store = await renderFeedback(navigate);
    act(() => store.notify('notifications.arrived', { title: 'Transaction was rejected.', body: 'Transfer No. 41 was declined.' }, { href: '/history/41' }));
    const link = await screen.findByRole('link', { name: 'Transaction was rejected. Transfer No. 41 was declined.' });
    expect(link.getAttribute('href')).toBe('/history/41');
    act(() => link.click());
    expect(navigate).toHaveBeenCalledWith('/history/41');
    expect(store.state().notices).toEqual([]);
  });

  it('never links a notice off the application', async () => {
    const store = await renderFeedback(vi.fn());
    act(() => store.notify('notices.profileSaved', undefined, { href: '//evil.example/x' }));
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Your personal information has been saved.');
  });
});
