import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries. The CSP only forbids framing, plugins and foreign base URLs; it
 * does not restrict scripts or styles, which the application's build does not need loosened.
 */
const HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
};

/** Paths whose answers hold tokens or customer data and must never be cached. */
const PRIVATE_PREFIXES = ['/api', '/auth/'];

/**
 * Adds the security headers to every answer, and `Cache-Control: no-store` to API and token answers.
 *
 * @example
 * addSecurityHeaders(app);
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(HEADERS)) reply.header(name, value);
    if (PRIVATE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
