import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { touchSession, type SignedInUser } from '../auth/sessions.ts';
import type { ApiBundle } from '../rpc/api-bundle.ts';
import type { Database } from '../db/schema.ts';
import { documentBodyChecks } from '../http/json-schema.ts';
import { requestTexts } from '../i18n/request-language.ts';

/**
 * Body checks compiled from the session-rules OpenAPI document (`schemas/api/session-rules.openapi.json`
 * as codegen bundles it), answering the first problem in the request's language.
 *
 * @example
 * const check = sessionRulesChecks(bundle).check<{ urls: string[] }>('CheckUrlsRequest');
 */
export function sessionRulesChecks(bundle: Pick<ApiBundle, 'sessionRules'>) {
  return { check: documentBodyChecks(bundle.sessionRules, 'session-rules') };
}

/**
 * The signed-in user behind the request's bearer token, or undefined (no token, forged, expired,
 * session over). Calling it counts as activity on the session, like an RPC call.
 */
export async function bearerUser(db: Kysely<Database>, tokenKey: Uint8Array, request: FastifyRequest): Promise<SignedInUser | undefined> {
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return undefined;
  const claims = await verifyAccessToken(tokenKey, match[1]!);
  return claims && touchSession(db, claims);
}

/** The answer to a call that needs a signed-in user, in the request's language. */
export const notSignedIn = () => ({ message: requestTexts()('server.sei.notSignedIn') });
