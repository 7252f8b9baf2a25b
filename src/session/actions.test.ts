import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import type { Customer } from '../../generated/entities.ts';
import { createPendingStore } from '../signin/pending.ts';
import { TokenServiceError, type LoginResult, type TokenService } from '../transport/token-service.ts';
import { createSessionActions } from './actions.ts';
import { createCustomerStore } from './customer-store.ts';
import { rememberPath } from './remembered-path.ts';
import type { Session } from './session.ts';

const customer: Customer = {
  userId: 1,
  customerId: 10,
  login: 'personal@example.com',
  customerType: 'personal',
  verified: true,
  limited: false,
  isAdmin: false,
};

const TOKENS = { accessToken: 'access', refreshToken: 'refresh' };

function setUp(login: TokenService['login'] = vi.fn(async (): Promise<LoginResult> => ({ authFlow: 'simple', code: 'code-1' })), who: Customer = customer) {
  const session: Session = {
    resume: vi.fn(),
    signIn: vi.fn(),
    adopt: vi.fn(),
    signOut: vi.fn(async () => undefined),
    expire: vi.fn(),
    isSignedIn: () => true,
    accessToken: vi.fn(),
    refresh: vi.fn(),
  };
  const tokenService: TokenService = { login, exchange: vi.fn(async () => TOKENS), refresh: vi.fn(), logout: vi.fn() };
  const inquire = vi.fn(async () => ({ customer: who, profile: { firstName: 'Ana' }, phones: [], addresses: [] }));
  const store = createCustomerStore(inquire);
  const pending = createPendingStore();
  return { actions: createSessionActions(session, store, sessionStorage, tokenService, pending), session, store, inquire, tokenService, pending };
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('signIn action', () => {
  it('signs in with a PKCE challenge, exchanges the code, loads the customer and goes home', async () => {
    const { actions, session, store, tokenService } = setUp();
    await expect(actions.signIn({ username: 'personal@example.com', password: 'Demo-pass-2026' })).resolves.toEqual({ navigate: '/home' });
    expect(tokenService.login).toHaveBeenCalledWith({
      client: 'spa',
      username: 'personal@example.com',
      password: 'Demo-pass-2026',
      codeChallenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(tokenService.exchange).toHaveBeenCalledWith('code-1', expect.stringMatching(/^[A-Za-z0-9._~-]{128}$/));
    expect(session.adopt).toHaveBeenCalledWith(TOKENS);
    expect(store.current()?.profile.firstName).toBe('Ana');
  });

  it('returns to the path remembered by the guard', async () => {
    const { actions } = setUp();
    rememberPath('/history?keyword=rent', sessionStorage);
    await expect(actions.signIn({ username: 'a@b.example', password: 'x' })).resolves.toEqual({ navigate: '/history?keyword=rent' });
  });

  it('sends a personal customer who must update their details to the profile update first', async () => {
    const { actions } = setUp(undefined, { ...customer, isNeedPersonalInfoUpdate: true });
    await expect(actions.signIn({ username: 'a@b.example', password: 'x' })).resolves.toEqual({ navigate: '/profile-update' });
  });

  it.each([
    [{ authFlow: 'otp', code: 'c' }, 'otp'],
    [{ authFlow: 'sms', code: 'c', phone: '+44 ••• ••• 123', smsId: '42' }, 'sms'],
    [{ authFlow: 'push', key: 'k', devices: [], qrLink: 'x' }, 'push'],
    [{ authFlow: 'verifyDevice', key: 'k', userId: 3, deviceId: 9 }, 'verifyDevice'],
  ] as [LoginResult, string][])('keeps the %s step and opens the step screen without signing in', async (result, flow) => {
    const { actions, session, pending, tokenService } = setUp(vi.fn(async () => result));
    await expect(actions.signIn({ username: 'a@b.example', password: 'x' })).resolves.toEqual({ navigate: '/login/step' });
    expect(pending.current()?.step.flow).toBe(flow);
    expect(session.adopt).not.toHaveBeenCalled();
    expect(tokenService.exchange).not.toHaveBeenCalled();
  });

  it('signs in at once on the direct flow and shows a migration notice first', async () => {
    const { actions, session, pending } = setUp(
      vi.fn(async (): Promise<LoginResult> => ({ authFlow: 'direct', ...TOKENS, migrationRequirement: { type: 'soft', daysLeft: 3, strategy: 'enablePush' } })),
    );
    await expect(actions.signIn({ username: 'a@b.example', password: 'x' })).resolves.toEqual({ navigate: '/login/step' });
    expect(session.adopt).toHaveBeenCalledWith(TOKENS);
    expect(pending.current()?.step).toEqual({ flow: 'migration', migration: { type: 'soft', daysLeft: 3, strategy: 'enablePush' }, next: '/home' });
  });

  it("turns a 403 into a MethodCallError carrying the service's message", async () => {
    const { actions, inquire } = setUp(
      vi.fn(async () => {
        throw new TokenServiceError(403, 'Wrong e-mail or password.');
      }),
    );
    const error = await actions.signIn({ username: 'a@b.example', password: 'no' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MethodCallError);
    expect(error).toMatchObject({ code: 'AU', description: 'Wrong e-mail or password.', fieldErrors: {} });
    expect(inquire).not.toHaveBeenCalled();
  });

  it('puts a refusal that names a field on that field', async () => {
    const { actions } = setUp(
      vi.fn(async () => {
        throw new TokenServiceError(400, 'Enter a valid e-mail address.', 'username');
      }),
    );
    await expect(actions.signIn({ username: 'nope', password: 'x' })).rejects.toMatchObject({ fieldErrors: { username: 'Enter a valid e-mail address.' } });
  });

  it('closes the fresh session again when the profile cannot be loaded', async () => {
    const { actions, session, inquire } = setUp();
    inquire.mockRejectedValueOnce(new MethodCallError('UE', 'Server is not available', {}));
    await expect(actions.signIn({ username: 'a@b.example', password: 'x' })).rejects.toMatchObject({ code: 'UE' });
    expect(session.signOut).toHaveBeenCalledOnce();
  });
});

describe('signOut action', () => {
  it('signs out, forgets a pending sign-in and goes to sign in', async () => {
    const { actions, session, pending } = setUp();
    pending.set({ step: { flow: 'otp', code: 'c', verifier: 'v' } });
    await expect(actions.signOut()).resolves.toEqual({ navigate: '/login' });
    expect(session.signOut).toHaveBeenCalledOnce();
    expect(pending.current()).toBeNull();
  });
});

describe('customerReload action', () => {
  it('loads the customer again, so the guards read the new facts, and keeps the old ones when that fails', async () => {
    const { actions, store, inquire } = setUp(undefined, { ...customer, isNeedKyc: true });
    await store.load();
    inquire.mockResolvedValueOnce({ customer: { ...customer, isNeedKyc: false }, profile: { firstName: 'Ana' }, phones: [], addresses: [] });
    await actions.customerReload();
    expect(store.current()?.customer.isNeedKyc).toBe(false);
    inquire.mockRejectedValueOnce(new Error('offline'));
    await expect(actions.customerReload()).resolves.toBeUndefined();
    expect(store.current()?.customer.isNeedKyc).toBe(false);
  });
});
