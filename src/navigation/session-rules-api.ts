import type { Session } from '../session/session.ts';

/** An answer of a session-rules REST path (schemas/api/session-rules.openapi.json). */
export interface RestAnswer<T> {
  status: number;
  body: T & { message?: string };
}

/** The API base of this tab, as `?api` chose it at start (see boot-query.ts). */
export function currentApiBase(storage: Storage = sessionStorage): string {
  return storage.getItem('navigation.apiBase') ?? '';
}

/**
 * Posts to a session-rules REST path (`/auth/sei/authorize`, `/auth/scp/request`, `/service/check-urls`)
 * with the session's bearer token when there is one. Network failures reject; HTTP refusals resolve
 * with their status and `{ message }`, for the screen to decide (a 404 of authorize goes to the root).
 *
 * @example
 * const { status, body } = await postSessionRules('/auth/scp/request', { purpose: 'device' }, session);
 */
export async function postSessionRules<T>(
  path: string,
  body: object,
  session?: Pick<Session, 'accessToken'>,
  fetchImpl: typeof fetch = fetch,
): Promise<RestAnswer<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = session ? await session.accessToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetchImpl(`${currentApiBase()}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const parsed = (await response.json().catch(() => ({}))) as T & { message?: string };
  return { status: response.status, body: parsed };
}
