import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { touchSession, type SignedInUser } from '../auth/sessions.ts';
import type { ApiBundle } from '../rpc/api-bundle.ts';
import type { Database } from '../db/schema.ts';
import { createSchemaValidator, fieldErrors } from '../http/json-schema.ts';
import { currentLanguage, requestTexts } from '../i18n/request-language.ts';

/** A checked body, or the 400 answer naming the first problem. */
export type Checked<T> = { body: T } | { refusal: { message: string; field: string } };

/**
 * Body checks compiled from the session-rules OpenAPI document (`schemas/api/session-rules.openapi.json`
 * as codegen bundles it, with the database's limits on every text and integer), so the declared
 * contract and the server's checks cannot drift apart, and no body reaches the database out of range.
 *
 * @example
 * const check = sessionRulesChecks(bundle).check<{ urls: string[] }>('CheckUrlsRequest');
 */
export function sessionRulesChecks(bundle: Pick<ApiBundle, 'sessionRules'>) {
  const ajv = createSchemaValidator();
  ajv.addSchema(bundle.sessionRules, 'session-rules');
  return {
    check<T>(name: string) {
      const validate = ajv.compile<T>({ $ref: `session-rules#/components/schemas/${name}` });
      return (body: unknown): Checked<T> => {
        if (validate(body)) return { body };
        const t = requestTexts();
        const [first] = fieldErrors(validate.errors, currentLanguage());
        const field = first?.field ?? '';
        const problem = first?.description ?? t('server.validation.notValid');
        const message = field ? t('server.validation.field', { field, problem }) : t('server.validation.body', { problem });
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

/** The answer to a call that needs a signed-in user, in the request's language. */
export const notSignedIn = () => ({ message: requestTexts()('server.sei.notSignedIn') });
