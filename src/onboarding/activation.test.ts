import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { createCustomerStore } from '../session/customer-store.ts';
import { createSession } from '../session/session.ts';
import { fakeAccessToken } from '../testing/fake-access-token.ts';
import type { TokenService } from '../transport/token-service.ts';
import { activateAndSignIn } from './activation.ts';

function setUp(rpc: (method: string, params: Record<string, unknown>) => Promise<unknown>) {
  const tokenService: TokenService = {
    login: vi.fn(),
    exchange: vi.fn(),
    refresh: vi.fn(),
    logout: vi.fn(async () => undefined),
  };
  const session = createSession({ tokenService, storage: sessionStorage, onEnd: () => {}, activityTarget: new EventTarget() });
  const call = vi.fn(rpc) as unknown as RpcCall;
  const customer = createCustomerStore(() => call('profileInquiry', {}));
  return { session, tokenService, rpc: call, customer };
}

const profile = {
  customer: { userId: 9, customerId: 90, login: 'mara@example.com', customerType: 'personal', verified: false, limited: false, isAdmin: false },
  profile: { firstName: 'Mara' },
  phones: [],
  addresses: [],
};

beforeEach(() => sessionStorage.clear());

describe('account activation in the browser', () => {
  it('logs out the current session first, then signs in with the tokens, loads the customer and goes home', async () => {
    const accessToken = fakeAccessToken(Date.now() + 300_000);
    const services = setUp(async (method) => (method === 'accountActivate' ? { accessToken, refreshToken: 'refresh-new', expiresIn: 300 } : profile));
    services.session.adopt({ accessToken: fakeAccessToken(Date.now() + 300_000), refreshToken: 'refresh-old' });

    const destination = await activateAndSignIn(services, { username: ' Mara@example.com ', activationCode: ' 048213 ' });

    expect(destination).toBe('/home');
    expect(services.tokenService.logout).toHaveBeenCalledWith('refresh-old');
    expect(services.rpc).toHaveBeenCalledWith('accountActivate', { username: 'Mara@example.com', activationCode: '048213' });
    expect(sessionStorage.getItem('session.refreshToken')).toBe('refresh-new');
    expect(services.customer.current()?.profile.firstName).toBe('Mara');
    services.session.expire();
  });

  it('stays signed out and hands the refusal back when the code is refused', async () => {
    const refusal = new MethodCallError('VF', 'This code is wrong: 4 tries left.', { activationCode: 'This code is wrong: 4 tries left.' });
    const services = setUp(async () => {
      throw refusal;
    });
    await expect(activateAndSignIn(services, { username: 'mara@example.com', activationCode: '000000' })).rejects.toBe(refusal);
    expect(services.session.isSignedIn()).toBe(false);
  });
});
