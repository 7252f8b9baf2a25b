import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MethodCallError } from '../../errors/MethodCallError';
import { formSpec } from '../../testing/fixtures';
import { createTestI18n, renderScreens, testOptions } from '../../testing/harness';
import { cooldownSeconds } from './FormButtons';

const i18n = () =>
  createTestI18n({
    person: { save: 'Save', resend: 'Send a new code', resendIn: 'Send a new code in {{seconds}} s', resent: 'Sent to {{to}}' },
    fields: { firstName: 'Given name' },
  });

const resend = {
  id: 'resend',
  label: 'person.resend',
  method: 'codeResend',
  params: { email: ':email', channel: 'mail' },
  success: { notice: 'person.resent' },
  cooldown: { seconds: 60, answer: 'retryAfter', refusals: ['VF'], label: 'person.resendIn' },
};

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('form queryDefaults and buttons', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts the fields from the address, leaving out a parameter it lacks', async () => {
    renderScreens(testOptions([formSpec({}, { queryDefaults: { email: 'to', firstName: 'name' } })]), '/person?to=ana%40example.com', i18n());
    await screen.findByRole('button', { name: 'Save' });
    expect(input(/Email/).value).toBe('ana@example.com');
    expect(input(/Given name/).value).toBe('');
  });

  it("calls its method with the form's values, says its notice and counts down the answer's seconds before it may be pressed again", async () => {
    const callMethod = vi.fn(async () => ({ retryAfter: 2, to: 'a•••@example.com' }));
    const notify = vi.fn();
    renderScreens(testOptions([formSpec({}, { buttons: [resend] })], { callMethod, notify }), '/person?x=1', i18n());
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.change(input(/Email/), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    const waiting = await screen.findByRole('button', { name: /Send a new code in [12] s/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(callMethod).toHaveBeenCalledWith('codeResend', { email: 'ana@example.com', channel: 'mail' });
    expect(notify).toHaveBeenCalledWith('person.resent', { retryAfter: 2, to: 'a•••@example.com' });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(false), { timeout: 3500 });
  });

  it("shows a refusal's field errors on the form's fields, and waits after a refusal it names", async () => {
    const callMethod = vi
      .fn()
      .mockRejectedValueOnce(new MethodCallError('TA1', 'Invalid', { email: 'Enter an e-mail address.' }))
      .mockRejectedValueOnce(new MethodCallError('VF', 'Too soon'));
    const onError = vi.fn();
    renderScreens(testOptions([formSpec({}, { buttons: [resend] })], { callMethod, onError }), '/person', i18n());
    await screen.findByRole('button', { name: 'Save' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send a new code' })));
    expect(await screen.findByText('Enter an e-mail address.')).toBeTruthy();
    expect(input(/Email/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input(/Email/), { target: { value: 'ana@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send a new code' })));
    expect(await screen.findByRole('button', { name: 'Send a new code in 60 s' })).toBeTruthy();
    expect(onError).not.toHaveBeenCalled();
  });

  it("waits the spec's seconds where the answer does not say", () => {
    expect(cooldownSeconds(resend.cooldown, { retryAfter: 30 })).toBe(30);
    expect(cooldownSeconds(resend.cooldown, {})).toBe(60);
    expect(cooldownSeconds({ seconds: 5, label: 'k' }, { retryAfter: 30 })).toBe(5);
  });
});
