import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAccessToken } from '../testing/fake-access-token.ts';
import type { TokenService, Tokens } from '../transport/token-service.ts';
import { TokenServiceError } from '../transport/token-service.ts';
import { codeChallengeOf } from './pkce.ts';
import { createSession, IDLE_TIMEOUT_MS, REFRESH_MARGIN_MS, type SessionOptions } from './session.ts';

const MINUTE = 60_000;

const issue = (lifetimeMs: number, refreshToken = 'refresh-1'): Tokens => ({
  accessToken: fakeAccessToken(Date.now() + lifetimeMs),
  refreshToken,
});

function setUp(overrides: Partial<TokenService> = {}) {
  const tokenService = {
    login: vi.fn<TokenService['login']>(async () => ({ authFlow: 'simple', code: 'code-1' })),
    exchange: vi.fn<TokenService['exchange']>(async () => issue(MINUTE)),
    refresh: vi.fn<TokenService['refresh']>(async () => issue(MINUTE, 'refresh-2')),
    logout: vi.fn<TokenService['logout']>(async () => undefined),
    ...overrides,
  };
  const onEnd = vi.fn<SessionOptions['onEnd']>();
  const activity = new EventTarget();
  const session = createSession({ tokenService, storage: sessionStorage, onEnd, activityTarget: activity });
  return { session, tokenService, onEnd, activity };
}

beforeEach(() => {
  vi.useFakeTimers();
  // JWT expiry is counted in whole seconds; starting on a whole second keeps the arithmetic exact.
  vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('session: sign-in', () => {
  it('signs in with PKCE and keeps the tokens in sessionStorage', async () => {
    const { session, tokenService } = setUp();
    await session.signIn({ username: 'personal@example.com', password: 'Demo-pass-2026' });
    const [login] = vi.mocked(tokenService.login).mock.calls[0]!;
    const [code, verifier] = vi.mocked(tokenService.exchange).mock.calls[0]!;
    expect(login).toMatchObject({ client: 'spa', username: 'personal@example.com', password: 'Demo-pass-2026' });
    expect(code).toBe('code-1');
    await expect(codeChallengeOf(verifier)).resolves.toBe(login.codeChallenge);
    expect(session.isSignedIn()).toBe(true);
    expect(sessionStorage.getItem('session.refreshToken')).toBe('refresh-1');
  });

  it('creates no session when the token service refuses', async () => {
    const { session } = setUp({
      login: vi.fn(async () => {
        throw new TokenServiceError(403, 'Wrong e-mail or password.');
      }),
    });
    await expect(session.signIn({ username: 'a@b.example', password: 'x' })).rejects.toThrow('Wrong e-mail or password.');
    expect(session.isSignedIn()).toBe(false);
    expect(sessionStorage.length).toBe(0);
  });
});

describe('session: adopted tokens', () => {
  it('keeps tokens handed over by an activation and refreshes them on time', async () => {
    const { session, tokenService } = setUp();
    session.adopt(issue(MINUTE, 'refresh-activated'));
    expect(session.isSignedIn()).toBe(true);
    expect(sessionStorage.getItem('session.refreshToken')).toBe('refresh-activated');
    await vi.advanceTimersByTimeAsync(MINUTE - REFRESH_MARGIN_MS);
    expect(tokenService.refresh).toHaveBeenCalledWith('refresh-activated');
  });
});

describe('session: refresh', () => {
  it('refreshes on a timer when 10 seconds remain', async () => {
    const { session, tokenService } = setUp();
    await session.signIn({ username: 'a@b.example', password: 'x' });
    await vi.advanceTimersByTimeAsync(MINUTE - REFRESH_MARGIN_MS - 1);
    expect(tokenService.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tokenService.refresh).toHaveBeenCalledWith('refresh-1');
    expect(sessionStorage.getItem('session.refreshToken')).toBe('refresh-2');
  });

  it('refreshes before a call when under 10 seconds remain, once for simultaneous calls', async () => {
    const { session, tokenService } = setUp({ exchange: vi.fn(async () => issue(REFRESH_MARGIN_MS - 1)) });
    await session.signIn({ username: 'a@b.example', password: 'x' });
    const [first, second] = await Promise.all([session.accessToken(), session.accessToken()]);
    expect(tokenService.refresh).toHaveBeenCalledOnce();
    expect(first).toBe(second);
    expect(first).toBe(sessionStorage.getItem('session.accessToken'));
  });

  it('uses the token as it is while 10 seconds or more remain', async () => {
    const { session, tokenService } = setUp({ exchange: vi.fn(async () => issue(REFRESH_MARGIN_MS + 1000)) });
    await session.signIn({ username: 'a@b.example', password: 'x' });
    await session.accessToken();
    expect(tokenService.refresh).not.toHaveBeenCalled();
  });

  it('expires the session when the refresh is refused, calling logout with the refresh token', async () => {
    const { session, tokenService, onEnd } = setUp({
      refresh: vi.fn(async () => {
        throw new TokenServiceError(403, 'Session expired.');
      }),
    });
    await session.signIn({ username: 'a@b.example', password: 'x' });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(tokenService.logout).toHaveBeenCalledWith('refresh-1');
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('expired');
    expect(session.isSignedIn()).toBe(false);
    await expect(session.accessToken()).resolves.toBeNull();
  });

  it('expires the session when there is no refresh token, without calling the service', async () => {
    const { session, tokenService, onEnd } = setUp({
      exchange: vi.fn(async () => ({ accessToken: fakeAccessToken(Date.now() + 5000), refreshToken: '' })),
    });
    await session.signIn({ username: 'a@b.example', password: 'x' });
    await expect(session.refresh()).resolves.toBe(false);
    expect(tokenService.refresh).not.toHaveBeenCalled();
    expect(tokenService.logout).not.toHaveBeenCalled();
    expect(onEnd).toHaveBeenCalledWith('expired');
  });
});

describe('session: idle', () => {
  const longLived = () => vi.fn(async () => issue(60 * MINUTE));

  it('expires after 15 minutes without input', async () => {
    const { session, tokenService, onEnd } = setUp({ exchange: longLived() });
    await session.signIn({ username: 'a@b.example', password: 'x' });
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 1);
    expect(session.isSignedIn()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.isSignedIn()).toBe(false);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('expired');
    expect(tokenService.logout).toHaveBeenCalledWith('refresh-1');
    expect(IDLE_TIMEOUT_MS).toBe(15 * MINUTE);
  });

  it('counts from the last input', async () => {
    const { session, activity } = setUp({ exchange: longLived() });
    await session.signIn({ username: 'a@b.example', password: 'x' });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    activity.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(session.isSignedIn()).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(session.isSignedIn()).toBe(false);
  });
});

describe('session: sign-out and resume', () => {
  it('signs out: logout with the refresh token, tokens dropped, timers stopped', async () => {
    const { session, tokenService, onEnd } = setUp();
    await session.signIn({ username: 'a@b.example', password: 'x' });
    await session.signOut();
    expect(tokenService.logout).toHaveBeenCalledWith('refresh-1');
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('signedOut');
    expect(sessionStorage.length).toBe(0);
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS * 2);
    expect(tokenService.refresh).not.toHaveBeenCalled();
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('signs out even when the logout call fails', async () => {
    const { session } = setUp({ logout: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await session.signIn({ username: 'a@b.example', password: 'x' });
    await session.signOut();
    expect(session.isSignedIn()).toBe(false);
  });

  it('resumes the tokens of an earlier page load and refreshes them on time', async () => {
    const earlier = issue(MINUTE);
    sessionStorage.setItem('session.accessToken', earlier.accessToken);
    sessionStorage.setItem('session.refreshToken', earlier.refreshToken);
    const { session, tokenService } = setUp();
    session.resume();
    expect(session.isSignedIn()).toBe(true);
    await vi.advanceTimersByTimeAsync(MINUTE - REFRESH_MARGIN_MS);
    expect(tokenService.refresh).toHaveBeenCalledWith('refresh-1');
  });
});
