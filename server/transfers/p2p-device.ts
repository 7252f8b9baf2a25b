import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import type { Database } from '../db/schema.ts';
import { escapeHtml } from '../sandbox/page.ts';
import { decideTransferPush, pendingTransferPushes } from './confirmation.ts';
import { payeeInvitation } from './escrow.ts';
import { handOverPayout } from './payout-handover.ts';
import { acceptFormBodies } from '../http/form-bodies.ts';

type TransferPush = Awaited<ReturnType<typeof pendingTransferPushes>>[number];

/**
 * The transfer confirmations waiting on one device of the sandbox device page, each with Approve and
 * Decline posting to `/sandbox/device/transfer-decide`.
 */
export function transferPushArticles(pushes: readonly TransferPush[], deviceId: number, login: string): string {
  return pushes
    .filter((push) => push.deviceId === deviceId)
    .map(
      (push) => `<article data-transfer-push="${escapeHtml(push.confirmKey)}">
  <h3>${escapeHtml(push.title)}</h3>
  <p>${escapeHtml(push.body)}</p>
  <p class="meta"><time datetime="${push.createdAt.toISOString()}">${push.createdAt.toISOString()}</time></p>
  <form method="post" action="/sandbox/device/transfer-decide">
    <input type="hidden" name="deviceId" value="${deviceId}">
    <input type="hidden" name="key" value="${escapeHtml(push.confirmKey)}">
    <input type="hidden" name="login" value="${escapeHtml(login)}">
    <button class="primary" name="result" value="approve">Approve transfer</button>
    <button class="danger" name="result" value="decline">Decline transfer</button>
  </form>
</article>`,
    )
    .join('\n');
}

/** The device page's notice after a transfer decision (`?transfer=approved|declined|gone`). */
export function transferDecisionNotice(query: unknown): string {
  const outcome = (query as { transfer?: string }).transfer;
  const text =
    outcome === 'approved'
      ? 'Transfer approved.'
      : outcome === 'declined'
        ? 'Transfer declined: nothing was sent.'
        : outcome === 'gone'
          ? 'That transfer was already answered or has expired.'
          : '';
  return text ? `<p role="status" class="meta">${text}</p>` : '';
}

/**
 * The sandbox phone's answers to transfer pushes: `POST /sandbox/device/transfer-decide` (form:
 * deviceId, key, result approve|decline, login) goes through `decideTransferPush` (only a device of
 * the user who created the transfer, once), then back to the device page; `GET
 * /sandbox/device/transfers?login=` lists the waiting confirmations as JSON for tests. A transfer that
 * approval sent into escrow gets its payee's invitation; a payout it approved goes to its rail. Registered only when sandboxes are on.
 */
export async function p2pDeviceRoutes(app: FastifyInstance, options: { db: Kysely<Database>; adapters: Pick<Adapters, 'messages' | 'rails'> }): Promise<void> {
  const { db, adapters } = options;
  acceptFormBodies(app);

  const devicesOf = async (login: string | undefined) => {
    let query = db.selectFrom('devices').innerJoin('users', 'users.id', 'devices.user_id').select('devices.id').orderBy('devices.id', 'desc').limit(50);
    if (login) query = query.where('users.email', '=', login.toLowerCase());
    return (await query.execute()).map((device) => device.id);
  };

  app.get<{ Querystring: { login?: string } }>('/sandbox/device/transfers', async (request) => {
    const pushes = await pendingTransferPushes(db, await devicesOf(request.query.login));
    return {
      transfers: pushes.map(({ pushId, deviceId, title, body, confirmKey, createdAt }) => ({
        pushId,
        deviceId,
        title,
        body,
        confirmKey,
        createdAt: createdAt.toISOString(),
      })),
    };
  });

  app.post<{ Body: { deviceId?: string; key?: string; result?: string; login?: string } }>('/sandbox/device/transfer-decide', async (request, reply) => {
    const { deviceId, key, result, login } = request.body ?? {};
    const approve = result === 'approve';
    let outcome: 'done' | 'notFound' = 'notFound';
    if (deviceId && key && /^[0-9]+$/.test(deviceId)) {
      const confirmation = await db.selectFrom('transfer_confirmations').select('transfer_id').where('push_key', '=', key).executeTakeFirst();
      outcome = await decideTransferPush(db, key, Number(deviceId), approve);
      const invitation = outcome === 'done' && approve && confirmation ? await payeeInvitation(db, confirmation.transfer_id) : undefined;
      if (invitation) await adapters.messages.sendEmail(invitation);
      // A payout approved on the phone goes to its rail now (resendPendingPayouts would, later).
      if (outcome === 'done' && approve && confirmation) await handOverPayout(db, adapters.rails, confirmation.transfer_id);
    }
    const transfer = outcome === 'done' ? (approve ? 'approved' : 'declined') : 'gone';
    return reply.redirect(`/sandbox/device?${new URLSearchParams({ ...(login ? { login } : {}), transfer })}`, 303);
  });
}
