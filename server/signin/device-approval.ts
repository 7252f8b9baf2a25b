import { sql, type Kysely } from 'kysely';
import { issueAuthorizationCode } from '../auth/authorization-codes.ts';
import { codeMatches, hashCode, maskEmail, maskPhone, MAX_CODE_ATTEMPTS, numericCode, ONE_TIME_CODE_SECONDS } from '../auth/codes.ts';
import { CHALLENGE_SECONDS, pendingChallenge, type ChallengeStart } from '../auth/login-challenges.ts';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens.ts';
import { countWrongSecondFactor, secondFactorLocked } from '../auth/second-factor-lock.ts';
import type { Database } from '../db/schema.ts';
import { messageTexts } from '../i18n/request-language.ts';

// New-device approval (verifyDevice): a browser the user never approved signs in with a code sent by SMS or e-mail.

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
  const t = messageTexts();
  const text = t('messages.deviceApproval.text', { code });
  if (method.type === 'sms') await messages.sendSms({ to: method.to, text, purpose: 'deviceApproval' });
  else await messages.sendEmail({ to: method.to, subject: t('messages.deviceApproval.subject'), text, purpose: 'deviceApproval' });
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
