import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import { issueAuthorizationCode } from '../auth/authorization-codes.ts';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens.ts';
import type { Database } from '../db/schema.ts';
import { pushTargets } from '../devices/devices.ts';
import type { PushSender } from './push-sender.ts';
import { countWrongSecondFactor, secondFactorLocked } from '../auth/second-factor-lock.ts';
import { codeMatches, hashCode, maskEmail, maskPhone, MAX_CODE_ATTEMPTS, numericCode, ONE_TIME_CODE_SECONDS } from '../auth/codes.ts';

/** A push or new-device sign-in waits 5 minutes for its approval. */
export const CHALLENGE_SECONDS = 5 * 60;

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

interface ChallengeStart {
  userId: number;
  client: string;
  codeChallenge: string;
}

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
      title: 'Sign-in request',
      body: `Someone is signing in to your account from ${from}. Approve only if it is you.`,
      data: { type: 'loginApproval', confirmKey, from },
    });
  }
}

/** Looks up a pending challenge of the browser's temporary token. */
async function pendingChallenge(db: Kysely<Database>, key: string, flow: 'push' | 'verifyDevice') {
  return db
    .selectFrom('login_challenges')
    .select([
      'id',
      'user_id',
      'status',
      'browser_id',
      'method',
      'code_hash',
      'failed_attempts',
      sql<boolean>`expires_at > now()`.as('fresh'),
      sql<boolean>`code_expires_at > now()`.as('code_fresh'),
    ])
    .where('token_hash', '=', hashOpaqueToken(key))
    .where('flow', '=', flow)
    .executeTakeFirst();
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

// ---------------------------------------------------------------------------------------------
// New-device approval (verifyDevice)

/** How a new browser can be approved: a code by SMS to the primary phone or by e-mail. */
export interface ApproveMethod {
  id: 'sms' | 'email';
  type: 'sms' | 'email';
  destination: string;
}

/**
 * Starts a new-device sign-in for a browser the user has not approved: the browser's row (pending
 * approval) and a temporary token. Answers the token and the browser's device id.
 *
 * @example
 * const { key, deviceId } = await startDeviceChallenge(db, { userId, client, codeChallenge }, browserToken, 'Chrome on Linux');
 */
export async function startDeviceChallenge(db: Kysely<Database>, start: ChallengeStart, browserToken: string, name: string) {
  const tokenHash = hashOpaqueToken(browserToken);
  const browser = await db
    .insertInto('known_browsers')
    .values({ user_id: start.userId, token_hash: tokenHash, name, approved_at: null })
    .onConflict((conflict) => conflict.columns(['user_id', 'token_hash']).doUpdateSet({ name }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = newOpaqueToken();
  await db
    .insertInto('login_challenges')
    .values({
      token_hash: hashOpaqueToken(key),
      confirm_key_hash: null,
      user_id: start.userId,
      client: start.client,
      code_challenge: start.codeChallenge,
      flow: 'verifyDevice',
      expires_at: sql<Date>`now() + ${CHALLENGE_SECONDS} * interval '1 second'`,
      browser_id: browser.id,
      method: null,
      code_hash: null,
      code_expires_at: null,
      resolved_at: null,
    })
    .execute();
  return { key, deviceId: browser.id };
}

/** Whether the user approved this browser before. */
export async function browserApproved(db: Kysely<Database>, userId: number, browserToken: string | undefined): Promise<boolean> {
  if (!browserToken) return false;
  const row = await db
    .selectFrom('known_browsers')
    .select('id')
    .where('user_id', '=', userId)
    .where('token_hash', '=', hashOpaqueToken(browserToken))
    .where('approved_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a browser approved for the user (after a sign-in that passed every factor). */
export async function rememberBrowser(db: Kysely<Database>, userId: number, browserToken: string, name: string): Promise<void> {
  await db
    .insertInto('known_browsers')
    .values({ user_id: userId, token_hash: hashOpaqueToken(browserToken), name, approved_at: new Date() })
    .onConflict((conflict) => conflict.columns(['user_id', 'token_hash']).doUpdateSet({ approved_at: sql`coalesce(known_browsers.approved_at, now())` }))
    .execute();
}

/** The pending new-device challenge of a temporary token, if it still waits. */
export async function deviceChallenge(db: Kysely<Database>, key: string) {
  const challenge = await pendingChallenge(db, key, 'verifyDevice');
  if (!challenge || challenge.status !== 'pending' || !challenge.fresh) return undefined;
  return challenge;
}

/** The methods the user can approve a new browser with. */
export async function approveMethods(db: Kysely<Database>, userId: number): Promise<(ApproveMethod & { to: string })[]> {
  const user = await db
    .selectFrom('users')
    .leftJoin('phones', (join) =>
      join.onRef('phones.customer_id', '=', 'users.customer_id').on('phones.status', '=', 'Primary').on('phones.confirmed', '=', true),
    )
    .select(['users.email', 'phones.country_code', 'phones.number'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  const methods: (ApproveMethod & { to: string })[] = [];
  if (user.country_code && user.number) {
    methods.push({ id: 'sms', type: 'sms', destination: maskPhone(user.country_code, user.number), to: `${user.country_code}${user.number}` });
  }
  methods.push({ id: 'email', type: 'email', destination: maskEmail(user.email), to: user.email });
  return methods;
}

/** Salt of a new-device approval code: bound to its challenge. */
const deviceSalt = (challengeId: number) => `device:${challengeId}`;

/**
 * Sends a fresh approval code by the chosen method (PATCH /auth/devices/{deviceId}/approve/{methodId}).
 * Answers the masked destination, or undefined when the method is not one of the user's.
 */
export async function sendDeviceCode(
  db: Kysely<Database>,
  messages: {
    sendSms(m: { to: string; text: string; purpose: string }): Promise<void>;
    sendEmail(m: { to: string; subject: string; text: string; purpose: string }): Promise<void>;
  },
  challenge: { id: number; user_id: number },
  methodId: string,
): Promise<string | undefined> {
  const method = (await approveMethods(db, challenge.user_id)).find((candidate) => candidate.id === methodId);
  if (!method) return undefined;
  const code = numericCode();
  await db
    .updateTable('login_challenges')
    .set({
      method: method.id,
      code_hash: hashCode(code, deviceSalt(challenge.id)),
      code_expires_at: sql<Date>`now() + ${ONE_TIME_CODE_SECONDS} * interval '1 second'`,
    })
    .where('id', '=', challenge.id)
    .execute();
  const text = `Your code to approve a new device: ${code}. It expires in 5 minutes. If you are not signing in, change your password.`;
  if (method.type === 'sms') await messages.sendSms({ to: method.to, text, purpose: 'deviceApproval' });
  else await messages.sendEmail({ to: method.to, subject: 'Approve a new device', text, purpose: 'deviceApproval' });
  return method.destination;
}

/**
 * Checks a new-device approval code (POST /auth/devices/{deviceId}/approve). Right: the browser is
 * approved and an authorization code for the sign-in's PKCE challenge is answered. Wrong: an attempt
 * is counted and the fifth ends the sign-in.
 */
export async function confirmDeviceCode(
  db: Kysely<Database>,
  key: string,
  code: string,
): Promise<
  { code: string } | { refused: 'wrong'; attemptsLeft: number } | { refused: 'noCode' | 'burnt' } | { refused: 'locked'; userId: number; justLocked: boolean }
> {
  return db.transaction().execute(async (trx) => {
    const challenge = await trx
      .selectFrom('login_challenges')
      .select([
        'id',
        'user_id',
        'client',
        'code_challenge',
        'browser_id',
        'code_hash',
        'failed_attempts',
        sql<boolean>`code_expires_at > now()`.as('code_fresh'),
      ])
      .where('token_hash', '=', hashOpaqueToken(key))
      .where('flow', '=', 'verifyDevice')
      .where('status', '=', 'pending')
      .where('expires_at', '>', sql<Date>`now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!challenge) return { refused: 'burnt' } as const;
    if (!challenge.code_hash || !challenge.code_fresh) return { refused: 'noCode' } as const;
    if (await secondFactorLocked(trx, challenge.user_id)) return { refused: 'locked', userId: challenge.user_id, justLocked: false } as const;
    if (!codeMatches(code, deviceSalt(challenge.id), challenge.code_hash)) {
      // A device code is a second factor too: wrong ones count for the user across sign-ins.
      const { locked, justLocked } = await countWrongSecondFactor(trx, challenge.user_id);
      if (locked) return { refused: 'locked', userId: challenge.user_id, justLocked } as const;
      const failed = challenge.failed_attempts + 1;
      const burnt = failed >= MAX_CODE_ATTEMPTS;
      await trx
        .updateTable('login_challenges')
        .set({ failed_attempts: failed, ...(burnt ? { status: 'declined' as const, resolved_at: sql`now()` } : {}) })
        .where('id', '=', challenge.id)
        .execute();
      return burnt ? ({ refused: 'burnt' } as const) : ({ refused: 'wrong', attemptsLeft: MAX_CODE_ATTEMPTS - failed } as const);
    }
    await trx
      .updateTable('login_challenges')
      .set({ status: 'completed', resolved_at: sql`now()`, code_hash: null })
      .where('id', '=', challenge.id)
      .execute();
    if (challenge.browser_id)
      await trx
        .updateTable('known_browsers')
        .set({ approved_at: sql`now()` })
        .where('id', '=', challenge.browser_id)
        .execute();
    const authorizationCode = await issueAuthorizationCode(trx, {
      userId: challenge.user_id,
      client: challenge.client,
      codeChallenge: challenge.code_challenge,
    });
    return { code: authorizationCode };
  });
}
