/**
 * An unsigned JWT that expires at `expiresAt` (ms since the epoch), for tests of the session: the
 * browser only reads `exp`, so the signature does not matter here.
 *
 * @example
 * fakeAccessToken(Date.now() + 60_000);
 */
export function fakeAccessToken(expiresAt: number, subject = '1'): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: subject, exp: Math.floor(expiresAt / 1000) })}.signature`;
}
