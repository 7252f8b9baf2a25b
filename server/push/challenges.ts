import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import { issueAuthorizationCode } from '../auth/authorization-codes.ts';
import { CHALLENGE_SECONDS, pendingChallenge, type ChallengeStart } from '../auth/login-challenges.ts';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens.ts';
import type { Database } from '../db/schema.ts';
import { pushTargets } from '../devices/devices.ts';
import type { PushSender } from './push-sender.ts';
import { messageTexts } from '../i18n/request-language.ts';

/** Where a pending sign-in stands, as the browser's live channel reports it. */
export type ChallengeOutcome =
  { status: 'pending' } | { status: 'approved'; code: string } | { status: 'declined' } | { status: 'expired' } | { status: 'unknown' };

/** The database channel a decided push challenge is announced on, with its token hash as the payload. */
export const CHALLENGE_CHANNEL = 'push_challenge';

/**
 * Told when a push challenge is decided on any instance (each instance relays its database's notifications
 * here), so waiting sockets answer at once.
 */
export const challengeEvents = new EventEmitter();
challengeEvents.setMaxListeners(0);

/**
 * Starts a push sign-in: a temporary token for the browser, a confirm key for the phones, and a
 * push to each linked device. Answers the token, the key (for the QR link) and the devices.
 *
 * @example
 * const { key, confirmKey, devices } = await startPushChallenge(db, push, { userId, client, codeChallenge }, 'Chrome on Linux');
 */
export async function startPushChallenge(db: Kysely<Database>, push: PushSender, start: ChallengeStart, from: string) {
  const key = newOpaqueToken();
  const confirmKey = newOpaqueToken();
  await db
    .insertInto('login_challenges')
    .values({
      token_hash: hashOpaqueToken(key),
      confirm_key_hash: hashOpaqueToken(confirmKey),
      user_id: start.userId,
      client: start.client,
      code_challenge: start.codeChallenge,
      flow: 'push',
      expires_at: sql<Date>`now() + ${CHALLENGE_SECONDS} * interval '1 second'`,
      browser_id: null,
      method: null,
      code_hash: null,
      code_expires_at: null,
      resolved_at: null,
    })
    .execute();
  const devices = await pushTargets(db, start.userId);
  await sendApprovalPushes(push, devices, confirmKey, from);
  return { key, confirmKey, devices: devices.map(({ id, name, type }) => ({ id, name, type })) };
}

async function sendApprovalPushes(push: PushSender, devices: { id: number; pushToken: string | null }[], confirmKey: string, from: string) {
  for (const device of devices) {
    await push.send({
      device,
      title: messageTexts()('messages.signInPush.title'),
      body: messageTexts()('messages.signInPush.body', { from }),
      data: { type: 'loginApproval', confirmKey, from },
    });
  }
}

/**
 * Sends the approval push again to every linked device, while the sign-in still waits. Answers
 * false when the token is unknown, decided or expired.
 */
export async function resendPush(db: Kysely<Database>, push: PushSender, key: string, from: string): Promise<boolean> {
  const challenge = await pendingChallenge(db, key, 'push');
  if (!challenge || challenge.status !== 'pending' || !challenge.fresh) return false;
  // The phones get a new confirm key; the old pushes can no longer approve.
  const confirmKey = newOpaqueToken();
  await db
    .updateTable('login_challenges')
    .set({ confirm_key_hash: hashOpaqueToken(confirmKey) })
    .where('id', '=', challenge.id)
    .execute();
  await sendApprovalPushes(push, await pushTargets(db, challenge.user_id), confirmKey, from);
  return true;
}

/**
 * A phone's answer to a push sign-in (PUT /auth/login/{key}/confirm): the device must be linked to
 * the user signing in and the sign-in still waiting. Answers 'done', 'notFound' or 'expired'.
 *
 * @example
 * await decidePushChallenge(db, confirmKey, deviceId, true);
 */
export async function decidePushChallenge(
  db: Kysely<Database>,
  confirmKey: string,
  deviceId: number,
  approve: boolean,
): Promise<'done' | 'notFound' | 'expired'> {
  const decided = await db
    .updateTable('login_challenges')
    .set({ status: approve ? 'approved' : 'declined', resolved_at: sql`now()` })
    .where('confirm_key_hash', '=', hashOpaqueToken(confirmKey))
    .where('flow', '=', 'push')
    .where('status', '=', 'pending')
    .where('user_id', 'in', (query) => query.selectFrom('devices').select('user_id').where('id', '=', deviceId))
    .returning([sql<boolean>`expires_at > now()`.as('fresh'), 'token_hash'])
    .executeTakeFirst();
  if (!decided) return 'notFound';
  // Every instance's live channel hears it (LISTEN/NOTIFY; see listenForNotifications in server/db/connect.ts).
  await sql`select pg_notify(${CHALLENGE_CHANNEL}, ${decided.token_hash})`.execute(db);
  return decided.fresh ? 'done' : 'expired';
}

/**
 * What the browser's live channel answers: still pending, declined, expired, or approved with an
 * authorization code for the PKCE challenge given at sign-in. The code is issued once: the
 * challenge moves from approved to completed in the same statement.
 *
 * @example
 * const outcome = await pushOutcome(db, key);
 */
export async function pushOutcome(db: Kysely<Database>, key: string): Promise<ChallengeOutcome> {
  const tokenHash = hashOpaqueToken(key);
  const completed = await db
    .updateTable('login_challenges')
    .set({ status: 'completed' })
    .where('token_hash', '=', tokenHash)
    .where('flow', '=', 'push')
    .where('status', '=', 'approved')
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'client', 'code_challenge'])
    .executeTakeFirst();
  if (completed) {
    const code = await issueAuthorizationCode(db, { userId: completed.user_id, client: completed.client, codeChallenge: completed.code_challenge });
    return { status: 'approved', code };
  }
  const challenge = await pendingChallenge(db, key, 'push');
  if (!challenge || challenge.status === 'completed') return { status: 'unknown' };
  if (challenge.status === 'declined') return { status: 'declined' };
  if (!challenge.fresh) return { status: 'expired' };
  return { status: 'pending' };
}

/** The pushes waiting on a device: what the sandbox device page (the phone app) lists. */
export async function pendingApprovalsFor(db: Kysely<Database>, deviceIds: number[]) {
  if (deviceIds.length === 0) return [];
  const pushes = await db
    .selectFrom('push_messages')
    .select(['id', 'device_id', 'title', 'body', 'data', 'created_at'])
    .where('device_id', 'in', deviceIds)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const approvals = [];
  for (const push of pushes) {
    const confirmKey = typeof push.data.confirmKey === 'string' ? push.data.confirmKey : undefined;
    if (!confirmKey) continue;
    const challenge = await db
      .selectFrom('login_challenges')
      .select('id')
      .where('confirm_key_hash', '=', hashOpaqueToken(confirmKey))
      .where('status', '=', 'pending')
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (challenge) approvals.push({ pushId: push.id, deviceId: push.device_id, title: push.title, body: push.body, confirmKey, createdAt: push.created_at });
  }
  return approvals;
}
