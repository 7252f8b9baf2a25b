/**
 * What the navigation rules of document 000 section 2 keep for the tab between page loads, in
 * sessionStorage: the /auth/sei address a third-party client sent the user to, the representative's
 * auth secret, and the last login result.
 */
const SEI_PATH = 'navigation.seiPath';
const AUTH_SECRET = 'navigation.authSecret';
const LOGIN_RESULT = 'navigation.loginResult';

/** The path of the third-party authorization screen. */
export const SEI_ROUTE = '/auth/sei';

/**
 * Keeps the /auth/sei address (with its query) so that, once signed in, the user is taken back to it
 * ("Guard, logged in: if a stored /auth/sei path exists, the user goes there").
 *
 * @example
 * storeSeiPath('/auth/sei?client_id=ledgerly&…', sessionStorage);
 */
export function storeSeiPath(path: string, storage: Storage): void {
  if (path === SEI_ROUTE || path.startsWith(`${SEI_ROUTE}?`)) storage.setItem(SEI_PATH, path);
}

/** The stored /auth/sei address, or null. */
export function storedSeiPath(storage: Storage): string | null {
  return storage.getItem(SEI_PATH);
}

/** Forgets the stored /auth/sei address (the screen has it now). */
export function forgetSeiPath(storage: Storage): void {
  storage.removeItem(SEI_PATH);
}

/**
 * The representative's auth secret: from the query (`authSecret`, kept for the tab) or kept earlier.
 *
 * @example
 * authSecretFrom('?authSecret=abc', sessionStorage); // 'abc'
 */
export function authSecretFrom(search: string, storage: Storage): string | null {
  const fromQuery = new URLSearchParams(search).get('authSecret');
  if (fromQuery) storage.setItem(AUTH_SECRET, fromQuery);
  return fromQuery || storage.getItem(AUTH_SECRET);
}

/** What a login answered, kept so /scp can continue a login that needs the mobile app. */
export interface KeptLoginResult {
  authFlow: string;
}

/** Keeps the login result of this tab (without its code, which is spent at once). */
export function keepLoginResult(result: KeptLoginResult, storage: Storage): void {
  storage.setItem(LOGIN_RESULT, JSON.stringify({ authFlow: result.authFlow }));
}

/** The kept login result, or null. */
export function keptLoginResult(storage: Storage): KeptLoginResult | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(LOGIN_RESULT) ?? 'null');
    return parsed && typeof parsed === 'object' && typeof (parsed as KeptLoginResult).authFlow === 'string' ? (parsed as KeptLoginResult) : null;
  } catch {
    return null;
  }
}
