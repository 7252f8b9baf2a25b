import { SignJWT, jwtVerify } from 'jose';

/** Access tokens live 5 minutes; the application refreshes them when under 10 seconds remain. */
export const ACCESS_TOKEN_SECONDS = 5 * 60;

const ISSUER = 'token-service';
const AUDIENCE = 'api';

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
export function signAccessToken(key: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(key);
}

/**
 * Reads an access token; undefined when it is malformed, forged, expired or not an access token.
 * Whether its session is still alive is the session store's question, not this one's.
 *
 * @example
 * const claims = await verifyAccessToken(key, bearer);
 */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return undefined;
    return { userId, sessionId: payload.sid };
  } catch {
    return undefined;
  }
}
