/**
 * The employee activation as its spec draws it (screens/activate-employee.yaml): the login and code filled
 * in from the invitation's link, the password required in the browser, and on success the password sent
 * with the code, the tab signed in and sent to company selection.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScreenSpec } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import activateEmployee from '../../generated/screens/activate-employee.json';
import { createCustomerStore } from '../session/customer-store.ts';
import { createSession } from '../session/session.ts';
import { fakeAccessToken } from '../testing/fake-access-token.ts';
import { renderSpecs } from '../testing/render-spec.tsx';
import type { TokenService } from '../transport/token-service.ts';
import { activationActions } from './activation.ts';

const profile = {
  customer: { userId: 12, customerId: 40, login: 'clara@example.com', customerType: 'business', verified: true, limited: false, isAdmin: false },
  profile: {},
  phones: [],
  addresses: [],
};

function open(path: string) {
  const tokenService: TokenService = { login: vi.fn(), exchange: vi.fn(), refresh: vi.fn(), logout: vi.fn(async () => undefined) };
  const session = createSession({ tokenService, storage: sessionStorage, onEnd: () => {}, activityTarget: new EventTarget() });
  const callMethod = vi.fn(async (method: string): Promise<unknown> => {
    if (method === 'accountActivate') return { accessToken: fakeAccessToken(Date.now() + 300_000), refreshToken: 'refresh-new', expiresIn: 300 };
    if (method === 'profileInquiry') return profile;
    throw new Error(`unexpected ${method}`);
  });
  const rpc = callMethod as unknown as RpcCall;
  const customer = createCustomerStore(() => rpc('profileInquiry', {}));
  const view = renderSpecs([activateEmployee as unknown as ScreenSpec], path, { callMethod, actions: activationActions({ session, rpc, customer }) });
  return { ...view, session, callMethod };
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

beforeEach(() => sessionStorage.clear());

describe('activating an employee', () => {
  it('asks for the password before any call', async () => {
    const { callMethod } = open('/activate-employee?username=clara%40example.com&activationCode=048213');
    await screen.findByRole('button', { name: 'Activate' });
    expect(field(/^E-mail/).value).toBe('clara@example.com');
    expect(field(/^Activation code/).value).toBe('048213');
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(field(/^Password/).getAttribute('aria-invalid')).toBe('true'));
    expect(callMethod).not.toHaveBeenCalled();
  });

  it('sends the chosen password with the code, signs in and goes to company selection', async () => {
    const { router, session, callMethod } = open('/activate-employee?username=clara%40example.com&activationCode=048213');
    await screen.findByRole('button', { name: 'Activate' });
    fireEvent.change(field(/^Password/), { target: { value: 'Clara-pass-2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company-selection'));
    expect(callMethod).toHaveBeenCalledWith('accountActivate', { username: 'clara@example.com', activationCode: '048213', password: 'Clara-pass-2027' });
    expect(session.isSignedIn()).toBe(true);
    session.expire();
  });
});
