import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { acceptFormBodies } from '../http/form-bodies.ts';
import { escapeHtml, sandboxPage } from '../sandbox/page.ts';
import { issueSandboxToken, TOKEN_LIFETIME_SECONDS } from './bot-challenge.ts';

/** A site key as brand.json may write one. */
const SITE_KEY = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The sandbox bot-challenge provider, standing in for the provider's widget: `POST
 * /sandbox/bot-challenge/solve` with `{ siteKey }` (JSON, as the application's widget sends it when the
 * person ticks "I am not a robot", or a form) answers `{ token }`, good once for that site key within two
 * minutes; `GET /sandbox/bot-challenge?siteKey=` is the same as a page, for a tester calling the API by
 * hand. Registered only with sandboxes; the verify side is `sandboxBotChallenge`.
 */
export async function botChallengeSandboxPage(app: FastifyInstance, options: { db: Kysely<Database> }): Promise<void> {
  const { db } = options;
  acceptFormBodies(app);

  app.post<{ Body: { siteKey?: unknown } }>('/sandbox/bot-challenge/solve', async (request, reply) => {
    const siteKey = typeof request.body?.siteKey === 'string' ? request.body.siteKey : '';
    if (!SITE_KEY.test(siteKey)) return reply.code(400).send({ error: 'invalidSiteKey', field: 'siteKey' });
    const token = await issueSandboxToken(db, siteKey);
    const json = !String(request.headers['content-type'] ?? '').includes('form-urlencoded');
    if (json) return { token, expiresInSeconds: TOKEN_LIFETIME_SECONDS };
    return reply
      .type('text/html; charset=utf-8')
      .send(
        sandboxPage(
          'Bot challenge',
          `<p>Solved for <code>${escapeHtml(siteKey)}</code>. Send this token as <code>challengeToken</code> within ${TOKEN_LIFETIME_SECONDS} seconds:</p><pre>${escapeHtml(token)}</pre>`,
        ),
      );
  });

  app.get<{ Querystring: { siteKey?: string } }>('/sandbox/bot-challenge', async (request, reply) => {
    const siteKey = request.query.siteKey ?? '';
    return reply.type('text/html; charset=utf-8').send(
      sandboxPage(
        'Bot challenge',
        `<p>The brand's site key is in its brand.json (<code>botChallengeSiteKey</code>). Solving hands out a token good once.</p>
<form method="post" action="/sandbox/bot-challenge/solve">
  <label for="siteKey">Site key</label> <input id="siteKey" name="siteKey" value="${escapeHtml(siteKey)}" required>
  <button class="primary">I am not a robot</button>
</form>`,
      ),
    );
  });
}
