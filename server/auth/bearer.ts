import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { verifyAccessToken } from './access-tokens.ts';
import { touchSession, type SignedInUser } from './sessions.ts';

/**
 * The bearer token of a request (`Authorization: Bearer <token>`), if any.
 *
 * @example
 * bearerToken(request); // 'eyJ…'
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * The signed-in user behind a REST call's access token, recording the activity like an RPC call;
 * undefined when the token is missing, forged, expired or its session is over (revoked or idle).
 *
 * @example
 * const user = await bearerUser(db, tokenKey, request);
 * if (!user) return reply.code(401).send({ message: 'Session expired.' });
 */
export async function bearerUser(db: Kysely<Database>, tokenKey: Uint8Array, request: FastifyRequest): Promise<SignedInUser | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  const claims = await verifyAccessToken(tokenKey, token);
  return claims && touchSession(db, claims);
}
