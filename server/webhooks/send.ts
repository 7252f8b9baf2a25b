import { postOnce, type OutboundTargets } from '../http/outbound-targets.ts';
import { ATTEMPT_TIMEOUT_MS } from './schedule.ts';
import { signatureHeaders } from './signing.ts';

/** At most this much of an endpoint's answer is kept in the log. */
export const RESPONSE_BODY_LIMIT = 4096;

/** What one signed request sent and what came back. */
export interface SentRequest {
  headers: Record<string, string>;
  body: string;
  /** The HTTP status, when an answer came. */
  status: number | null;
  /** The answer's first RESPONSE_BODY_LIMIT characters. */
  responseBody: string | null;
  /** Why no answer came (timeout, connection refused). */
  error: string | null;
  durationMs: number;
  /** A 2xx answer: delivered. */
  delivered: boolean;
}

/** How requests leave: the timeout of one attempt, and where they may go. */
export interface Transport {
  timeoutMs?: number;
  /**
   * The addresses the server may reach (server/http/outbound-targets.ts): each send resolves the endpoint's
   * name once and connects to the address it checked, so an endpoint whose name now resolves to a private
   * address is not called. The server always gives it; without it (tests), requests go wherever the name leads.
   */
  targets?: OutboundTargets;
}

/**
 * POSTs `body` to `url` signed with `secret` as message `id` at `at` (Standard Webhooks headers), waits at
 * most the attempt timeout, follows no redirect, and answers what happened; it never throws for the
 * endpoint's failures, which the log records.
 *
 * @example
 * const sent = await sendSigned({ url: 'https://shop.example/hooks', secret, id: 'msg_…', at: new Date(), body: '{"type":"webhook.ping",…}' });
 * sent.delivered; // true on a 2xx
 */
export async function sendSigned(
  request: { url: string; secret: string; id: string; at: Date; body: string },
  transport: Transport = {},
): Promise<SentRequest> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'bank-webhooks/1',
    ...signatureHeaders(request.secret, request.id, request.at, request.body),
  };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const outbound = { body: request.body, headers, timeoutMs: transport.timeoutMs ?? ATTEMPT_TIMEOUT_MS };
  try {
    const response = await (transport.targets ? transport.targets.post(request.url, outbound) : postOnce(request.url, outbound));
    return {
      headers,
      body: request.body,
      status: response.status,
      responseBody: response.text.slice(0, RESPONSE_BODY_LIMIT),
      error: null,
      durationMs: elapsed(),
      delivered: response.status >= 200 && response.status < 300,
    };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'No answer within the attempt timeout' : describeFailure(error);
    return { headers, body: request.body, status: null, responseBody: null, error: reason.slice(0, 512), durationMs: elapsed(), delivered: false };
  }
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
