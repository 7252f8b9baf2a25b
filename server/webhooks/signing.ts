import { createHmac, randomBytes } from 'node:crypto';

/** The prefix of a webhook signing secret (Standard Webhooks): `whsec_` then the key, base64. */
export const SECRET_PREFIX = 'whsec_';

/** The three headers a signed delivery carries (Standard Webhooks). */
export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * A new signing secret: `whsec_` and 24 random bytes in base64 (the size Standard Webhooks' libraries make).
 *
 * @example
 * newSigningSecret(); // 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
 */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/**
 * The headers that sign `body` as message `id` sent at `timestamp`, by the Standard Webhooks specification:
 * `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of `${id}.${seconds}.${body}` keyed by the
 * base64-decoded secret (what follows `whsec_`). Receivers check it with any Standard Webhooks library.
 *
 * @example
 * signatureHeaders('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(), '{"type":"webhook.ping"}');
 * // { 'webhook-id': 'msg_p5jX…', 'webhook-timestamp': '1700000000', 'webhook-signature': 'v1,K5oZ…' }
 */
export function signatureHeaders(secret: string, id: string, timestamp: Date, body: string): SignatureHeaders {
  const seconds = Math.floor(timestamp.getTime() / 1000).toString();
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${seconds}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': seconds, 'webhook-signature': `v1,${signature}` };
}
