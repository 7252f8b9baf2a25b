import { SignJWT, jwtVerify } from 'jose';
import { webcrypto } from 'node:crypto';

/** Access tokens live 5 minutes; the application refreshes them when under 10 seconds remain. */
export const ACCESS_TOKEN_SECONDS = 5 * 60;

const ISSUER = 'token-service';
const AUDIENCE = 'api';

/**
 * The signing key as an imported HMAC key, once per key: given raw bytes, jose imports them again on every
 * call (two trips through the crypto thread pool per request).
 */
const importedKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function hmacKey(key: Uint8Array): Promise<webcrypto.CryptoKey> {
  let imported = importedKeys.get(key);
  if (!imported) {
    imported = webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    importedKeys.set(key, imported);
  }
  return imported;
}

/** Who an access token speaks for. */
export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/**
 * Signs an access token: a JWT (HS256) with sub = user id and sid = session id.
 *
 * @example
 * const accessToken = await signAccessToken(key, { userId: 7, sessionId });
 */
export async function signAccessToken(key: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(await hmacKey(key));
}

/** Tokens a key has verified, with when each expires (seconds since the epoch); the oldest go first past the bound. */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; expiresAt: number }>>();
const VERIFIED_KEPT = 10_000;

/**
 * Reads an access token; undefined when it is malformed, forged, expired or not an access token.
 * Whether its session is still alive is the session store's question, not this one's. A token this key
 * has verified before is not checked again (its signature cannot change), only its expiry: the client
 * sends the same token on every call for its five minutes, and the HMAC through WebCrypto cost more
 * than the rest of the check.
 *
 * @example
 * const claims = await verifyAccessToken(key, bearer);
 */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | undefined> {
  let verified = verifiedTokens.get(key);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(key, verified);
  }
  const now = Math.floor(Date.now() / 1000);
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt > now) return known.claims;
    verified.delete(token);
    return undefined;
  }
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return undefined;
    const claims = { userId, sessionId: payload.sid };
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAt: payload.exp });
    return claims;
  } catch {
    return undefined;
  }
}
