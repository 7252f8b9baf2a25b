/**
 * When an access token expires, in milliseconds since the epoch, read from the JWT's `exp` claim.
 * The signature is not checked: the browser only needs to know when to refresh, the server checks
 * everything. A token that cannot be read counts as already expired, which makes the session refresh it.
 *
 * @example
 * tokenExpiry(accessToken); // 1767225600000
 */
export function tokenExpiry(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}
