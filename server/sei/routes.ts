import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiBundle } from '../rpc/api-bundle.ts';
import type { Database } from '../db/schema.ts';
import { checkUrls, decideAuthorization, openAuthorization } from './authorizations.ts';
import { bearerUser, notSignedIn, sessionRulesChecks } from './rest-support.ts';
import { createScpRequest } from './scp-requests.ts';
import { requestTexts } from '../i18n/request-language.ts';

export interface SeiRoutesOptions {
  db: Kysely<Database>;
  bundle: Pick<ApiBundle, 'sessionRules'>;
  tokenKey: Uint8Array;
  /** The brand id, used as the mobile app's deeplink scheme. */
  brand: string;
}

/** This server's origin as the browser addressed it. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Third-party (SEI) authorization and the mobile app's requests (document 000 section 7), declared in
 * schemas/api/session-rules.openapi.json:
 * - `POST /auth/sei/authorize {authorizeUrl}` opens an authorization for the signed-in user (404 for a
 *   client or redirect URI that is not registered: the browser then goes to the root path);
 * - `POST /auth/sei/authorize/{authorizationId} {approve}` answers `redirect_uri` with a code or an error;
 * - `POST /service/check-urls {urls}` tells which URLs belong to registered clients;
 * - `POST /auth/scp/request {purpose, accountId?}` answers a deeplink into the mobile app.
 *
 * @example
 * await app.register(seiRoutes, { db, bundle, tokenKey, brand: config.brand });
 */
export async function seiRoutes(app: FastifyInstance, options: SeiRoutesOptions): Promise<void> {
  const { db, tokenKey } = options;
  const checks = sessionRulesChecks(options.bundle);
  const authorizeBody = checks.check<{ authorizeUrl: string }>('SeiAuthorizeRequest');
  const decisionBody = checks.check<{ approve: boolean }>('SeiDecisionRequest');
  const checkUrlsBody = checks.check<{ urls: string[] }>('CheckUrlsRequest');
  const scpBody = checks.check<{ purpose: 'cardToWallet' | 'device'; accountId?: number }>('ScpRequest');

  app.post('/auth/sei/authorize', async (request, reply) => {
    const user = await bearerUser(db, tokenKey, request);
    if (!user) return reply.code(401).send(notSignedIn());
    const checked = authorizeBody(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    const opened = await openAuthorization(db, user.userId, checked.body.authorizeUrl, originOf(request));
    if ('kind' in opened) return reply.code(opened.kind === 'unknown' ? 404 : 400).send({ message: opened.message, field: 'authorizeUrl' });
    return opened;
  });

  app.post<{ Params: { authorizationId: string } }>('/auth/sei/authorize/:authorizationId', async (request, reply) => {
    const user = await bearerUser(db, tokenKey, request);
    if (!user) return reply.code(401).send(notSignedIn());
    const checked = decisionBody(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    const answer = await decideAuthorization(db, user.userId, request.params.authorizationId, checked.body.approve);
    if (!answer) return reply.code(404).send({ message: requestTexts()('server.sei.requestOver') });
    return answer;
  });

  app.post('/service/check-urls', async (request, reply) => {
    const checked = checkUrlsBody(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    return { urls: await checkUrls(db, checked.body.urls, originOf(request)) };
  });

  app.post('/auth/scp/request', async (request, reply) => {
    const user = await bearerUser(db, tokenKey, request);
    if (!user) return reply.code(401).send(notSignedIn());
    const checked = scpBody(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    const answer = await createScpRequest(db, user, checked.body, options.brand);
    if (!answer) return reply.code(404).send({ message: requestTexts()('server.sei.notYourAccount'), field: 'accountId' });
    return answer;
  });
}
