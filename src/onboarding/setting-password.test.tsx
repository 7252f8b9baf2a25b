/**
 * The password change as its spec draws it (screens/setting-password.yaml): the current and new password,
 * then the code e-mailed to the customer in the challenge step; a wrong code said on the code field; the
 * outcome (updated or canceled) on the page; the form empty again.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MethodCallError, type ScreenSpec } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import settingPassword from '../../generated/screens/setting-password.json';
import { renderSpecs } from '../testing/render-spec.tsx';
import { passwordChangeChallenge } from './password-change-challenge.ts';

const requestKey = '7d1c5a2e-3f4b-4c6d-8e9f-0a1b2c3d4e5f';

function open() {
  const callMethod = vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    if (method === 'passwordChange') {
      if (params.password !== 'Old-pass-1') throw new MethodCallError('TA1', 'Invalid', { password: 'The current password is wrong.' });
      return { requestKey, channel: 'email', sentTo: 'm•••@example.com', expiresInSeconds: 900 };
    }
    if (method === 'passwordChangeConfirm') {
      if (String(params.code) !== '123456') throw new MethodCallError('TA1', 'Invalid', { code: 'This code is wrong: 4 tries left.' });
      return { message: 'Password changed.' };
    }
    if (method === 'passwordChangeCancel') return { message: 'Canceled.' };
    throw new Error(`unexpected ${method}`);
  });
  renderSpecs([settingPassword as unknown as ScreenSpec], '/setting/password', {
    callMethod,
    challenges: { passwordChange: passwordChangeChallenge(callMethod as unknown as RpcCall) },
  });
  return callMethod;
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\b(?! again)`), { selector: 'input' }) as HTMLInputElement;

async function ask(password = 'Old-pass-1') {
  await screen.findByRole('button', { name: 'Change password' });
  fireEvent.change(field('Current password'), { target: { value: password } });
  fireEvent.change(field('New password'), { target: { value: 'New-pass-2' } });
  fireEvent.change(field('New password again'), { target: { value: 'New-pass-2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('changing the password', () => {
  it('refuses a weak new password in the browser with the rule, and sends nothing', async () => {
    const callMethod = open();
    await screen.findByRole('button', { name: 'Change password' });
    fireEvent.change(field('Current password'), { target: { value: 'Old-pass-1' } });
    fireEvent.change(field('New password'), { target: { value: 'weakpassword' } });
    fireEvent.change(field('New password again'), { target: { value: 'weakpassword' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const rule = await screen.findAllByText(/at least one lower-case letter, one capital letter and one digit/);
    expect(rule.some((node) => node.closest('[role="alert"], [id$="__error"]'))).toBe(true);
    expect(callMethod).not.toHaveBeenCalled();
  });

  it('says a wrong current password on its field', async () => {
    open();
    await ask('Wrong-pass-1');
    expect(await screen.findByText('The current password is wrong.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirms with the e-mailed code, says a wrong code on the code field, and shows the outcome', async () => {
    const callMethod = open();
    await ask();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the new password' });
    expect(within(dialog).getByText('We sent a 6-digit code to m•••@example.com. Enter it to confirm the new password.')).toBeTruthy();
    const code = within(dialog).getByLabelText('Code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter the 6-digit code from the message.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('This code is wrong: 4 tries left.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alertdialog', { name: 'Your password has been successfully updated.' })).toBeTruthy();
    expect(callMethod).toHaveBeenCalledWith('passwordChangeConfirm', { code: '123456', requestKey });
    await waitFor(() => expect(field('Current password').value).toBe(''));
  });

  it('withdraws the change on Cancel and says so', async () => {
    const callMethod = open();
    await ask();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the new password' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Confirmation canceled' })).toBeTruthy();
    expect(callMethod).toHaveBeenCalledWith('passwordChangeCancel', { requestKey });
    expect(callMethod).not.toHaveBeenCalledWith('passwordChangeConfirm', expect.anything());
  });
});
