import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProviderGateway } from '../verification/providers.ts';

/** Header carrying the HMAC-SHA256 (base64url) of a contract-signing callback's body. */
export const ESIGN_SIGNATURE_HEADER = 'x-esign-signature';

/** The event a contract-signing callback reports: `{ contractId, customerId, event: 'signed' }`. */
export interface ContractSigningEvent {
  contractId: number;
  customerId: number;
  event: string;
}

/** Who signs which contract, as the product asks the provider for a signing page. */
export interface ContractSigningRequest {
  contractId: number;
  /** The party signing (a customer id). */
  customerId: number;
  signerName: string;
  /** The product's link to the contract as a PDF (the document being signed), a path on the product. */
  documentPath: string;
}

/**
 * The e-signature provider that hosts the signing of a revenue-split contract (document 002 section 4:
 * "Signing happens through an embedded e-signature provider"): it answers the page the contract screen
 * embeds for one party (`signUrl`, with the provider's `clientId`), and, once the party signed there,
 * posts `{ contractId, customerId, event: 'signed' }` to the product's `POST /esign/callback`, its body
 * signed with the shared secret in X-Esign-Signature. The product never trusts a callback it cannot verify.
 * Chosen by configuration (server/adapters/index.ts): the sandbox with sandboxes on, else the provider at
 * E_SIGNATURE_URL.
 */
export interface ContractSigningProvider {
  readonly name: string;
  signUrl(request: ContractSigningRequest): Promise<{ signUrl: string; clientId: string }>;
  /** Whether a callback body really comes from the provider. */
  verifyCallback(rawBody: string, signature: string | undefined): boolean;
}

/** An HMAC-SHA256 of `text` under `secret`, base64url: how callbacks (and the sandbox's sign links) are signed. */
export const esignMac = (text: string, secret: string) => createHmac('sha256', secret).update(text).digest('base64url');

function macMatches(text: string, secret: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = esignMac(text, secret);
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}

const SIGN_TOKEN_SECONDS = 3600;

/** The secret the sandbox provider signs its callbacks with, and the product its sign and PDF links (ESIGN_SECRET). */
export function esignSecret(): string {
  return process.env.ESIGN_SECRET ?? 'sandbox-esign-secret';
}

/** A link token naming a contract and a party, valid an hour, signed: the sandbox's sign links and the PDF links. */
export function signToken(contractId: number, customerId: number, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ c: contractId, s: customerId, e: Math.floor(now / 1000) + SIGN_TOKEN_SECONDS })).toString('base64url');
  return `${body}.${esignMac(body, esignSecret())}`;
}

/** The contract and party of a link token, or undefined when it is forged or expired. */
export function readSignToken(token: string, now = Date.now()): { contractId: number; customerId: number } | undefined {
  const [body, mac] = token.split('.');
  if (!body || !macMatches(body, esignSecret(), mac)) return undefined;
  const { c, s, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { c: number; s: number; e: number };
  if (e * 1000 < now) return undefined;
  return { contractId: c, customerId: s };
}

/** A sandbox provider: it signs the callbacks its page delivers with this secret. */
export interface SandboxContractSigning extends ContractSigningProvider {
  readonly callbackSecret: string;
}

/**
 * The sandbox provider, inside the server: `signUrl` answers its page `/sandbox/esign/{token}` (the token
 * names the contract and the signer, signed, valid an hour; server/contracts/routes.ts), whose Sign button
 * delivers the provider's signed callback to `POST /esign/callback` as a real provider would.
 *
 * @example
 * const provider = sandboxContractSigning();
 * const { signUrl } = await provider.signUrl({ contractId: 7, customerId: 3, signerName: 'Sam', documentPath });
 */
export function sandboxContractSigning(secret = esignSecret()): SandboxContractSigning {
  return {
    name: 'sandbox',
    callbackSecret: secret,
    async signUrl({ contractId, customerId }) {
      return { signUrl: `/sandbox/esign/${signToken(contractId, customerId)}`, clientId: 'sandbox-esign' };
    },
    verifyCallback: (rawBody, signature) => macMatches(rawBody, secret, signature),
  };
}

/**
 * A real provider over HTTP: POST <url>/contract-signatures with the signer, the document's address and
 * the callback's address answers `{ signUrl, clientId }`; its callbacks are signed with the gateway's
 * webhook secret.
 *
 * @example
 * const provider = gatewayContractSigning({ url, apiKey, webhookSecret, publicUrl });
 */
export function gatewayContractSigning(gateway: ProviderGateway, send: typeof fetch = fetch): ContractSigningProvider {
  return {
    name: 'gateway',
    async signUrl({ contractId, customerId, signerName, documentPath }) {
      const response = await send(new URL('contract-signatures', gateway.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${gateway.apiKey}` },
        body: JSON.stringify({
          reference: `contract-${contractId}-${customerId}`,
          contractId,
          customerId,
          signer: { name: signerName },
          documentUrl: new URL(documentPath, gateway.publicUrl).toString(),
          callbackUrl: new URL('/esign/callback', gateway.publicUrl).toString(),
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok)
        throw new Error(`The e-signature provider at ${gateway.url} answered ${response.status} to contract-signatures; check its URL and API key.`);
      const answer = (await response.json()) as Record<string, unknown>;
      if (typeof answer.signUrl !== 'string' || typeof answer.clientId !== 'string') {
        throw new Error('The e-signature provider answered without a sign URL and client id.');
      }
      return { signUrl: answer.signUrl, clientId: answer.clientId };
    },
    verifyCallback: (rawBody, signature) => macMatches(rawBody, gateway.webhookSecret, signature),
  };
}
