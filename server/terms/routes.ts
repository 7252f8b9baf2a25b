import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiBundle } from '../rpc/api-bundle.ts';
import type { Database } from '../db/schema.ts';
import { sessionRulesChecks } from '../sei/rest-support.ts';
import { acceptTerms, redeemTermsToken } from './terms.ts';
import { requestTexts } from '../i18n/request-language.ts';

interface TermsAcceptBody {
  termsToken: string;
  acceptedTerms: number[];
}

/**
 * `POST /auth/terms/accept` (schemas/api/session-rules.openapi.json): a sign-in refused with TE
 * handed out a one-time termsToken; with it the browser records the terms the user accepted, then
 * signs in again. The token is spent whatever the outcome, so it cannot be tried twice.
 *
 * @example
 * await app.register(termsRoutes, { db, bundle });
 */
export async function termsRoutes(app: FastifyInstance, options: { db: Kysely<Database>; bundle: Pick<ApiBundle, 'sessionRules'> }): Promise<void> {
  const check = sessionRulesChecks(options.bundle).check<TermsAcceptBody>('TermsAcceptRequest');
  app.post('/auth/terms/accept', async (request, reply) => {
    const checked = check(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    const userId = await redeemTermsToken(options.db, checked.body.termsToken);
    if (userId === undefined) return reply.code(403).send({ message: requestTexts()('server.signin.termsStepExpired') });
    const { accepted, unknown } = await acceptTerms(options.db, userId, checked.body.acceptedTerms, request.ip);
    if (unknown.length > 0) {
      return reply.code(400).send({
        message: requestTexts()('server.terms.notCurrentSignIn', { terms: unknown.join(', ') }),
        field: 'acceptedTerms',
      });
    }
    return { accepted };
  });
}
