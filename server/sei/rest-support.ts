import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { touchSession, type SignedInUser } from '../auth/sessions.ts';
import { REPOSITORY_ROOT } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { createSchemaValidator, fieldErrors } from '../http/json-schema.ts';

/** The OpenAPI document of the session-rules REST paths; its component schemas check the bodies. */
const DOCUMENT = 'schemas/api/session-rules.openapi.json';

/** A checked body, or the 400 answer naming the first problem. */
export type Checked<T> = { body: T } | { refusal: { message: string; field: string } };

/**
 * Body checks compiled from `schemas/api/session-rules.openapi.json`, so the declared contract and the
 * server's checks cannot drift apart.
 *
 * @example
 * const check = sessionRulesChecks().check<{ urls: string[] }>('CheckUrlsRequest');
 */
export function sessionRulesChecks() {
  const ajv = createSchemaValidator();
  ajv.addSchema(JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, DOCUMENT), 'utf8')), 'session-rules');
  return {
    check<T>(name: string) {
      const validate = ajv.compile<T>({ $ref: `session-rules#/components/schemas/${name}` });
      return (body: unknown): Checked<T> => {
        if (validate(body)) return { body };
        const [first] = fieldErrors(validate.errors);
        const field = first?.field ?? '';
        const message = field ? `${field} ${first!.description}.` : `The request body ${first?.description ?? 'is not valid'}: send a JSON object.`;
        return { refusal: { message, field } };
      };
    },
  };
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

export const NOT_SIGNED_IN = { message: 'Sign in first: this call needs a signed-in user.' };
