import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { touchSession } from '../auth/sessions.ts';
import { resolveActingCustomer } from '../customers/acting-customer.ts';
import type { Database } from '../db/schema.ts';
import { applySignatureEvent, type SignatureEvent } from '../fatca/w-forms.ts';
import { applyResolutionSignature, type ResolutionSignatureEvent } from '../company-documents/statements.ts';
import { verificationFacts } from './facts.ts';
import { applyIdentityEvent, startIdentityVerification, type IdentityEvent } from './identity.ts';
import { WEBHOOK_SIGNATURE_HEADER, type ESignatureProvider, type IdentityVerificationProvider } from './providers.ts';
import { requestTexts } from '../i18n/request-language.ts';

/** What the verification routes need. */
export interface VerificationRoutesOptions {
  db: Kysely<Database>;
  adapters: { identityVerification: IdentityVerificationProvider; eSignature: ESignatureProvider };
  tokenKey: Uint8Array;
  /**
   * Other owners of identity sessions (a merchant's payer verification, issue 18 item 6), asked in turn when
   * an event is not for a customer's own verification; each answers whether the session was theirs.
   */
  otherIdentitySessions?: Array<(db: Kysely<Database>, provider: string, event: IdentityEvent) => Promise<boolean>>;
}

const IDENTITY_EVENTS = ['session.completed', 'session.failed', 'session.videoRequested', 'video.completed', 'video.rejected'];
const SIGNATURE_EVENTS = ['envelope.signed', 'envelope.declined'];

function parseEvent(rawBody: string, events: string[]): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(rawBody) as Record<string, unknown>;
    return typeof body.event === 'string' && events.includes(body.event) ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signed-in caller acting for the customer in the path (or their own when none): 401 without a
 * live session, 403 when they may not act for that customer.
 */
async function actingCustomer(options: VerificationRoutesOptions, request: FastifyRequest, reply: FastifyReply, pathCustomerId?: string) {
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  const claims = match ? await verifyAccessToken(options.tokenKey, match[1]!) : undefined;
  const user = claims && (await touchSession(options.db, claims));
  if (!user) {
    await reply.code(401).send({ message: requestTexts()('server.verification.signInAgain') });
    return undefined;
  }
  const header = pathCustomerId ?? (typeof request.headers['customer-id'] === 'string' ? request.headers['customer-id'] : undefined);
  const acting = await resolveActingCustomer(options.db, user, header, 'documents');
  if ('refused' in acting) {
    await reply.code(403).send({ message: requestTexts()('server.verification.notAllowed') });
    return undefined;
  }
  return { user, customerId: acting.customerId };
}

/**
 * The identity and verification paths (document 000 section 7) and the providers' webhooks:
 * - POST /identity-verification and POST /customers/{id}/identity-verification start an identity
 *   verification (the same as the customerJumioDocumentCreate method) and answer where to go;
 * - POST /verification/customer/{id}/verify answers the customer's verification facts;
 * - POST /webhooks/identity-verification and /webhooks/e-signature take the providers' signed
 *   outcomes (HMAC-SHA256 of the raw body in x-webhook-signature); a bad signature is 401.
 */
export async function verificationRoutes(app: FastifyInstance, options: VerificationRoutesOptions): Promise<void> {
  // Webhook signatures cover the exact bytes sent, so bodies are kept as text and parsed after checking.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const start = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
    const caller = await actingCustomer(options, request, reply, request.params.id);
    if (!caller) return reply;
    return reply.send(await startIdentityVerification(options.db, options.adapters, { customerId: caller.customerId, userId: caller.user.userId }));
  };
  app.post('/identity-verification', start);
  app.post('/customers/:id/identity-verification', start);

  app.post<{ Params: { id: string } }>('/verification/customer/:id/verify', async (request, reply) => {
    const caller = await actingCustomer(options, request, reply, request.params.id);
    if (!caller) return reply;
    return reply.send({ facts: await verificationFacts(options.db, caller.user, caller.customerId, new Date()) });
  });

  app.post('/webhooks/identity-verification', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const provider = options.adapters.identityVerification;
    if (!provider.verifyWebhook(raw, request.headers[WEBHOOK_SIGNATURE_HEADER] as string | undefined))
      return reply.code(401).send({ message: 'Bad signature.' });
    const event = parseEvent(raw, IDENTITY_EVENTS);
    if (!event) return reply.code(400).send({ message: `Unknown event: send one of ${IDENTITY_EVENTS.join(', ')}.` });
    // A customer's own verification, else one of the other owners' (a payer's a merchant asked for).
    let known = await applyIdentityEvent(options.db, provider.name, event as unknown as IdentityEvent);
    for (const apply of options.otherIdentitySessions ?? []) {
      if (known) break;
      known = await apply(options.db, provider.name, event as unknown as IdentityEvent);
    }
    return reply.code(known ? 200 : 404).send({ received: known });
  });

  app.post('/webhooks/e-signature', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const provider = options.adapters.eSignature;
    if (!provider.verifyWebhook(raw, request.headers[WEBHOOK_SIGNATURE_HEADER] as string | undefined))
      return reply.code(401).send({ message: 'Bad signature.' });
    const event = parseEvent(raw, SIGNATURE_EVENTS);
    if (!event) return reply.code(400).send({ message: `Unknown event: send one of ${SIGNATURE_EVENTS.join(', ')}.` });
    const known =
      (await applySignatureEvent(options.db, provider.name, event as unknown as SignatureEvent)) ||
      (await applyResolutionSignature(options.db, provider.name, event as unknown as ResolutionSignatureEvent));
    return reply.code(known ? 200 : 404).send({ received: known });
  });
}
