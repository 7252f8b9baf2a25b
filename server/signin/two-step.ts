import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { sql, type Kysely } from 'kysely';
import { revokeSession } from '../auth/sessions.ts';
import { newTotpSecret, totpUri, verifyTotp } from '../auth/totp.ts';
import type { Database } from '../db/schema.ts';
import type { MessageSender } from '../messaging/messages.ts';
import type { PushSender } from '../push/push-sender.ts';
import { pushTargets } from '../devices/devices.ts';
import { codeMatches, hashCode, maskEmail, maskPhone, MAX_CODE_ATTEMPTS, numericCode, ONE_TIME_CODE_SECONDS } from '../auth/codes.ts';
import { messageTexts, requestTexts } from '../i18n/request-language.ts';

/** Transaction approval modes (document 001 section 3): 1 push, 2 sms, 3 otp, 4 approval code. */
export const TRANSACTION_MODES = { 1: 'push', 2: 'sms', 3: 'otp', 4: 'approvalCode' } as const;
/** Sign-in second factors (users.login_2fa_mode); 'no' means two-factor sign-in is off. */
export const LOGIN_MODES = ['no', 'otp', 'sms', 'push'] as const;

export type ConfirmBy = 'otp' | 'sms' | 'email' | 'push' | 'enrolOtp';
/** A change asked for: the transaction approval mode, or the sign-in second factor. */
export type TwoStepChange = { setting: 'mode'; value: 1 | 2 | 3 | 4 } | { setting: 'typeMode'; value: (typeof LOGIN_MODES)[number] };

/** Someone's two-step state as the settings screen shows it. */
export interface TwoStepState {
  mode: number | null;
  typeMode: string;
  otpEnrolled: boolean;
  deviceApproval: boolean;
  devices: number;
  phone: string | null;
}

/** A refusal the settings screen shows on the field it names. */
export class TwoStepRefusal extends Error {
  constructor(
    message: string,
    readonly field?: string,
    readonly status = 400,
    readonly attemptsLeft?: number,
  ) {
    super(message);
  }
}

async function userState(db: Kysely<Database>, userId: number) {
  const user = await db
    .selectFrom('users')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .leftJoin('phones', (join) =>
      join.onRef('phones.customer_id', '=', 'users.customer_id').on('phones.status', '=', 'Primary').on('phones.confirmed', '=', true),
    )
    .select([
      'users.email',
      'users.customer_id',
      'users.login_2fa_mode',
      'users.totp_secret',
      'users.totp_last_step',
      'users.device_approval',
      'customers.transaction_approve_mode',
      'phones.country_code',
      'phones.number',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  const devices = await pushTargets(db, userId);
  return { ...user, devices };
}

/**
 * The user's two-step settings.
 *
 * @example
 * await twoStepState(db, userId); // { mode: 2, typeMode: 'no', otpEnrolled: false, … }
 */
export async function twoStepState(db: Kysely<Database>, userId: number): Promise<TwoStepState> {
  const user = await userState(db, userId);
  return {
    mode: user.transaction_approve_mode,
    typeMode: user.login_2fa_mode,
    otpEnrolled: user.totp_secret !== null,
    deviceApproval: user.device_approval,
    devices: user.devices.length,
    phone: user.country_code && user.number ? maskPhone(user.country_code, user.number) : null,
  };
}

type UserState = Awaited<ReturnType<typeof userState>>;

/**
 * How a change is confirmed: by a code through the method in use now. For the transaction approval
 * mode that is the current mode (push, sms, otp; approval codes come by e-mail); for the sign-in
 * factor the current factor, or by SMS (else e-mail) while two-factor sign-in is off. Turning on an
 * authenticator that is not enrolled yet is confirmed by the new app's first code instead.
 */
export function confirmMethod(
  user: Pick<UserState, 'login_2fa_mode' | 'totp_secret' | 'transaction_approve_mode' | 'country_code' | 'devices'>,
  change: TwoStepChange,
): ConfirmBy {
  const wantsOtp = (change.setting === 'typeMode' && change.value === 'otp') || (change.setting === 'mode' && change.value === 3);
  if (wantsOtp && !user.totp_secret) return 'enrolOtp';
  const current =
    change.setting === 'mode'
      ? user.transaction_approve_mode
        ? TRANSACTION_MODES[user.transaction_approve_mode as 1 | 2 | 3 | 4]
        : 'no'
      : user.login_2fa_mode;
  if (current === 'otp' && user.totp_secret) return 'otp';
  if (current === 'push' && user.devices.length > 0) return 'push';
  if (current === 'approvalCode') return 'email';
  return user.country_code ? 'sms' : 'email';
}

const salt = (reqId: string) => `twostep:${reqId}`;

/**
 * Whether a new sign-in factor fulfils the user's migration: 'enablePush' asks for push sign-in,
 * 'migrate' for any second factor.
 *
 * @example
 * fulfilsMigration('otp', 'migrate'); // true
 * fulfilsMigration('otp', 'enablePush'); // false
 */
export function fulfilsMigration(value: string, strategy: 'migrate' | 'enablePush' | null): boolean {
  if (strategy === 'enablePush') return value === 'push';
  if (strategy === 'migrate') return value !== 'no';
  return false;
}

/**
 * Starts a change of a two-step setting: checks it is possible, creates the request and sends the
 * confirmation code (or, for an authenticator, makes the secret and its QR code).
 *
 * @example
 * const started = await requestTwoStepChange(db, adapters, userId, { setting: 'typeMode', value: 'otp' }, 'Paxum');
 * started.enrolment?.qrSvg; // '<svg …'
 */
export async function requestTwoStepChange(
  db: Kysely<Database>,
  adapters: { messages: MessageSender; push: PushSender },
  userId: number,
  change: TwoStepChange,
  issuer: string,
) {
  const user = await userState(db, userId);
  const target = change.setting === 'mode' ? TRANSACTION_MODES[change.value] : change.value;
  if (change.setting === 'mode' && user.customer_id === null) throw new TwoStepRefusal(requestTexts()('server.twoStep.noCustomer'), 'mode');
  if (target === 'push' && user.devices.length === 0) throw new TwoStepRefusal(requestTexts()('server.twoStep.linkDevice'), change.setting);
  if (target === 'sms' && !user.country_code) throw new TwoStepRefusal(requestTexts()('server.twoStep.addPhone'), change.setting);
  const current = change.setting === 'mode' ? user.transaction_approve_mode : user.login_2fa_mode;
  if (String(current) === String(change.value)) throw new TwoStepRefusal(requestTexts()('server.twoStep.alreadySet'), change.setting);

  const confirmBy = confirmMethod(user, change);
  const reqId = randomUUID();
  const code = numericCode();
  const secret = confirmBy === 'enrolOtp' ? newTotpSecret() : null;
  await db
    .insertInto('two_step_requests')
    .values({
      id: reqId,
      user_id: userId,
      setting: change.setting,
      value: String(change.value),
      confirm_by: confirmBy,
      code_hash: ['sms', 'email', 'push'].includes(confirmBy) ? hashCode(code, salt(reqId)) : null,
      totp_secret: secret,
      expires_at: sql<Date>`now() + ${ONE_TIME_CODE_SECONDS} * interval '1 second'`,
      used_at: null,
    })
    .execute();

  const t = messageTexts();
  const text = t('messages.twoStep.text', { code });
  let destination: string | undefined;
  if (confirmBy === 'sms') {
    await adapters.messages.sendSms({ to: `${user.country_code}${user.number}`, text, purpose: 'twoStepChange' });
    destination = maskPhone(user.country_code!, user.number!);
  } else if (confirmBy === 'email') {
    await adapters.messages.sendEmail({ to: user.email, subject: t('messages.twoStep.subject'), text, purpose: 'twoStepChange' });
    destination = maskEmail(user.email);
  } else if (confirmBy === 'push') {
    for (const device of user.devices) {
      await adapters.push.send({ device, title: t('messages.twoStep.pushTitle'), body: text, data: { type: 'code', code } });
    }
    destination = user.devices.map((device) => device.name).join(', ');
  }
  const enrolment = secret
    ? await (async () => {
        const uri = totpUri({ issuer, account: user.email, secret });
        return { secret, uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
      })()
    : undefined;
  return { reqId, confirmBy, ...(destination ? { destination } : {}), ...(enrolment ? { enrolment } : {}) };
}

/**
 * Confirms a change with its code. A wrong code counts an attempt and the fifth burns the request.
 * Applied: the setting changes; a new sign-in factor also ends every session of the user (the
 * caller gets a fresh one from the route) and may fulfil the user's migration requirement.
 * Answers the applied change, or throws a TwoStepRefusal.
 */
export async function confirmTwoStepChange(db: Kysely<Database>, userId: number, reqId: string, code: string): Promise<TwoStepChange> {
  const outcome = await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('two_step_requests')
      .selectAll()
      .where('id', '=', reqId)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!request) return { refused: new TwoStepRefusal(requestTexts()('server.signin.twoStepRequestOver'), 'code', 404) };
    const user = await trx
      .selectFrom('users')
      .select(['customer_id', 'totp_secret', 'totp_last_step', 'migration_strategy'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

    let right = false;
    let totpStep: number | null = null;
    if (request.confirm_by === 'otp' || request.confirm_by === 'enrolOtp') {
      const secret = request.confirm_by === 'otp' ? user.totp_secret : request.totp_secret;
      totpStep = secret ? verifyTotp(secret, code, { notAfterStep: request.confirm_by === 'otp' ? user.totp_last_step : null }) : null;
      right = totpStep !== null;
    } else {
      right = codeMatches(code, salt(reqId), request.code_hash);
    }
    if (!right) {
      const failed = request.failed_attempts + 1;
      const burnt = failed >= MAX_CODE_ATTEMPTS;
      await trx
        .updateTable('two_step_requests')
        .set({ failed_attempts: failed, ...(burnt ? { used_at: new Date() } : {}) })
        .where('id', '=', reqId)
        .execute();
      const left = MAX_CODE_ATTEMPTS - failed;
      const t = requestTexts();
      const message = burnt ? t('server.twoStep.tooManyWrong') : left === 1 ? t('server.signin.wrongCodeOneLeft') : t('server.signin.wrongCodeLeft', { left });
      return { refused: burnt ? new TwoStepRefusal(message, 'code', 404) : new TwoStepRefusal(message, 'code', 403, MAX_CODE_ATTEMPTS - failed) };
    }

    await trx.updateTable('two_step_requests').set({ used_at: new Date() }).where('id', '=', reqId).execute();
    if (request.confirm_by === 'enrolOtp')
      await trx.updateTable('users').set({ totp_secret: request.totp_secret, totp_last_step: totpStep }).where('id', '=', userId).execute();
    else if (request.confirm_by === 'otp') await trx.updateTable('users').set({ totp_last_step: totpStep }).where('id', '=', userId).execute();

    if (request.setting === 'mode') {
      const value = Number(request.value) as 1 | 2 | 3 | 4;
      await trx.updateTable('customers').set({ transaction_approve_mode: value }).where('id', '=', user.customer_id!).execute();
      return { change: { setting: 'mode', value } as TwoStepChange };
    }
    const value = request.value as TwoStepChange['value'] & string;
    await trx
      .updateTable('users')
      .set({
        login_2fa_mode: value,
        ...(fulfilsMigration(value, user.migration_strategy) ? { migration_type: 'none' as const, migration_deadline: null } : {}),
      })
      .where('id', '=', userId)
      .execute();
    const sessions = await trx.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    for (const session of sessions) await revokeSession(trx, session.id, 'sign-in factor changed');
    return { change: { setting: 'typeMode', value } as TwoStepChange };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.change;
}
