/**
 * Account recovery as a visitor meets it: each step's form checks what is typed with its method's request
 * schema before calling, the new password must be typed twice alike, and a code the server refuses on the
 * password step sends the visitor back to the code step with the refusal on the code field.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createScreenRoutes, MethodCallError, type EngineOptions, type LayoutProps, type ScreenSpec } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import accountRecovery from '../../generated/screens/account-recovery.json';
import { AppProvider } from '../app/app-context.tsx';
import { testServices } from '../testing/app-services.ts';
import { englishI18n } from '../testing/render-spec.tsx';
import { AccountRecovery } from './AccountRecovery.tsx';
import { BotChallengeWidget } from './BotChallengeWidget.tsx';
import { recoveryMemory } from './recovery-task.ts';

const task = { taskId: 'task-1', channel: 'email', verificationStatus: 'codeSent', isRetryable: false, codeExpiresInSeconds: 900 };

function Layout({ children }: LayoutProps) {
  return <main>{children}</main>;
}

function open(path: string, answer: (method: string, params: Record<string, unknown>) => unknown) {
  const rpc = vi.fn(async (method: string, params: Record<string, unknown>) => answer(method, params));
  const spec = accountRecovery as unknown as ScreenSpec;
  const engine: EngineOptions = {
    screens: [{ id: spec.id, route: spec.route, layout: spec.layout, kind: spec.kind, title: spec.title, load: async () => ({ default: spec }) }],
    layouts: { external: Layout, restricted: Layout, clear: Layout, main: Layout },
    guards: {},
    components: { AccountRecovery },
    widgets: { botChallenge: BotChallengeWidget },
    callMethod: async () => ({}),
  };
  const router = createMemoryRouter(createScreenRoutes(engine), { initialEntries: [path] });
  render(
    <I18nextProvider i18n={englishI18n()}>
      <AppProvider services={testServices({ rpc: rpc as unknown as RpcCall })}>
        <RouterProvider router={router} />
      </AppProvider>
    </I18nextProvider>,
  );
  return { rpc, router };
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
/** The message tied to a field (its aria-describedby), as a screen reader says it. */
const errorOf = (label: RegExp) =>
  (input(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });

beforeEach(() => {
  sessionStorage.clear();
  recoveryMemory.checked = null;
  recoveryMemory.lostEmail = false;
  recoveryMemory.refused = null;
});

describe('account recovery', () => {
  it('refuses an e-mail the request schema refuses without calling, then sends the code and opens the code step', async () => {
    const { rpc, router } = open('/account-recovery', () => task);
    await screen.findByRole('button', { name: 'Send code' });
    type(/^E-mail of your account/, 'not-an-e-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(input(/^E-mail of your account/).getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(/^E-mail of your account/)).toBe('Enter a valid email address, like name@example.com.');
    expect(rpc).not.toHaveBeenCalled();
    type(/^E-mail of your account/, 'ion@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-recovery/reset'));
    expect(rpc).toHaveBeenCalledWith('passwordChangeRequest', { email: 'ion@example.com' });
    expect(await screen.findByText('Step 3 of 5: code')).toBeTruthy();
  });

  it('wants the new password twice alike, and takes a code refused at the end back to the code step', async () => {
    const { rpc, router } = open('/account-recovery', (method) => {
      if (method === 'passwordChangeRequest') return task;
      if (method === 'passwordChangeCodeCheck') return { valid: true };
      throw new MethodCallError('TA1', 'Refused', { code: 'This code has expired: ask for a new one.' });
    });
    await screen.findByRole('button', { name: 'Send code' });
    type(/^E-mail of your account/, 'ion@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Continue' });
    type(/^Code/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: 'Save new password' });
    expect(rpc).toHaveBeenCalledWith('passwordChangeCodeCheck', { taskId: 'task-1', code: '123456' });

    type(/^New password \*/, 'New-pass-2027');
    type(/^New password again/, 'New-pass-2028');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The two passwords differ: type the same one twice.')).toBeTruthy();
    expect(rpc).not.toHaveBeenCalledWith('passwordChangeWithCode', expect.anything());

    type(/^New password again/, 'New-pass-2027');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-recovery/reset'));
    expect(rpc).toHaveBeenCalledWith('passwordChangeWithCode', { taskId: 'task-1', code: '123456', password: 'New-pass-2027' });
    await waitFor(() => expect(input(/^Code/).getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(/^Code/)).toBe('This code has expired: ask for a new one.');
  });
});
