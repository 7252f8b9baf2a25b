import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { escapeHtml, sandboxPage } from '../sandbox/page.ts';
import { decidePushChallenge, pendingApprovalsFor } from './challenges.ts';
import { pendingTransferPushes } from '../transfers/confirmation.ts';
import { transferDecisionNotice, transferPushArticles } from '../transfers/p2p-device.ts';
import { acceptFormBodies } from '../http/form-bodies.ts';

interface DeviceQuery {
  login?: string;
}

/** The linked devices the page shows: one user's (by login) or everyone's, with their owner. */
async function sandboxDevices(db: Kysely<Database>, login: string | undefined) {
  let query = db
    .selectFrom('devices')
    .innerJoin('users', 'users.id', 'devices.user_id')
    .select(['devices.id', 'devices.name', 'devices.type', 'users.email'])
    .orderBy('devices.id', 'desc')
    .limit(50);
  if (login) query = query.where('users.email', '=', login.toLowerCase());
  return query.execute();
}

/** The latest pushes that carry a code (e.g. confirming a change of security settings). */
async function codePushes(db: Kysely<Database>, deviceIds: number[]) {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('push_messages')
    .select(['device_id', 'body', 'data', 'created_at'])
    .where('device_id', 'in', deviceIds)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.filter((row) => row.data.type === 'code');
}

/**
 * The sandbox push device: plays the customer's phone app. `GET /sandbox/device?login=` lists the
 * linked devices, each with its pending sign-in approvals (Approve / Decline) and the codes pushed
 * to it; `GET /sandbox/device/pending?login=` answers the same approvals as JSON for tests. A
 * decision goes through the same rule as the app's `PUT /auth/login/{key}/confirm`: the device must
 * belong to the user signing in. Registered only when sandboxes are on.
 */
export async function sandboxDevicePage(app: FastifyInstance, options: { db: Kysely<Database> }): Promise<void> {
  const { db } = options;
  // The page is plain HTML: its buttons post forms.
  acceptFormBodies(app);

  app.get<{ Querystring: DeviceQuery }>('/sandbox/device/pending', async (request) => {
    const devices = await sandboxDevices(db, request.query.login);
    const approvals = await pendingApprovalsFor(
      db,
      devices.map((device) => device.id),
    );
    return {
      approvals: approvals.map(({ pushId, deviceId, body, confirmKey, createdAt }) => ({
        pushId,
        deviceId,
        body,
        confirmKey,
        createdAt: createdAt.toISOString(),
      })),
    };
  });

  app.post<{ Body: { deviceId?: string; key?: string; result?: string; login?: string } }>('/sandbox/device/decide', async (request, reply) => {
    const { deviceId, key, result, login } = request.body ?? {};
    const outcome = deviceId && key ? await decidePushChallenge(db, key, Number(deviceId), result === 'approve') : 'notFound';
    const back = `/sandbox/device?${new URLSearchParams({ ...(login ? { login } : {}), done: `${result === 'approve' ? 'approved' : 'declined'}-${outcome}` })}`;
    return reply.redirect(back, 303);
  });

  app.get<{ Querystring: DeviceQuery & { done?: string; key?: string } }>('/sandbox/device', async (request, reply) => {
    const login = request.query.login ?? '';
    const devices = await sandboxDevices(db, login || undefined);
    const deviceIds = devices.map((device) => device.id);
    const approvals = await pendingApprovalsFor(db, deviceIds);
    const codes = await codePushes(db, deviceIds);
    const transferPushes = await pendingTransferPushes(db, deviceIds);
    const done = request.query.done ?? '';
    const notice = done
      ? `<p role="status" class="meta">${done.endsWith('-done') ? (done.startsWith('approved') ? 'Sign-in approved.' : 'Sign-in declined.') : 'That request was already answered or has expired.'}</p>`
      : transferDecisionNotice(request.query);
    const sections = devices
      .map((device) => {
        const mine = approvals.filter((approval) => approval.deviceId === device.id && (!request.query.key || approval.confirmKey === request.query.key));
        const pending = mine
          .map(
            (approval) => `<article>
  <h3>${escapeHtml(approval.title)}</h3>
  <p>${escapeHtml(approval.body)}</p>
  <p class="meta"><time datetime="${approval.createdAt.toISOString()}">${approval.createdAt.toISOString()}</time></p>
  <form method="post" action="/sandbox/device/decide">
    <input type="hidden" name="deviceId" value="${device.id}">
    <input type="hidden" name="key" value="${escapeHtml(approval.confirmKey)}">
    <input type="hidden" name="login" value="${escapeHtml(login)}">
    <button class="primary" name="result" value="approve">Approve</button>
    <button class="danger" name="result" value="decline">Decline</button>
  </form>
</article>`,
          )
          .join('\n');
        const pushedCodes = codes
          .filter((push) => push.device_id === device.id)
          .slice(0, 3)
          .map((push) => `<pre>${escapeHtml(push.body)}</pre>`)
          .join('\n');
        return `<section aria-labelledby="device-${device.id}">
  <h2 id="device-${device.id}">${escapeHtml(device.name)} (${escapeHtml(device.type)}) · ${escapeHtml(device.email)}</h2>
  ${pending || '<p class="meta">No sign-in waiting for approval.</p>'}
  ${transferPushArticles(transferPushes, device.id, login)}
  ${pushedCodes}
</section>`;
      })
      .join('\n');
    const filter = `<form method="get"><label for="login">Customer e-mail</label> <input id="login" name="login" value="${escapeHtml(login)}"> <button>Show</button></form>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(sandboxPage('Push device', `${notice}\n${filter}\n${sections || '<p>No linked devices. Devices the app links appear here.</p>'}`));
  });
}
