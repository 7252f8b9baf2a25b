/**
 * The activation as its spec draws it (screens/activate.yaml): the e-mail and code filled in from the
 * e-mail's link, a refused code said on the code field with the tab left signed out, and on success this
 * tab's old session ended, the new one signed in, the customer loaded and home with the notice.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MethodCallError, type ScreenSpec } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import activate from '../../generated/screens/activate.json';
import { createCustomerStore } from '../session/customer-store.ts';
import { createSession } from '../session/session.ts';
import { fakeAccessToken } from '../testing/fake-access-token.ts';
import { renderSpecs } from '../testing/render-spec.tsx';
import type { TokenService } from '../transport/token-service.ts';
import { activationActions } from './activation.ts';

const profile = {
  customer: { userId: 9, customerId: 90, login: 'mara@example.com', customerType: 'personal', verified: false, limited: false, isAdmin: false },
  profile: { firstName: 'Mara' },
  phones: [],
  addresses: [],
};

function open(path: string) {
  const tokenService: TokenService = { login: vi.fn(), exchange: vi.fn(), refresh: vi.fn(), logout: vi.fn(async () => undefined) };
  const session = createSession({ tokenService, storage: sessionStorage, onEnd: () => {}, activityTarget: new EventTarget() });
  session.adopt({ accessToken: fakeAccessToken(Date.now() + 300_000), refreshToken: 'refresh-old' });
  const callMethod = vi.fn(async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    if (method === 'accountActivate') {
      if (String(params.activationCode).trim() !== '048213')
        throw new MethodCallError('VF', 'Wrong code', { activationCode: 'This code is wrong: 4 tries left.' });
      return { accessToken: fakeAccessToken(Date.now() + 300_000), refreshToken: 'refresh-new', expiresIn: 300 };
    }
    if (method === 'profileInquiry') return profile;
    throw new Error(`unexpected ${method}`);
  });
  const rpc = callMethod as unknown as RpcCall;
  const customer = createCustomerStore(() => rpc('profileInquiry', {}));
  const notify = vi.fn();
  const view = renderSpecs([activate as unknown as ScreenSpec], path, { callMethod, notify, actions: activationActions({ session, rpc, customer }) });
  return { ...view, session, tokenService, callMethod, customer, notify };
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

beforeEach(() => sessionStorage.clear());

describe('activating an account', () => {
  it('fills in the e-mail and code from the link, says a refused code on its field and leaves the tab signed out', async () => {
    const { session, tokenService } = open('/activate?username=mara%40example.com&activationCode=111111');
    await screen.findByRole('button', { name: 'Activate' });
    expect(field(/^E-mail/).value).toBe('mara@example.com');
    expect(field(/^Activation code/).value).toBe('111111');
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('This code is wrong: 4 tries left.')).toBeTruthy();
    expect(tokenService.logout).toHaveBeenCalledWith('refresh-old');
    expect(session.isSignedIn()).toBe(false);
  });

  it('refuses a code that is not 6 digits in the browser, with the rule', async () => {
    const { callMethod } = open('/activate?username=mara%40example.com');
    await screen.findByRole('button', { name: 'Activate' });
    fireEvent.change(field(/^Activation code/), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Enter the 6-digit code from the message.')).toBeTruthy();
    expect(callMethod).not.toHaveBeenCalled();
  });

  it('signs in with the answer, loads the customer and goes home with the notice', async () => {
    const { router, session, customer, notify } = open('/activate');
    await screen.findByRole('button', { name: 'Activate' });
    fireEvent.change(field(/^E-mail/), { target: { value: 'mara@example.com' } });
    fireEvent.change(field(/^Activation code/), { target: { value: '048213' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(notify).toHaveBeenCalledWith('onboarding.activate.activated', {});
    expect(sessionStorage.getItem('session.refreshToken')).toBe('refresh-new');
    expect(customer.current()?.profile.firstName).toBe('Mara');
    session.expire();
  });
});
