import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import type { Customer } from '../../generated/entities.ts';
import { TokenServiceError } from '../transport/token-service.ts';
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

function setUp(signIn: Session['signIn'] = vi.fn(async () => undefined), who: Customer = customer) {
  const session: Session = {
    resume: vi.fn(),
    signIn,
    signOut: vi.fn(async () => undefined),
    expire: vi.fn(),
    isSignedIn: () => true,
    accessToken: vi.fn(),
    refresh: vi.fn(),
  };
  const inquire = vi.fn(async () => ({ customer: who, profile: { firstName: 'Ana' }, phones: [], addresses: [] }));
  const store = createCustomerStore(inquire);
  return { actions: createSessionActions(session, store, sessionStorage), session, store, inquire };
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('signIn action', () => {
  it('signs in, loads the customer and goes home', async () => {
    const { actions, session, store } = setUp();
    await expect(actions.signIn({ username: 'personal@example.com', password: 'Demo-pass-2026' })).resolves.toEqual({
      navigate: '/home',
    });
    expect(session.signIn).toHaveBeenCalledWith({ username: 'personal@example.com', password: 'Demo-pass-2026' });
    expect(store.current()?.profile.firstName).toBe('Ana');
  });

  it('returns to the path remembered by the guard', async () => {
    const { actions } = setUp();
    rememberPath('/history?keyword=rent', sessionStorage);
    await expect(actions.signIn({ username: 'a@b.example', password: 'x' })).resolves.toEqual({
      navigate: '/history?keyword=rent',
    });
  });

  it('sends a personal customer who must update their details to the profile update first', async () => {
    const { actions } = setUp(undefined, { ...customer, isNeedPersonalInfoUpdate: true });
    await expect(actions.signIn({ username: 'a@b.example', password: 'x' })).resolves.toEqual({
      navigate: '/profile-update',
    });
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
    await expect(actions.signIn({ username: 'nope', password: 'x' })).rejects.toMatchObject({
      fieldErrors: { username: 'Enter a valid e-mail address.' },
    });
  });

  it('closes the fresh session again when the profile cannot be loaded', async () => {
    const { actions, session, inquire } = setUp();
    inquire.mockRejectedValueOnce(new MethodCallError('UE', 'Server is not available', {}));
    await expect(actions.signIn({ username: 'a@b.example', password: 'x' })).rejects.toMatchObject({ code: 'UE' });
    expect(session.signOut).toHaveBeenCalledOnce();
  });
});

describe('signOut action', () => {
  it('signs out and goes to sign in', async () => {
    const { actions, session } = setUp();
    await expect(actions.signOut()).resolves.toEqual({ navigate: '/login' });
    expect(session.signOut).toHaveBeenCalledOnce();
  });
});
