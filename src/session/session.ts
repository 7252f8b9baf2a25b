import { TokenServiceError, type TokenService, type Tokens } from '../transport/token-service.ts';
import { watchIdle } from './idle-watch.ts';
import { tokenExpiry } from './jwt.ts';
import { createPkcePair } from './pkce.ts';
import { createTokenStore } from './token-store.ts';

/** Access tokens are refreshed when fewer than 10 seconds remain (document 000 section 4). */
export const REFRESH_MARGIN_MS = 10_000;

/** 15 minutes without input ends the session (document 000 section 4). */
export const IDLE_TIMEOUT_MS = 15 * 60 * 1000;

/** setTimeout cannot wait longer than this; a later refresh is simply checked again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Why a session ended: the user asked, or it expired (refresh refused, no refresh token, idle). */
export type SessionEnd = 'signedOut' | 'expired';

export interface SessionOptions {
  tokenService: TokenService;
  /** Where tokens live; sessionStorage in the browser. */
  storage: Storage;
  /** Told once whenever a session ends, after the tokens are gone. */
  onEnd(reason: SessionEnd): void;
  /** Where user input is listened for; defaults to window. */
  activityTarget?: EventTarget;
  now?: () => number;
}

export interface Credentials {
  username: string;
  password: string;
}

/** The signed-in state of this tab and everything that keeps it alive or ends it. */
export interface Session {
  /** Picks up the tokens of an earlier page load in this tab and restarts the refresh and idle timers. */
  resume(): void;
  /** Password sign-in with PKCE; resolves once the tokens are stored. Throws TokenServiceError on refusal. */
  signIn(credentials: Credentials): Promise<void>;
  /** Takes tokens the server handed out some other way (account activation) as this tab's session. */
  adopt(tokens: Tokens): void;
  /** Ends the session at the user's request: the token service is told, then the tokens are dropped. */
  signOut(): Promise<void>;
  /** Ends the session because it can no longer be trusted; the token service is told in the background. */
  expire(): void;
  isSignedIn(): boolean;
  /** A usable access token, refreshed first when under 10 seconds remain; null when signed out. */
  accessToken(): Promise<string | null>;
  /** Rotates the tokens; false (and the session expired) when that is refused or impossible. */
  refresh(): Promise<boolean>;
}

/**
 * Creates the session of this tab.
 *
 * @example
 * const session = createSession({ tokenService, storage: sessionStorage, onEnd: (reason) => router.navigate('/login') });
 * session.resume();
 * await session.signIn({ username: 'personal@example.com', password: 'Demo-pass-2026' });
 */
export function createSession(options: SessionOptions): Session {
  const { tokenService, onEnd } = options;
  const now = options.now ?? Date.now;
  const tokens = createTokenStore(options.storage);
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let stopIdleWatch: (() => void) | undefined;
  let refreshing: Promise<boolean> | undefined;

  const msLeft = (accessToken: string) => tokenExpiry(accessToken) - now();

  const stopTimers = () => {
    clearTimeout(refreshTimer);
    refreshTimer = undefined;
    stopIdleWatch?.();
    stopIdleWatch = undefined;
  };

  const scheduleRefresh = (accessToken: string) => {
    clearTimeout(refreshTimer);
    const wait = Math.min(Math.max(0, msLeft(accessToken) - REFRESH_MARGIN_MS), LONGEST_TIMER_MS);
    refreshTimer = setTimeout(() => void session.refresh(), wait);
  };

  const start = (current: Tokens) => {
    scheduleRefresh(current.accessToken);
    stopIdleWatch ??= watchIdle({
      timeoutMs: IDLE_TIMEOUT_MS,
      onIdle: () => session.expire(),
      target: options.activityTarget,
      now,
    });
  };

  const end = (reason: SessionEnd): string | undefined => {
    const refreshToken = tokens.read()?.refreshToken;
    stopTimers();
    tokens.clear();
    onEnd(reason);
    return refreshToken || undefined;
  };

  const session: Session = {
    resume() {
      const current = tokens.read();
      if (current) start(current);
    },

    async signIn({ username, password }) {
      const { codeVerifier, codeChallenge } = await createPkcePair();
      const result = await tokenService.login({ client: 'spa', username, password, codeChallenge });
      if (!result.code) {
        // Only the 'simple' flow hands out a code at once; the second-factor flows need screens of their own.
        throw new TokenServiceError(200, 'loginFlowNotSupported');
      }
      const issued = await tokenService.exchange(result.code, codeVerifier);
      tokens.write(issued);
      start(issued);
    },

    adopt(issued) {
      tokens.write(issued);
      start(issued);
    },

    async signOut() {
      if (!tokens.read()) return;
      const refreshToken = end('signedOut');
      // The user is signed out here whatever the service answers: a failed call must not keep them in.
      if (refreshToken) await tokenService.logout(refreshToken).catch(() => undefined);
    },

    expire() {
      if (!tokens.read()) return;
      const refreshToken = end('expired');
      if (refreshToken) void tokenService.logout(refreshToken).catch(() => undefined);
    },

    isSignedIn() {
      return tokens.read() !== null;
    },

    async accessToken() {
      const current = tokens.read();
      if (!current) return null;
      if (msLeft(current.accessToken) >= REFRESH_MARGIN_MS) return current.accessToken;
      return (await session.refresh()) ? (tokens.read()?.accessToken ?? null) : null;
    },

    refresh() {
      // Calls made while a refresh is under way wait for it instead of spending the refresh token twice.
      refreshing ??= (async () => {
        const refreshToken = tokens.read()?.refreshToken;
        if (!refreshToken) {
          session.expire();
          return false;
        }
        try {
          const issued = await tokenService.refresh(refreshToken);
          tokens.write(issued);
          start(issued);
          return true;
        } catch {
          session.expire();
          return false;
        }
      })().finally(() => {
        refreshing = undefined;
      });
      return refreshing;
    },
  };
  return session;
}
