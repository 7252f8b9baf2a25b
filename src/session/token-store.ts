import type { Tokens } from '../transport/token-service.ts';

const ACCESS_TOKEN = 'session.accessToken';
const REFRESH_TOKEN = 'session.refreshToken';

/**
 * Keeps the tokens in sessionStorage: they survive a reload of the tab, die with the tab, and are not
 * shared with other tabs (each tab signs in on its own).
 */
export interface TokenStore {
  read(): Tokens | null;
  write(tokens: Tokens): void;
  clear(): void;
}

/**
 * @example
 * const tokens = createTokenStore(sessionStorage);
 * tokens.write({ accessToken, refreshToken });
 * tokens.read()?.accessToken;
 */
export function createTokenStore(storage: Storage): TokenStore {
  return {
    read() {
      const accessToken = storage.getItem(ACCESS_TOKEN);
      if (accessToken === null) return null;
      return { accessToken, refreshToken: storage.getItem(REFRESH_TOKEN) ?? '' };
    },
    write({ accessToken, refreshToken }) {
      storage.setItem(ACCESS_TOKEN, accessToken);
      storage.setItem(REFRESH_TOKEN, refreshToken);
    },
    clear() {
      storage.removeItem(ACCESS_TOKEN);
      storage.removeItem(REFRESH_TOKEN);
    },
  };
}
