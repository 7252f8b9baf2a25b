import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of `app` read HTML form posts (`application/x-www-form-urlencoded`) as a plain object of
 * strings, as the sandbox and tester pages' buttons send them. Safe to call from every such page: the
 * parser is added once per Fastify scope.
 *
 * @example
 * acceptFormBodies(app);
 * app.post<{ Body: { action?: string } }>('/sandbox/rails/:rail/payouts/:id', async (request) => request.body.action);
 */
export function acceptFormBodies(app: FastifyInstance): void {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
