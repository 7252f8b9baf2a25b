import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { escapeHtml, sandboxPage } from '../sandbox/page.ts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER, type ESignatureProvider, type IdentityVerificationProvider } from './providers.ts';
import { acceptFormBodies } from '../http/form-bodies.ts';

type Form = Record<string, string>;

/** The webhook secret of a sandbox adapter; the pages sign what they deliver with it. */
function secretOf(adapter: object): string {
  if (!('webhookSecret' in adapter) || typeof adapter.webhookSecret !== 'string') {
    throw new Error('The sandbox pages need the sandbox adapters: register them only when sandboxes are on.');
  }
  return adapter.webhookSecret;
}

/** The heading of each W-form's signing page. */
const W_FORM_TITLES: Record<string, string> = { w9: 'Form W-9', w8ben: 'Form W-8BEN', w8bene: 'Form W-8BEN-E', resolution: 'Account resolution' };

const field = (form: Form, name: string, fallback = '') => (form[name] ?? fallback).trim();

const notFound = (reply: FastifyReply, what: string) =>
  reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(sandboxPage(`${what} not found`, `<p>This ${what.toLowerCase()} does not exist. Start again from the product.</p>`));

/**
 * The identity-verification provider's and the e-signature provider's sandbox pages. A tester plays
 * the customer at the provider: completes, fails or asks for a video call of an identity session;
 * plays the video agent; signs or declines a W-form. Each decision is delivered to the product's
 * webhook exactly as the real provider would (signed JSON over HTTP, here through the server's own
 * request injection), then the browser is sent back to the product.
 */
export async function verificationSandboxPages(
  app: FastifyInstance,
  options: { db: Kysely<Database>; adapters: { identityVerification: IdentityVerificationProvider; eSignature: ESignatureProvider } },
): Promise<void> {
  const { db } = options;
  const identitySecret = secretOf(options.adapters.identityVerification);
  const signatureSecret = secretOf(options.adapters.eSignature);
  acceptFormBodies(app);

  const deliver = async (url: string, secret: string, event: object) => {
    const payload = JSON.stringify(event);
    const answer = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, payload) },
    });
    if (answer.statusCode !== 200) throw new Error(`The product's webhook ${url} answered ${answer.statusCode}: ${answer.body}`);
  };

  const session = (id: string, service: 'identity' | 'eSignature') =>
    db.selectFrom('sandbox_provider_sessions').selectAll().where('id', '=', id).where('service', '=', service).executeTakeFirst();

  app.get<{ Params: { id: string } }>('/sandbox/identity/:id', async (request, reply) => {
    const found = await session(request.params.id, 'identity');
    if (!found) return notFound(reply, 'Verification session');
    const expected = (found.details.expectedName ?? {}) as { firstName?: string; lastName?: string };
    const id = escapeHtml(found.id);
    const body = found.outcome
      ? `<p>This session is over: <strong>${escapeHtml(found.outcome)}</strong>.</p><p><a href="${escapeHtml(found.return_url)}">Back to the product</a></p>`
      : `<p>You are the customer at the identity provider. Show a document, then decide how the check ends.</p>
<form method="post" action="/sandbox/identity/${id}">
  <p><label for="documentType">Document</label><br><select id="documentType" name="documentType"><option value="passport">Passport</option><option value="idCard">National identity card</option><option value="drivingLicence">Driving licence</option></select></p>
  <p><label for="number">Document number</label><br><input id="number" name="number" value="X1234567" required></p>
  <p><label for="firstName">First name on the document</label><br><input id="firstName" name="firstName" value="${escapeHtml(expected.firstName ?? '')}" required></p>
  <p><label for="lastName">Last name on the document</label><br><input id="lastName" name="lastName" value="${escapeHtml(expected.lastName ?? '')}" required></p>
  <p><label for="expiresDate">Expires on</label><br><input id="expiresDate" name="expiresDate" type="date" value="2034-01-31"></p>
  <p><label for="reason">Reason, if the check fails</label><br><input id="reason" name="reason" value="The document photo is unreadable"></p>
  <p><button class="primary" name="outcome" value="completed">Complete verification</button>
  <button class="danger" name="outcome" value="failed">Fail verification</button>
  <button name="outcome" value="videoRequested">Ask for a video call</button></p>
</form>`;
    return reply.type('text/html; charset=utf-8').send(sandboxPage('Identity verification', body));
  });

  app.post<{ Params: { id: string }; Body: Form }>('/sandbox/identity/:id', async (request, reply) => {
    const found = await session(request.params.id, 'identity');
    if (!found) return notFound(reply, 'Verification session');
    const form = request.body ?? {};
    const outcome = field(form, 'outcome');
    if (!found.outcome && ['completed', 'failed', 'videoRequested'].includes(outcome)) {
      const document = {
        documentType: field(form, 'documentType', 'passport'),
        number: field(form, 'number', 'X1234567'),
        firstName: field(form, 'firstName'),
        lastName: field(form, 'lastName'),
        ...(field(form, 'expiresDate') ? { expiresDate: field(form, 'expiresDate') } : {}),
      };
      const event =
        outcome === 'completed'
          ? { event: 'session.completed', sessionId: found.id, document }
          : outcome === 'failed'
            ? { event: 'session.failed', sessionId: found.id, reason: field(form, 'reason') || 'The check failed' }
            : { event: 'session.videoRequested', sessionId: found.id };
      await db
        .updateTable('sandbox_provider_sessions')
        .set({ outcome, decided_at: new Date(), details: JSON.stringify({ ...found.details, document }) })
        .where('id', '=', found.id)
        .execute();
      await deliver('/webhooks/identity-verification', identitySecret, event);
    }
    return reply.redirect(found.return_url, 303);
  });

  app.get<{ Params: { id: string } }>('/sandbox/identity/:id/video', async (request, reply) => {
    const found = await session(request.params.id, 'identity');
    if (!found) return notFound(reply, 'Verification session');
    const job = await db
      .selectFrom('video_identity_jobs')
      .select(['id', 'status', 'scheduled_for'])
      .where('workflow_run_id', '=', found.reference)
      .executeTakeFirst();
    const id = escapeHtml(found.id);
    const body = !job
      ? '<p>No video call was asked for in this session.</p>'
      : job.status !== 'scheduled'
        ? `<p>The video call is <strong>${escapeHtml(job.status)}</strong>. ${job.status === 'pending' ? 'The customer books a time first.' : ''}</p>`
        : `<p>You are the provider's video agent. The call was booked for ${escapeHtml(job.scheduled_for?.toISOString() ?? '')}.</p>
<form method="post" action="/sandbox/identity/${id}/video">
  <p><label for="reason">Reason, if you reject</label><br><input id="reason" name="reason" value="The face did not match the document"></p>
  <p><button class="primary" name="outcome" value="completed">Confirm identity</button> <button class="danger" name="outcome" value="rejected">Reject</button></p>
</form>`;
    return reply.type('text/html; charset=utf-8').send(sandboxPage('Video identity call', body));
  });

  app.post<{ Params: { id: string }; Body: Form }>('/sandbox/identity/:id/video', async (request, reply) => {
    const found = await session(request.params.id, 'identity');
    if (!found) return notFound(reply, 'Verification session');
    const form = request.body ?? {};
    const outcome = field(form, 'outcome');
    const job = await db.selectFrom('video_identity_jobs').select(['id', 'status']).where('workflow_run_id', '=', found.reference).executeTakeFirst();
    if (job?.status === 'scheduled' && (outcome === 'completed' || outcome === 'rejected')) {
      const expected = (found.details.expectedName ?? {}) as { firstName?: string; lastName?: string };
      await deliver(
        '/webhooks/identity-verification',
        identitySecret,
        outcome === 'completed'
          ? {
              event: 'video.completed',
              sessionId: found.id,
              document: { documentType: 'passport', number: 'V7654321', firstName: expected.firstName ?? '', lastName: expected.lastName ?? '' },
            }
          : { event: 'video.rejected', sessionId: found.id, reason: field(form, 'reason') || 'Rejected by the video agent' },
      );
    }
    return reply.redirect(job ? `/video-identity-job/${job.id}` : found.return_url, 303);
  });

  app.get<{ Params: { id: string } }>('/sandbox/e-signature/:id', async (request, reply) => {
    const found = await session(request.params.id, 'eSignature');
    if (!found) return notFound(reply, 'Envelope');
    const details = found.details as { formKind?: string; signer?: { name?: string }; formLines?: string[] };
    const title = W_FORM_TITLES[details.formKind ?? ''] ?? 'Form W-8BEN';
    const lines = (details.formLines ?? []).map((line) => `<li>${escapeHtml(line)}</li>`).join('');
    const body = found.outcome
      ? `<p>This envelope is ${escapeHtml(found.outcome)}.</p><p><a href="${escapeHtml(found.return_url)}">Back to the product</a></p>`
      : `<article><h2>${title}</h2><ul>${lines}</ul></article>
<form method="post" action="/sandbox/e-signature/${escapeHtml(found.id)}">
  <p><label for="signedName">Type your name to sign</label><br><input id="signedName" name="signedName" value="${escapeHtml(details.signer?.name ?? '')}" required></p>
  <p><button class="primary" name="outcome" value="signed">Sign</button> <button class="danger" name="outcome" value="declined" formnovalidate>Decline</button></p>
</form>`;
    return reply.type('text/html; charset=utf-8').send(sandboxPage(`Sign ${title}`, body));
  });

  app.post<{ Params: { id: string }; Body: Form }>('/sandbox/e-signature/:id', async (request, reply) => {
    const found = await session(request.params.id, 'eSignature');
    if (!found) return notFound(reply, 'Envelope');
    const form = request.body ?? {};
    const outcome = field(form, 'outcome');
    if (!found.outcome && (outcome === 'signed' || outcome === 'declined')) {
      await db.updateTable('sandbox_provider_sessions').set({ outcome, decided_at: new Date() }).where('id', '=', found.id).execute();
      await deliver(
        '/webhooks/e-signature',
        signatureSecret,
        outcome === 'signed'
          ? { event: 'envelope.signed', envelopeId: found.id, signedName: field(form, 'signedName') || 'Signer', signedAt: new Date().toISOString() }
          : { event: 'envelope.declined', envelopeId: found.id },
      );
    }
    return reply.redirect(found.return_url, 303);
  });
}
