import { beforeEach, describe, expect, it, vi } from 'vitest';
import { takeRememberedPath } from './remembered-path.ts';
import { createGuards } from './guards.ts';
import type { Session } from './session.ts';

function fakeSession(signedIn: boolean, refreshes = true): Session {
  return {
    resume: vi.fn(),
    signIn: vi.fn(),
    signOut: vi.fn(),
    expire: vi.fn(),
    isSignedIn: () => signedIn,
    accessToken: vi.fn(),
    refresh: vi.fn(async () => refreshes),
  };
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('guard authenticated', () => {
  it('sends a signed-out visitor to sign in and remembers where they were going', async () => {
    const { authenticated } = createGuards(fakeSession(false), sessionStorage);
    expect(await authenticated({ pathname: '/history', search: '?keyword=rent', params: {} })).toBe('/login');
    expect(takeRememberedPath(sessionStorage)).toBe('/history?keyword=rent');
    expect(takeRememberedPath(sessionStorage)).toBeNull();
  });

  it('lets a signed-in user through', async () => {
    const { authenticated } = createGuards(fakeSession(true), sessionStorage);
    expect(await authenticated({ pathname: '/home', search: '', params: {} })).toBeNull();
    expect(takeRememberedPath(sessionStorage)).toBeNull();
  });
});

describe('guard anonymous', () => {
  it('opens sign-in for a signed-out visitor', async () => {
    const session = fakeSession(false);
    const { anonymous } = createGuards(session, sessionStorage);
    expect(await anonymous({ pathname: '/login', search: '', params: {} })).toBeNull();
    expect(session.refresh).not.toHaveBeenCalled();
  });

  it('sends a signed-in user home after a token refresh', async () => {
    const session = fakeSession(true);
    const { anonymous } = createGuards(session, sessionStorage);
    expect(await anonymous({ pathname: '/login', search: '', params: {} })).toBe('/home');
    expect(session.refresh).toHaveBeenCalledOnce();
  });

  it('opens sign-in when the refresh is refused', async () => {
    const { anonymous } = createGuards(fakeSession(true, false), sessionStorage);
    expect(await anonymous({ pathname: '/login', search: '', params: {} })).toBeNull();
  });
});

describe('remembered path', () => {
  it('keeps only paths inside the application', async () => {
    const { authenticated } = createGuards(fakeSession(false), sessionStorage);
    await authenticated({ pathname: '//evil.example/x', search: '', params: {} });
    expect(takeRememberedPath(sessionStorage)).toBeNull();
  });
});
