import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { clearFailedAttempts } from '../auth/login-throttle.ts';
import { unlockSecondFactor } from '../auth/second-factor-lock.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { AccountRecoveryStatusResponse } from '../../generated/methods.ts';
import type { Database } from '../db/schema.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { CODE_ATTEMPTS, codeMatches, hashCode, newCode } from '../registration/one-time-codes.ts';
import type { KeyedText } from '../i18n/texts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { revokeUserSessions } from './revoke-sessions.ts';
import { messageTexts } from '../i18n/request-language.ts';

/** A recovery code works for 15 minutes. */
export const RECOVERY_CODE_SECONDS = 15 * 60;

/** At most this many recoveries per address and hour, so nobody floods a mailbox or tries names in bulk. */
export const RECOVERIES_PER_HOUR = 5;

const WRONG_CODE: KeyedText = { key: 'server.recovery.wrongCode' };
const EXPIRED_CODE: KeyedText = { key: 'server.passwords.codeExpired' };
const SPENT_CODE: KeyedText = { key: 'server.recovery.spent' };

/** Why a recovery by personal data was refused. */
export type RejectReason = 'detailsDoNotMatch' | 'noConfirmedPhone';

/** The recovery task as the browser sees it (document 000 section 3, Account recovery form). */
export type RecoveryTaskView = AccountRecoveryStatusResponse;

const maskPhone = (countryCode: string, number: string) => `+${countryCode} ${'•'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;

async function refuseWhenFlooded(db: Kysely<Database>, column: 'email' | 'recovery_email', address: string): Promise<void> {
  const { count } = await db
    .selectFrom('recovery_tasks')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(column, '=', address)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (Number(count) >= RECOVERIES_PER_HOUR) throw new RpcRefusal('VF', { key: 'server.recovery.tooMany' });
}

/**
 * Starts a recovery by e-mail: a task, and a code e-mailed when the address has an account. The answer
 * is the same either way (a task id and the code's lifetime), so nobody learns which addresses have
 * accounts; a task without an account simply never accepts a code.
 *
 * @example
 * const task = await requestRecoveryByEmail(db, messages, 'Paxum', 'personal@example.com');
 */
export async function requestRecoveryByEmail(db: Kysely<Database>, messages: MessageSender, projectName: string, address: string): Promise<RecoveryTaskView> {
  const email = address.toLowerCase();
  await refuseWhenFlooded(db, 'email', email);
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  const taskId = randomUUID();
  const code = newCode();
  await db
    .insertInto('recovery_tasks')
    .values({
      id: taskId,
      user_id: user?.id ?? null,
      channel: 'email',
      email,
      verification_status: 'codeSent',
      code_hash: user ? hashCode(`recovery:${taskId}`, code) : null,
      code_expires_at: sql<Date>`now() + ${RECOVERY_CODE_SECONDS} * interval '1 second'`,
    })
    .execute();
  if (user)
    await messages.sendEmail({
      to: email,
      subject: messageTexts()('messages.recovery.subject', { project: projectName }),
      text: messageTexts()('messages.recovery.text', { project: projectName, code }),
      purpose: 'recovery',
    });
  return { taskId, channel: 'email', verificationStatus: 'codeSent', isRetryable: false, codeExpiresInSeconds: RECOVERY_CODE_SECONDS };
}

/** Personal data of someone who can no longer read the e-mail of their account. */
export interface PersonalDataRecovery {
  firstName: string;
  lastName: string;
  dob: string;
  /** Where we write to them about this recovery. */
  recoveryEmail: string;
}

/**
 * Starts a recovery for someone who lost the e-mail: the personal data must match exactly one
 * personal customer, and the code then goes by SMS to that customer's confirmed primary phone, a
 * channel the account holder still has. Otherwise the task is rejected: details that match no
 * account may be retried (within the hourly limit), an account without a confirmed phone needs
 * support. The recovery e-mail is told the outcome.
 *
 * @example
 * const task = await requestRecoveryByPersonalData(db, messages, 'Paxum', { firstName, lastName, dob, recoveryEmail });
 */
export async function requestRecoveryByPersonalData(
  db: Kysely<Database>,
  messages: MessageSender,
  projectName: string,
  input: PersonalDataRecovery,
): Promise<RecoveryTaskView> {
  const recoveryEmail = input.recoveryEmail.toLowerCase();
  await refuseWhenFlooded(db, 'recovery_email', recoveryEmail);
  const matches = await db
    .selectFrom('customers as c')
    .innerJoin('users as u', 'u.customer_id', 'c.id')
    .select(['u.id as user_id', 'c.id as customer_id'])
    .where('c.type', '=', 'personal')
    .where(sql<boolean>`lower(c.first_name) = ${input.firstName.trim().toLowerCase()}`)
    .where(sql<boolean>`lower(c.last_name) = ${input.lastName.trim().toLowerCase()}`)
    .where('c.birth_day', '=', input.dob)
    .limit(2)
    .execute();
  const match = matches.length === 1 ? matches[0]! : undefined;
  const phone = match
    ? await db
        .selectFrom('phones')
        .select(['country_code', 'number'])
        .where('customer_id', '=', match.customer_id)
        .where('status', '=', 'Primary')
        .where('confirmed', '=', true)
        .executeTakeFirst()
    : undefined;
  const rejectReason: RejectReason | null = !match ? 'detailsDoNotMatch' : !phone ? 'noConfirmedPhone' : null;

  const taskId = randomUUID();
  const code = newCode();
  const maskedPhone = phone ? maskPhone(phone.country_code, phone.number) : null;
  await db
    .insertInto('recovery_tasks')
    .values({
      id: taskId,
      user_id: match?.user_id ?? null,
      channel: 'personalData',
      recovery_email: recoveryEmail,
      verification_status: rejectReason ? 'rejected' : 'codeSent',
      reject_reason: rejectReason,
      is_retryable: rejectReason === 'detailsDoNotMatch',
      masked_phone: rejectReason ? null : maskedPhone,
      code_hash: rejectReason ? null : hashCode(`recovery:${taskId}`, code),
      code_expires_at: sql<Date>`now() + ${RECOVERY_CODE_SECONDS} * interval '1 second'`,
    })
    .execute();
  if (!rejectReason && phone) {
    await messages.sendSms({
      to: `${phone.country_code}${phone.number}`,
      text: messageTexts()('messages.recovery.sms', { project: projectName, code }),
      purpose: 'recovery',
    });
  }
  const t = messageTexts();
  await messages.sendEmail({
    to: recoveryEmail,
    subject: t('messages.recovery.requestSubject', { project: projectName }),
    text: rejectReason
      ? t('messages.recovery.requestRejected', { project: projectName })
      : t('messages.recovery.requestSmsSent', { project: projectName, phone: maskedPhone ?? '' }),
    purpose: 'recovery',
  });
  return recoveryStatus(db, taskId);
}

/**
 * Where a recovery task stands. An unknown id answers 13 (no such task for this caller).
 *
 * @example
 * const { verificationStatus } = await recoveryStatus(db, taskId);
 */
export async function recoveryStatus(db: Kysely<Database>, taskId: string): Promise<RecoveryTaskView> {
  const task = await db
    .selectFrom('recovery_tasks')
    .select([
      'id',
      'channel',
      'verification_status',
      'reject_reason',
      'is_retryable',
      'masked_phone',
      sql<number>`greatest(0, extract(epoch from (code_expires_at - now()))::int)`.as('left'),
    ])
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!task) throw new RpcRefusal('13', { key: 'server.recovery.unknown' });
  return {
    taskId: task.id,
    channel: task.channel,
    verificationStatus: task.verification_status,
    ...(task.reject_reason ? { rejectReason: task.reject_reason as RejectReason } : {}),
    isRetryable: task.is_retryable,
    ...(task.masked_phone ? { maskedPhone: task.masked_phone } : {}),
    codeExpiresInSeconds: task.left,
  };
}

const codeRefusal = (text: KeyedText) => new RpcRefusal('VF', { ...text, validationErrors: [{ field: 'code', ...text }] });

/**
 * Checks a recovery code on the locked task row; with `newPassword` it also spends the code, sets the
 * password, ends every session of the user and lifts the sign-in slowdown and any second-factor lock. Wrong codes count; after 5
 * the task is spent. Resolves with the user's login when a password was changed.
 */
async function useRecoveryCode(db: Kysely<Database>, taskId: string, code: string, newPassword?: string): Promise<string | undefined> {
  const passwordHash = newPassword === undefined ? undefined : await hashPassword(newPassword);
  const outcome = await db.transaction().execute(async (trx): Promise<{ refused: KeyedText } | { checked: true } | { login: string }> => {
    const task = await trx
      .selectFrom('recovery_tasks')
      .select(['id', 'user_id', 'code_hash', 'failed_attempts', 'used_at', 'verification_status', sql<boolean>`code_expires_at > now()`.as('fresh')])
      .where('id', '=', taskId)
      .forUpdate()
      .executeTakeFirst();
    if (!task || task.used_at !== null || task.verification_status !== 'codeSent') return { refused: WRONG_CODE };
    if (task.failed_attempts >= CODE_ATTEMPTS) return { refused: SPENT_CODE };
    if (!task.fresh) return { refused: EXPIRED_CODE };
    if (!task.user_id || !codeMatches(`recovery:${task.id}`, code, task.code_hash)) {
      const attempts = task.failed_attempts + 1;
      await trx.updateTable('recovery_tasks').set({ failed_attempts: attempts }).where('id', '=', task.id).execute();
      const left = CODE_ATTEMPTS - attempts;
      return {
        refused: left > 1 ? { key: 'server.activation.wrongLeft', values: { left } } : left === 1 ? { key: 'server.activation.wrongOneLeft' } : SPENT_CODE,
      };
    }
    if (passwordHash === undefined) return { checked: true };
    await trx
      .updateTable('recovery_tasks')
      .set({ used_at: sql`now()`, verification_status: 'completed' })
      .where('id', '=', task.id)
      .execute();
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', task.user_id)
      .returning('email')
      .executeTakeFirstOrThrow();
    await revokeUserSessions(trx, task.user_id, 'password recovered');
    // The user proved who they are: second-factor sign-in, locked by wrong codes, opens again.
    await unlockSecondFactor(trx, task.user_id);
    // Every other open recovery of this user ends here too: one of them was enough.
    await trx
      .updateTable('recovery_tasks')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', task.user_id)
      .where('used_at', 'is', null)
      .execute();
    return { login: user.email };
  });
  if ('refused' in outcome) throw codeRefusal(outcome.refused);
  if ('login' in outcome) {
    await clearFailedAttempts(db, outcome.login);
    return outcome.login;
  }
  return undefined;
}

/**
 * The code check step: is this the code we sent? Counts a wrong try; spends nothing on a right one.
 *
 * @example
 * await checkRecoveryCode(db, taskId, '048213');
 */
export async function checkRecoveryCode(db: Kysely<Database>, taskId: string, code: string): Promise<void> {
  await useRecoveryCode(db, taskId, code);
}

/**
 * Change with code: sets the new password, ends every session of the account, and tells the account's
 * e-mail that the password changed.
 *
 * @example
 * await changePasswordWithCode(db, messages, 'Paxum', { taskId, code, password });
 */
export async function changePasswordWithCode(
  db: Kysely<Database>,
  messages: MessageSender,
  projectName: string,
  input: { taskId: string; code: string; password: string },
): Promise<void> {
  const login = await useRecoveryCode(db, input.taskId, input.code, input.password);
  if (login) {
    await messages.sendEmail({
      to: login,
      subject: messageTexts()('messages.passwordChanged.subject', { project: projectName }),
      text: messageTexts()('messages.passwordChanged.text', { project: projectName }),
      purpose: 'passwordChanged',
    });
  }
}
