import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The request headers the application sends (src/transport): the token, the acting customer, the language, the client version. */
export const CORS_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Accept-Language', 'Customer-Id', 'X-Client-Version'] as const;

/** The answer headers the application reads (a download's row count and file name, a refusal's wait). */
export const CORS_EXPOSED_HEADERS = ['X-Total-Count', 'Content-Disposition', 'Retry-After'] as const;

/** How long a browser may keep a preflight's answer (10 minutes, Chromium's ceiling is 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * The CORS headers for a request from `origin`, or null when that origin is not one of `webOrigins` (the
 * brand's own web application: brand.json `webOrigins`), which then gets no CORS header at all and the
 * browser keeps the answer from the page. Credentials only where the auth needs them (`withCredentials`):
 * the token service's paths read the browser cookie (new-device approval); every other call carries its
 * token in the Authorization header and is granted no cookie.
 *
 * @example
 * corsHeaders('https://app.paxum.example', ['https://app.paxum.example'], true, false);
 * // { 'Access-Control-Allow-Origin': 'https://app.paxum.example', Vary: 'Origin', 'Access-Control-Allow-Methods': …, … }
 */
export function corsHeaders(
  origin: string | undefined,
  webOrigins: readonly string[],
  preflight: boolean,
  withCredentials = false,
): Record<string, string> | null {
  if (origin === undefined || !webOrigins.includes(origin)) return null;
  const headers: Record<string, string> = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
  if (withCredentials) headers['Access-Control-Allow-Credentials'] = 'true';
  if (preflight) {
    headers['Access-Control-Allow-Methods'] = 'GET, POST, PUT, PATCH, DELETE';
    headers['Access-Control-Allow-Headers'] = CORS_REQUEST_HEADERS.join(', ');
    headers['Access-Control-Max-Age'] = String(PREFLIGHT_MAX_AGE_SECONDS);
  } else {
    headers['Access-Control-Expose-Headers'] = CORS_EXPOSED_HEADERS.join(', ');
  }
  return headers;
}

const isPreflight = (request: FastifyRequest) => request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;

/** The token service's paths, which read the browser cookie and so are called with credentials. */
const withCredentials = (request: FastifyRequest) => request.url.startsWith('/auth/');

/**
 * Answers CORS for the brand's web origins (a page of the brand's web application on another origin calling
 * this environment's API, chosen there by `?api`): a preflight from one of them is answered 204 with what
 * it may send; from any other origin 403 without CORS headers; a call from one of them carries
 * Access-Control-Allow-Origin (and, on /auth/, Access-Control-Allow-Credentials). Requests without an
 * Origin (same origin, servers) are untouched.
 *
 * @example
 * addCors(app, brandConfig(config.brand).webOrigins ?? []);
 */
export function addCors(app: FastifyInstance, webOrigins: readonly string[]): void {
  const originOf = (request: FastifyRequest) => (typeof request.headers.origin === 'string' ? request.headers.origin : undefined);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isPreflight(request)) return;
    const headers = corsHeaders(originOf(request), webOrigins, true, withCredentials(request));
    if (!headers) return reply.code(403).send();
    return reply.code(204).headers(headers).send();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPreflight(request)) return payload;
    const headers = corsHeaders(originOf(request), webOrigins, false, withCredentials(request));
    if (headers) reply.headers(headers);
    return payload;
  });
}
