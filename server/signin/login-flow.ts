import { sql, type Kysely } from 'kysely';
import { newOpaqueToken } from '../auth/opaque-tokens.ts';
import { issueAuthorizationCode, smsSalt, type SecondFactorCheck } from '../auth/authorization-codes.ts';
import { verifyTotp } from '../auth/totp.ts';
import type { Database } from '../db/schema.ts';
import type { MessageSender } from '../messaging/messages.ts';
import type { PushSender } from '../push/push-sender.ts';
import { startPushChallenge } from '../push/challenges.ts';
import { browserApproved, startDeviceChallenge } from './device-approval.ts';
import { codeMatches, hashCode, maskPhone, numericCode, smsIdentifier } from '../auth/codes.ts';
import { messageTexts } from '../i18n/request-language.ts';
import { requestTexts } from '../i18n/request-language.ts';

/** A migration the user is asked to make at sign-in (document 000 section 4). */
export interface MigrationRequirement {
  type: 'none' | 'soft' | 'strict';
  /** Soft only: days until it becomes strict. */
  daysLeft?: number;
  strategy?: 'migrate' | 'enablePush';
}

/** What /auth/login answers after a right password and passed policies. */
export type LoginAnswer =
  | { authFlow: 'simple'; code: string }
  | { authFlow: 'otp'; code: string }
  | { authFlow: 'sms'; code: string; phone: string; smsId: string }
  | { authFlow: 'push'; key: string; devices: { id: number; name: string; type: string }[]; qrLink: string }
  | { authFlow: 'verifyDevice'; key: string; userId: number; deviceId: number };

/** A sign-in that cannot go on: the user's second factor is not usable. */
export interface FlowRefusal {
  refused: string;
}

/** What choosing the flow needs from the request. */
export interface FlowRequest {
  userId: number;
  client: string;
  codeChallenge: string;
  /** The browser's cookie token (new-device approval). */
  browserToken: string;
  browserName: string;
  /** Where the phone app opens a push approval (the QR code's link), given the confirm key. */
  approvalLink(confirmKey: string): string;
  messages: MessageSender;
  push: PushSender;
}

/**
 * The user's sign-in settings: the second factor (users.login_2fa_mode: 'no', 'otp', 'sms' or
 * 'push'), new-device approval, and whether an authenticator is enrolled.
 */
async function signInSettings(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('phones', (join) =>
      join.onRef('phones.customer_id', '=', 'users.customer_id').on('phones.status', '=', 'Primary').on('phones.confirmed', '=', true),
    )
    .select(['users.login_2fa_mode', 'users.device_approval', 'users.totp_secret', 'phones.country_code', 'phones.number'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/**
 * Decides which login flow follows a right password (document 000 section 4), in this order:
 * - verifyDevice: new-device approval is on and this browser was never approved;
 * - otp: an authenticator is enrolled and the second factor is 'otp' (the code is exchanged with it);
 * - sms: the second factor is 'sms': a 6-digit code goes to the primary confirmed phone;
 * - push: the second factor is 'push': every linked device gets an approval request;
 * - simple: otherwise.
 * A second factor that is on but cannot be used (no phone, no device) refuses the sign-in rather
 * than falling back to the password alone.
 *
 * @example
 * const answer = await chooseLoginFlow(db, { userId, client, codeChallenge, … });
 */
export async function chooseLoginFlow(db: Kysely<Database>, request: FlowRequest): Promise<LoginAnswer | FlowRefusal> {
  const settings = await signInSettings(db, request.userId);
  const start = { userId: request.userId, client: request.client, codeChallenge: request.codeChallenge };

  if (settings.device_approval && !(await browserApproved(db, request.userId, request.browserToken))) {
    const { key, deviceId } = await startDeviceChallenge(db, start, request.browserToken, request.browserName);
    return { authFlow: 'verifyDevice', key, userId: request.userId, deviceId };
  }

  switch (settings.login_2fa_mode) {
    case 'otp': {
      if (!settings.totp_secret) return { refused: requestTexts()('server.signin.noAuthenticator') };
      return { authFlow: 'otp', code: await issueAuthorizationCode(db, { ...start, secondFactor: 'otp' }) };
    }
    case 'sms': {
      if (!settings.country_code || !settings.number) return { refused: requestTexts()('server.signin.noPhone') };
      const code = newOpaqueToken();
      const smsCode = numericCode();
      const smsId = smsIdentifier();
      await issueAuthorizationCode(db, { ...start, secondFactor: 'sms', smsCodeHash: hashCode(smsCode, smsSalt(code)) }, code);
      await request.messages.sendSms({
        to: `${settings.country_code}${settings.number}`,
        text: messageTexts()('messages.loginSms.text', { code: smsCode, id: smsId }),
        purpose: 'loginSms',
      });
      return { authFlow: 'sms', code, phone: maskPhone(settings.country_code, settings.number), smsId };
    }
    case 'push': {
      const linked = await db.selectFrom('devices').select('id').where('user_id', '=', request.userId).limit(1).executeTakeFirst();
      if (!linked) return { refused: requestTexts()('server.signin.noDevice') };
      const { key, confirmKey, devices } = await startPushChallenge(db, request.push, start, request.browserName);
      return { authFlow: 'push', key, devices, qrLink: request.approvalLink(confirmKey) };
    }
    default:
      return { authFlow: 'simple', code: await issueAuthorizationCode(db, start) };
  }
}

/**
 * The migration requirement of a user, or undefined when there is none. A soft requirement whose
 * deadline passed is strict.
 *
 * @example
 * await migrationRequirement(db, userId); // { type: 'soft', daysLeft: 12, strategy: 'enablePush' }
 */
export async function migrationRequirement(db: Kysely<Database>, userId: number): Promise<MigrationRequirement | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['migration_type', 'migration_strategy', sql<number | null>`ceil(extract(epoch from migration_deadline - now()) / 86400)::integer`.as('days_left')])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (row.migration_type === 'none') return undefined;
  const strategy = row.migration_strategy ?? 'enablePush';
  if (row.migration_type === 'strict' || (row.days_left !== null && row.days_left <= 0)) return { type: 'strict', strategy };
  return { type: 'soft', daysLeft: row.days_left ?? 0, strategy };
}

/**
 * The second-factor check /auth/token uses: an authenticator code whose time step is newer than the
 * last one used (stored in the same statement, so a code works once), or the SMS code sent.
 *
 * @example
 * await redeemWithSecondFactor(db, code, verifier, { otp, check: secondFactorCheck(code) });
 */
export function secondFactorCheck(authorizationCode: string): SecondFactorCheck {
  return async (factor, row, otp, db) => {
    if (factor === 'sms') return codeMatches(otp, smsSalt(authorizationCode), row.smsCodeHash);
    const user = await db.selectFrom('users').select(['totp_secret', 'totp_last_step']).where('id', '=', row.userId).executeTakeFirst();
    if (!user?.totp_secret) return false;
    const step = verifyTotp(user.totp_secret, otp, { notAfterStep: user.totp_last_step });
    if (step === null) return false;
    const used = await db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', row.userId)
      .where((where) => where.or([where('totp_last_step', 'is', null), where('totp_last_step', '<', step)]))
      .returning('id')
      .executeTakeFirst();
    return used !== undefined;
  };
}
