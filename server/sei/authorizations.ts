import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { issueAuthorizationCode } from '../auth/authorization-codes.ts';
import type { Database } from '../db/schema.ts';
import { requestTexts } from '../i18n/request-language.ts';

/** A pending authorization must be approved within 10 minutes. */
export const AUTHORIZATION_SECONDS = 10 * 60;

const PKCE = /^[A-Za-z0-9._~-]{43,128}$/;

/** Why an authorize URL was refused: 'invalid' is the client's mistake (400), 'unknown' a client or redirect not registered (404). */
export type AuthorizeRefusal = { kind: 'invalid' | 'unknown'; message: string };

/** What the approval screen shows. */
export interface OpenedAuthorization {
  authorizationId: string;
  client: { clientId: string; name: string };
  redirectOrigin: string;
}

/**
 * Resolves a registered redirect URI: an absolute URL as it is, a '/path' on this server's origin.
 * Returns null for an entry that is neither.
 */
export function resolveRegisteredUri(entry: string, serverOrigin: string): URL | null {
  try {
    return entry.startsWith('/') && !entry.startsWith('//') ? new URL(entry, serverOrigin) : new URL(entry);
  } catch {
    return null;
  }
}

/** Whether `redirectUri` is exactly one of the client's registered redirect URIs. */
export function isRegisteredRedirect(registered: string[], redirectUri: URL, serverOrigin: string): boolean {
  return registered.some((entry) => resolveRegisteredUri(entry, serverOrigin)?.href === redirectUri.href);
}

function parseAuthorizeUrl(authorizeUrl: string, serverOrigin: string): URL | null {
  try {
    const url = new URL(authorizeUrl, serverOrigin);
    return url.origin === serverOrigin && url.pathname.replace(/\/$/, '') === '/auth/sei' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Opens an authorization from the /auth/sei address a third-party client sent the user to:
 * `client_id`, `redirect_uri` (one the client registered), `code_challenge` (S256 PKCE) and an
 * optional `state`. The user then approves or declines it on the /auth/sei screen.
 *
 * @example
 * const opened = await openAuthorization(db, user.userId, '/auth/sei?client_id=ledgerly&…', 'https://bank.example');
 */
export async function openAuthorization(
  db: Kysely<Database>,
  userId: number,
  authorizeUrl: string,
  serverOrigin: string,
): Promise<OpenedAuthorization | AuthorizeRefusal> {
  const url = parseAuthorizeUrl(authorizeUrl, serverOrigin);
  if (!url) return { kind: 'invalid', message: requestTexts()('server.sei.authorizeUrlInvalid') };
  const clientId = url.searchParams.get('client_id') ?? '';
  const redirect = url.searchParams.get('redirect_uri') ?? '';
  const codeChallenge = url.searchParams.get('code_challenge') ?? '';
  const method = url.searchParams.get('code_challenge_method') ?? 'S256';
  if (!clientId || !redirect) return { kind: 'invalid', message: requestTexts()('server.sei.authorizeUrlClient') };
  if (!PKCE.test(codeChallenge) || method !== 'S256') {
    return { kind: 'invalid', message: requestTexts()('server.sei.authorizeUrlChallenge') };
  }
  const client = await db.selectFrom('sei_clients').select(['id', 'name', 'redirect_uris']).where('id', '=', clientId).executeTakeFirst();
  let redirectUri: URL;
  try {
    redirectUri = new URL(redirect);
  } catch {
    return { kind: 'unknown', message: requestTexts()('server.sei.unknownApp') };
  }
  if (!client || !isRegisteredRedirect(client.redirect_uris, redirectUri, serverOrigin)) {
    return { kind: 'unknown', message: requestTexts()('server.sei.unknownApp') };
  }
  const id = randomUUID();
  await db
    .insertInto('sei_authorizations')
    .values({
      id,
      client_id: client.id,
      user_id: userId,
      redirect_uri: redirectUri.href,
      state: url.searchParams.get('state'),
      code_challenge: codeChallenge,
      expires_at: sql<Date>`now() + ${AUTHORIZATION_SECONDS} * interval '1 second'`,
    })
    .execute();
  return { authorizationId: id, client: { clientId: client.id, name: client.name }, redirectOrigin: redirectUri.origin };
}

/**
 * Records the user's decision on their pending authorization and answers where to send them: the
 * client's redirect URI with a single-use code bound to the client's PKCE challenge (exchanged at
 * POST /auth/token), or `error=access_denied`; `state` comes back either way. Undefined when the
 * authorization is unknown, another user's, expired or already decided.
 *
 * @example
 * const answer = await decideAuthorization(db, user.userId, id, true); // { redirect_uri: 'https://client.example/cb?code=…&state=…' }
 */
export async function decideAuthorization(
  db: Kysely<Database>,
  userId: number,
  authorizationId: string,
  approve: boolean,
): Promise<{ redirect_uri: string } | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(authorizationId)) return undefined;
  const decided = await db
    .updateTable('sei_authorizations')
    .set({ status: approve ? 'approved' : 'declined', decided_at: sql`now()` })
    .where('id', '=', authorizationId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['client_id', 'redirect_uri', 'state', 'code_challenge'])
    .executeTakeFirst();
  if (!decided) return undefined;
  const target = new URL(decided.redirect_uri);
  if (approve) {
    target.searchParams.set('code', await issueAuthorizationCode(db, { userId, client: 'sei', codeChallenge: decided.code_challenge }));
  } else {
    target.searchParams.set('error', 'access_denied');
  }
  if (decided.state !== null) target.searchParams.set('state', decided.state);
  return { redirect_uri: target.href };
}

/**
 * `POST /service/check-urls`: for each URL, whether it belongs to a registered client, i.e. shares
 * the origin of one of its redirect URIs.
 *
 * @example
 * await checkUrls(db, ['https://ledgerly.example/cb'], origin); // [{ url, allowed: true, clientId: 'ledgerly' }]
 */
export async function checkUrls(db: Kysely<Database>, urls: string[], serverOrigin: string) {
  const clients = await db.selectFrom('sei_clients').select(['id', 'redirect_uris']).execute();
  return urls.map((url) => {
    let origin: string | null = null;
    try {
      origin = new URL(url).origin;
    } catch {
      origin = null;
    }
    const client = origin ? clients.find((c) => c.redirect_uris.some((entry) => resolveRegisteredUri(entry, serverOrigin)?.origin === origin)) : undefined;
    return client ? { url, allowed: true, clientId: client.id } : { url, allowed: false };
  });
}
