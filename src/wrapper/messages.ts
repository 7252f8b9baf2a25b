/**
 * The text messages the page and the native mobile app exchange (document 000 section 1, mobile-app
 * wrapper mode). Every message is a JSON string of an object with a `type`; fields beyond those listed
 * are ignored, and a message that is not JSON or has an unknown type is dropped.
 *
 * Page → app:
 * - `{ "type": "ready", "version": 1 }`: the bridge is enabled (100 ms after start).
 * - `{ "type": "loggedIn", "userId": 7 }`: a sign-in completed in the page.
 * - `{ "type": "tokens", "accessToken": "…", "refreshToken": "…" }`: token hand-over to the app.
 * - `{ "type": "loggedOut" }`: the session ended.
 * - `{ "type": "download", "fileName": "statement.pdf", "mediaType": "application/pdf", "dataUrl": "data:…" }`:
 *   the app saves or shares a file (a web view cannot download).
 * - `{ "type": "identityVerificationStart", "url": "https://…" }`: the app opens the provider's session natively.
 * - `{ "type": "cardToWallet", "requestId": "…", "secret": "…" }` and `{ "type": "deviceStep", "requestId": "…", "secret": "…" }`:
 *   the app continues a /auth/scp/request (adds the card to the wallet, or links this device).
 *
 * App → page:
 * - `{ "type": "login", "username": "ana@example.com" }`: the app asks the page to show sign-in (optionally prefilled).
 * - `{ "type": "tokens", "accessToken": "…", "refreshToken": "…" }`: token hand-over to the page (the app is signed in).
 * - `{ "type": "logout" }`: the app signed out; the page ends its session.
 * - `{ "type": "identityVerificationResult", "status": "completed" | "failed" | "cancelled" }`.
 * - `{ "type": "cardToWalletResult", "requestId": "…", "status": "added" | "failed" | "cancelled" }`.
 */
export type PageMessage =
  | { type: 'ready'; version: 1 }
  | { type: 'loggedIn'; userId: number }
  | { type: 'tokens'; accessToken: string; refreshToken: string }
  | { type: 'loggedOut' }
  | { type: 'download'; fileName: string; mediaType: string; dataUrl: string }
  | { type: 'identityVerificationStart'; url: string }
  | { type: 'cardToWallet'; requestId: string; secret: string }
  | { type: 'deviceStep'; requestId: string; secret: string };

export type AppMessage =
  | { type: 'login'; username?: string }
  | { type: 'tokens'; accessToken: string; refreshToken: string }
  | { type: 'logout' }
  | { type: 'identityVerificationResult'; status: 'completed' | 'failed' | 'cancelled' }
  | { type: 'cardToWalletResult'; requestId: string; status: 'added' | 'failed' | 'cancelled' };

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Reads a message from the app: the parsed message, or null for anything malformed.
 *
 * @example
 * parseAppMessage('{"type":"logout"}'); // { type: 'logout' }
 */
export function parseAppMessage(text: unknown): AppMessage | null {
  if (typeof text !== 'string') return null;
  let value: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    value = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  switch (value.type) {
    case 'login':
      return value.username === undefined || typeof value.username === 'string'
        ? { type: 'login', ...(isText(value.username) ? { username: value.username } : {}) }
        : null;
    case 'tokens':
      return isText(value.accessToken) && isText(value.refreshToken)
        ? { type: 'tokens', accessToken: value.accessToken, refreshToken: value.refreshToken }
        : null;
    case 'logout':
      return { type: 'logout' };
    case 'identityVerificationResult':
      return value.status === 'completed' || value.status === 'failed' || value.status === 'cancelled'
        ? { type: 'identityVerificationResult', status: value.status }
        : null;
    case 'cardToWalletResult':
      return isText(value.requestId) && (value.status === 'added' || value.status === 'failed' || value.status === 'cancelled')
        ? { type: 'cardToWalletResult', requestId: value.requestId, status: value.status }
        : null;
    default:
      return null;
  }
}
