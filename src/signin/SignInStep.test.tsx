import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import { AppProvider } from '../app/app-context.tsx';
import { testServices } from '../testing/app-services.ts';
import { TokenServiceError, type TokenService } from '../transport/token-service.ts';
import { createPendingStore } from './pending.ts';
import { SignInStep } from './SignInStep.tsx';

const spec = { id: 'login-step', route: '/login/step', layout: 'external', title: 'screens.loginStep.title', kind: 'custom' } as ScreenSpec;

function renderStep(tokenService: TokenService, store = createPendingStore()) {
  const services = testServices({ tokenService });
  const router = createMemoryRouter(
    [
      { path: '/login/step', element: <SignInStep spec={spec} props={{ store }} params={{}} /> },
      { path: '/login', element: <p>login page</p> },
      { path: '/home', element: <p>home page</p> },
    ],
    { initialEntries: ['/login/step'] },
  );
  render(
    <AppProvider services={services}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, store, services };
}

describe('SignInStep', () => {
  it('goes back to sign-in when nothing is pending', async () => {
    const { router } = renderStep({} as TokenService);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a wrong SMS code on the field, with the tries left, and keeps the step', async () => {
    const exchange = vi.fn(async () => {
      throw new TokenServiceError(403, 'The code is wrong. 4 attempts left.', 'otp', 4);
    });
    const store = createPendingStore();
    store.set({ step: { flow: 'sms', code: 'c', verifier: 'v', phone: '+40 ••• ••• 111', smsId: '42' } });
    const { router } = renderStep({ exchange } as unknown as TokenService, store);
    expect(await screen.findByText('signin.sms.title')).toBeTruthy();
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: '12 34 56' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    expect(exchange).toHaveBeenCalledWith('c', 'v', '123456');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('signin.wrongCode');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/login/step');
  });

  it('offers a new sign-in when the code itself is spent', async () => {
    const exchange = vi.fn(async () => {
      throw new TokenServiceError(403, 'The sign-in code is invalid, used or expired. Sign in again.');
    });
    const store = createPendingStore();
    store.set({ step: { flow: 'otp', code: 'c', verifier: 'v' } });
    const { router } = renderStep({ exchange } as unknown as TokenService, store);
    const input = await screen.findByRole('textbox');
    fireEvent.change(input, { target: { value: '123456' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/Sign in again/);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
