import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { escapeHtml, sandboxPage } from '../sandbox/page.ts';

/** The third-party client the sandbox plays; registered on start when sandboxes are on. */
export const SANDBOX_SEI_CLIENT = { id: 'sandbox-ledgerly', name: 'Ledgerly Accounting (sandbox)', redirectPath: '/sandbox/sei-client/callback' };

const COOKIE = 'sei_sandbox_verifier';

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * A stand-in third-party (SEI) client, as a tester would use a partner's site: its start page sends
 * the user to this bank's /auth/sei with a PKCE challenge, and its callback exchanges the code it
 * receives at POST /auth/token (the same call a partner makes) and shows whom it signed in. The
 * verifier waits in an HttpOnly cookie of the sandbox path, as a partner's server would keep it.
 * Registered only when sandboxes are on.
 */
export async function seiSandboxClient(app: FastifyInstance, options: { db: Kysely<Database> }): Promise<void> {
  await options.db
    .insertInto('sei_clients')
    .values({ id: SANDBOX_SEI_CLIENT.id, name: SANDBOX_SEI_CLIENT.name, redirect_uris: [SANDBOX_SEI_CLIENT.redirectPath] })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ name: SANDBOX_SEI_CLIENT.name, redirect_uris: [SANDBOX_SEI_CLIENT.redirectPath] }))
    .execute();

  app.get('/sandbox/sei-client', async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`;
    const verifier = randomBytes(96).toString('base64url').slice(0, 128);
    const state = randomBytes(12).toString('base64url');
    const authorize = new URL('/auth/sei', origin);
    authorize.search = new URLSearchParams({
      client_id: SANDBOX_SEI_CLIENT.id,
      redirect_uri: new URL(SANDBOX_SEI_CLIENT.redirectPath, origin).href,
      response_type: 'code',
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    reply.header('Set-Cookie', `${COOKIE}=${encodeURIComponent(`${state}.${verifier}`)}; Path=/sandbox/sei-client; HttpOnly; SameSite=Lax; Max-Age=900`);
    return reply.type('text/html; charset=utf-8').send(
      sandboxPage(
        SANDBOX_SEI_CLIENT.name,
        `<h1>${escapeHtml(SANDBOX_SEI_CLIENT.name)}</h1><p>A partner application that signs you in with your bank account.</p>
<p><a id="sei-sign-in" href="${escapeHtml(authorize.href)}">Sign in with your bank</a></p>`,
      ),
    );
  });

  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>(SANDBOX_SEI_CLIENT.redirectPath, async (request, reply) => {
    const page = (body: string) =>
      reply.type('text/html; charset=utf-8').send(sandboxPage(SANDBOX_SEI_CLIENT.name, `<h1>${escapeHtml(SANDBOX_SEI_CLIENT.name)}</h1>${body}`));
    const [state, verifier] = (cookieOf(request, COOKIE) ?? '').split('.');
    if (request.query.error) return page(`<p id="sei-result">The bank answered: ${escapeHtml(request.query.error)}.</p>`);
    if (!request.query.code || !verifier || state !== request.query.state) {
      return page('<p id="sei-result">This answer does not match a sign-in started here. <a href="/sandbox/sei-client">Start again</a>.</p>');
    }
    const token = await app.inject({ method: 'POST', url: '/auth/token', payload: { code: request.query.code, codeVerifier: verifier } });
    if (token.statusCode !== 200)
      return page(`<p id="sei-result">The code exchange was refused: ${escapeHtml(token.json().message ?? String(token.statusCode))}.</p>`);
    const profile = await app.inject({
      method: 'POST',
      url: '/api?method=profileInquiry',
      headers: { authorization: `Bearer ${token.json().accessToken}` },
      payload: { method: 'profileInquiry' },
    });
    const customer = profile.json().customer ?? {};
    const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.businessName || customer.login;
    return page(`<p id="sei-result">Signed in as ${escapeHtml(String(name))} (${escapeHtml(String(customer.login ?? ''))}).</p>`);
  });
}
