import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SigningFormKind } from '../db/schema.ts';

/** What the product tells the identity provider when a customer starts a verification. */
export interface IdentitySessionRequest {
  workflowRunId: string;
  /** The name on the customer's profile; the provider compares it with the document's. */
  expectedName: { firstName: string; lastName: string };
  /** Where the provider's page sends the customer back when they are done (a product path). */
  returnPath: string;
}

/**
 * The identity-verification provider (a Jumio-like service): it opens a session where the customer
 * shows a document and their face, and later reports the outcome to the product's webhook
 * (POST /webhooks/identity-verification), signed with a shared secret.
 */
export interface IdentityVerificationProvider {
  readonly name: string;
  startSession(request: IdentitySessionRequest): Promise<{ sessionId: string; url: string }>;
  /** Whether a webhook body really comes from the provider. */
  verifyWebhook(rawBody: string, signature: string | undefined): boolean;
}

/** What the product sends to the e-signature provider: one form for one signer. */
export interface SigningRequest {
  requestId: string;
  formKind: SigningFormKind;
  signer: { name: string; email: string };
  /** The lines of the form the signer reviews before signing. */
  formLines: string[];
  returnPath: string;
}

/**
 * The e-signature provider: it hosts the signing page of a form and reports signed or declined to
 * the product's webhook (POST /webhooks/e-signature), signed with a shared secret.
 */
export interface ESignatureProvider {
  readonly name: string;
  createEnvelope(request: SigningRequest): Promise<{ envelopeId: string; clientId: string; signUrl: string }>;
  verifyWebhook(rawBody: string, signature: string | undefined): boolean;
}

/** Header carrying the HMAC-SHA256 (hex) of a webhook body. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';

/**
 * HMAC-SHA256 of a body, hex: how the providers sign their webhooks.
 *
 * @example
 * const signature = signWebhook(secret, body);
 */
export function signWebhook(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function verifySignature(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signWebhook(secret, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}

/** A sandbox provider: keeps its sessions in `sandbox_provider_sessions` and signs with `secret`. */
export interface SandboxProvider {
  /** The secret its webhooks are signed with (the sandbox pages sign what they deliver). */
  readonly webhookSecret: string;
}

/**
 * The identity provider's sandbox: a session is a page under /sandbox/identity/<id> where the tester
 * completes the verification, fails it or asks for a video call.
 *
 * @example
 * const provider = sandboxIdentityProvider(db);
 * const { url } = await provider.startSession({ workflowRunId, expectedName, returnPath });
 */
export function sandboxIdentityProvider(db: Kysely<Database>, webhookSecret = randomBytes(32).toString('hex')): IdentityVerificationProvider & SandboxProvider {
  return {
    name: 'sandbox',
    webhookSecret,
    async startSession({ workflowRunId, expectedName, returnPath }) {
      const sessionId = `idv_${randomUUID()}`;
      await db
        .insertInto('sandbox_provider_sessions')
        .values({ id: sessionId, service: 'identity', reference: workflowRunId, return_url: returnPath, details: JSON.stringify({ expectedName }) })
        .execute();
      return { sessionId, url: `/sandbox/identity/${sessionId}` };
    },
    verifyWebhook: (rawBody, signature) => verifySignature(webhookSecret, rawBody, signature),
  };
}

/**
 * The e-signature provider's sandbox: an envelope is a page under /sandbox/e-signature/<id> where the
 * tester reads the form and signs or declines.
 *
 * @example
 * const { signUrl } = await sandboxESignature(db).createEnvelope(request);
 */
export function sandboxESignature(db: Kysely<Database>, webhookSecret = randomBytes(32).toString('hex')): ESignatureProvider & SandboxProvider {
  return {
    name: 'sandbox',
    webhookSecret,
    async createEnvelope({ requestId, formKind, signer, formLines, returnPath }) {
      const envelopeId = `env_${randomUUID()}`;
      const clientId = `sandbox-client-${formKind}`;
      await db
        .insertInto('sandbox_provider_sessions')
        .values({
          id: envelopeId,
          service: 'eSignature',
          reference: requestId,
          return_url: returnPath,
          details: JSON.stringify({ formKind, signer, formLines }),
        })
        .execute();
      return { envelopeId, clientId, signUrl: `/sandbox/e-signature/${envelopeId}` };
    },
    verifyWebhook: (rawBody, signature) => verifySignature(webhookSecret, rawBody, signature),
  };
}

/** A real provider's API: its base URL, API key, webhook secret, and the product's public address. */
export interface ProviderGateway {
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** The product's public base URL, so the provider can send the customer back. */
  publicUrl: string;
}

async function postJson(send: typeof fetch, gateway: ProviderGateway, path: string, body: object): Promise<Record<string, unknown>> {
  const response = await send(new URL(path, gateway.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${gateway.apiKey}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`The provider at ${gateway.url} answered ${response.status} to ${path}; check its URL and API key.`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * The real identity provider over HTTP: POST <url>/sessions answers { id, url }.
 *
 * @example
 * const provider = gatewayIdentityProvider({ url, apiKey, webhookSecret, publicUrl });
 */
export function gatewayIdentityProvider(gateway: ProviderGateway, send: typeof fetch = fetch): IdentityVerificationProvider {
  return {
    name: 'gateway',
    async startSession({ workflowRunId, expectedName, returnPath }) {
      const answer = await postJson(send, gateway, 'sessions', {
        reference: workflowRunId,
        expectedName,
        returnUrl: new URL(returnPath, gateway.publicUrl).toString(),
      });
      if (typeof answer.id !== 'string' || typeof answer.url !== 'string') throw new Error('The identity provider answered without a session id and url.');
      return { sessionId: answer.id, url: answer.url };
    },
    verifyWebhook: (rawBody, signature) => verifySignature(gateway.webhookSecret, rawBody, signature),
  };
}

/**
 * The real e-signature provider over HTTP: POST <url>/envelopes answers { id, clientId, signUrl }.
 *
 * @example
 * const eSignature = gatewayESignature({ url, apiKey, webhookSecret, publicUrl });
 */
export function gatewayESignature(gateway: ProviderGateway, send: typeof fetch = fetch): ESignatureProvider {
  return {
    name: 'gateway',
    async createEnvelope({ requestId, formKind, signer, formLines, returnPath }) {
      const answer = await postJson(send, gateway, 'envelopes', {
        reference: requestId,
        formKind,
        signer,
        formLines,
        returnUrl: new URL(returnPath, gateway.publicUrl).toString(),
      });
      if (typeof answer.id !== 'string' || typeof answer.clientId !== 'string' || typeof answer.signUrl !== 'string') {
        throw new Error('The e-signature provider answered without an envelope id, client id and sign URL.');
      }
      return { envelopeId: answer.id, clientId: answer.clientId, signUrl: answer.signUrl };
    },
    verifyWebhook: (rawBody, signature) => verifySignature(gateway.webhookSecret, rawBody, signature),
  };
}
