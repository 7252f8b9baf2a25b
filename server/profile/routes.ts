import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { touchSession } from '../auth/sessions.ts';
import { resolveActingCustomer } from '../customers/acting-customer.ts';
import type { Database } from '../db/schema.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { escapeHtml, sandboxPage } from '../sandbox/page.ts';
import { checkIpPrivacy, PrivacyBlock } from './access.ts';
import { confirmEmailByToken } from './emails.ts';
import { plainIp, type IpPrivacyCheck } from './ip-lookup.ts';
import { startPhoneVerification } from './phones.ts';
import { currentLanguage, requestTexts } from '../i18n/request-language.ts';
import { acceptFormBodies } from '../http/form-bodies.ts';

/** What the profile's direct paths need. */
export interface ProfileRoutesOptions {
  db: Kysely<Database>;
  tokenKey: Uint8Array;
  adapters: { messages: MessageSender; ipPrivacy: IpPrivacyCheck };
  /** Serves /sandbox/ip-privacy, where testers mark addresses as VPN, proxy or Tor exits. */
  sandboxes: boolean;
}

/** Document 000 section 5: a code challenge is 43 to 128 characters of letters, digits and - . _ ~ */
const CODE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/** The acting customer of a direct path call (bearer token, optional Customer-Id), else why not. */
async function actingCustomer(options: ProfileRoutesOptions, request: FastifyRequest): Promise<{ customerId: number } | { status: number; message: string }> {
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  const claims = match ? await verifyAccessToken(options.tokenKey, match[1]!) : undefined;
  const user = claims ? await touchSession(options.db, claims) : undefined;
  if (!user) return { status: 401, message: requestTexts()('server.signin.sessionEnded') };
  const header = request.headers['customer-id'];
  if (Array.isArray(header)) return { status: 403, message: requestTexts()('server.codes.13') };
  const acting = await resolveActingCustomer(options.db, user, header, undefined);
  return 'refused' in acting ? { status: 403, message: requestTexts()('server.codes.13') } : acting;
}

/**
 * The profile's direct paths:
 * - `POST /verification/phones/{phoneId}/verify` with `type` ('sms') and `codeChallenge`: sends the
 *   SMS code (document 000 section 7). Errors answer `{ message }`, which the browser shows as is.
 * - `GET /customer/email-confirmation?token=`: the link in the confirmation e-mail; redirects to
 *   `/?emailConfirmation=success` or `fail`, where the application shows its popup.
 * - Sandbox only: `/sandbox/ip-privacy`, the stand-in for the IP privacy service.
 *
 * @example
 * await app.register(profileRoutes, { db, tokenKey, adapters, sandboxes: config.sandboxes });
 */
export async function profileRoutes(app: FastifyInstance, options: ProfileRoutesOptions): Promise<void> {
  app.post<{ Params: { phoneId: string }; Body: unknown }>('/verification/phones/:phoneId/verify', async (request, reply) => {
    const acting = await actingCustomer(options, request);
    if ('status' in acting) return reply.code(acting.status).send({ message: acting.message });
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    if (!/^[1-9][0-9]{0,9}$/.test(request.params.phoneId)) return reply.code(404).send({ message: requestTexts()('server.profile.noSuchPhone') });
    if (body.type !== undefined && body.type !== 'sms') return reply.code(400).send({ message: requestTexts()('server.profile.smsOnly'), field: 'type' });
    if (typeof body.codeChallenge !== 'string' || !CODE_CHALLENGE.test(body.codeChallenge)) {
      return reply.code(400).send({ message: requestTexts()('server.profile.codeChallenge'), field: 'codeChallenge' });
    }
    try {
      await checkIpPrivacy(options.adapters, request.ip);
      return await startPhoneVerification(options.db, options.adapters, acting.customerId, request.params.phoneId, body.codeChallenge);
    } catch (error) {
      if (error instanceof PrivacyBlock) {
        return reply.code(403).send({ message: requestTexts()('server.profile.privacyBlock', { flags: error.flags.join(', ') }), privacyFlags: error.flags });
      }
      if (error instanceof RpcRefusal) return reply.code(error.code === '13' ? 403 : 400).send({ message: error.messageIn(currentLanguage()) });
      throw error;
    }
  });

  app.get<{ Querystring: { token?: string } }>('/customer/email-confirmation', async (request, reply) => {
    const confirmed = typeof request.query.token === 'string' && (await confirmEmailByToken(options.db, request.query.token));
    return reply.redirect(`/?emailConfirmation=${confirmed ? 'success' : 'fail'}`, 303);
  });

  if (options.sandboxes) await app.register(ipPrivacySandbox, { db: options.db });
}

const FLAGS = ['vpn', 'proxy', 'tor', 'relay', 'hosting'] as const;

/**
 * The sandbox IP privacy service: a page listing the addresses a tester marked, a form to mark one
 * (with any flags and an optional service name) and a button to clear it. Its own plugin so the
 * form-encoded body parser stays inside it.
 */
async function ipPrivacySandbox(app: FastifyInstance, options: { db: Kysely<Database> }): Promise<void> {
  acceptFormBodies(app);

  const page = async (request: FastifyRequest, reply: FastifyReply, notice = '') => {
    const rows = await options.db.selectFrom('sandbox_ip_privacy').selectAll().orderBy('created_at', 'desc').execute();
    const list = rows.length
      ? rows
          .map(
            (
              row,
            ) => `<article><h2>${escapeHtml(row.ip)}</h2><p class="meta">${FLAGS.filter((flag) => row[flag]).join(', ') || 'no blocking flag'}${row.service ? ` · service: ${escapeHtml(row.service)}` : ''}</p>
<form method="post" action="/sandbox/ip-privacy/clear"><input type="hidden" name="ip" value="${escapeHtml(row.ip)}"><button type="submit" class="danger">Clear ${escapeHtml(row.ip)}</button></form></article>`,
          )
          .join('\n')
      : '<p>No address is marked: every address is clean.</p>';
    const you = plainIp(request.ip);
    return reply.type('text/html; charset=utf-8').send(
      sandboxPage(
        'IP privacy service',
        `${notice ? `<p role="status"><strong>${escapeHtml(notice)}</strong></p>` : ''}
<p>Addresses marked with any flag other than service cannot change a profile. You are connecting from <strong>${escapeHtml(you)}</strong>.</p>
<form method="post" action="/sandbox/ip-privacy"><p><label>IP address <input name="ip" required value="${escapeHtml(you)}"></label></p>
<fieldset><legend>Flags</legend>${FLAGS.map((flag) => `<label><input type="checkbox" name="${flag}" value="on"${flag === 'vpn' ? ' checked' : ''}> ${flag}</label>`).join(' ')}</fieldset>
<p><label>Service name (does not block) <input name="service"></label></p><p><button type="submit" class="primary">Mark address</button></p></form>
<h2>Marked addresses</h2>${list}`,
      ),
    );
  };

  app.get('/sandbox/ip-privacy', (request, reply) => page(request, reply));

  app.post<{ Body: Record<string, string | boolean> }>('/sandbox/ip-privacy', async (request, reply) => {
    const body = request.body ?? {};
    const ip = plainIp(String(body.ip ?? '').trim());
    if (!isIP(ip)) return page(request, reply.code(400), `'${ip}' is not an IP address.`);
    const flags = Object.fromEntries(FLAGS.map((flag) => [flag, [true, 'on', 'true'].includes(body[flag] as string | boolean)]));
    const service = String(body.service ?? '').trim() || null;
    await options.db
      .insertInto('sandbox_ip_privacy')
      .values({ ip, ...flags, service })
      .onConflict((oc) => oc.column('ip').doUpdateSet({ ...flags, service }))
      .execute();
    return page(request, reply, `${ip} is marked.`);
  });

  app.post<{ Body: Record<string, string> }>('/sandbox/ip-privacy/clear', async (request, reply) => {
    const ip = plainIp(String(request.body?.ip ?? '').trim());
    await options.db.deleteFrom('sandbox_ip_privacy').where('ip', '=', ip).execute();
    return page(request, reply, `${ip} is clean again.`);
  });
}
