import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { SignedInUser } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { CODE_ATTEMPTS, codeMatches, hashCode, newCode } from '../registration/one-time-codes.ts';
import type { KeyedText } from '../i18n/texts.ts';
import { RpcRefusal, type RefusalFieldError } from '../rpc/response-codes.ts';
import { revokeUserSessions } from './revoke-sessions.ts';
import { messageTexts } from '../i18n/request-language.ts';
import { notifyCustomer } from '../notifications/notifications.ts';

/** A confirmation code for a password change works for 10 minutes. */
export const CHANGE_CODE_SECONDS = 10 * 60;

/** At most this many change requests per user and hour (each costs a password check and an e-mail). */
export const CHANGES_PER_HOUR = 5;

/** The outcome messages (document 002 section 4, Activation flows: password change). */
export const PASSWORD_UPDATED = 'Your password has been successfully updated.';
export const CONFIRMATION_CANCELED = 'Confirmation canceled';

/** What the change form sends (document 001 section 7). */
export interface PasswordChange {
  password: string;
  passwordNew: string;
  passwordNewRepeat: string;
}

const maskEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}${'•'.repeat(Math.max(1, name.length - 1))}@${domain}`;
};

/**
 * Asks to change the signed-in user's password: the current password must be right and the new one
 * typed twice and different. Nothing changes yet; a code goes to the user's e-mail and the answer
 * carries the request key the confirmation names.
 *
 * @example
 * const { requestKey } = await requestPasswordChange(db, messages, 'Paxum', user, params);
 */
export async function requestPasswordChange(
  db: Kysely<Database>,
  messages: MessageSender,
  projectName: string,
  user: SignedInUser,
  input: PasswordChange,
): Promise<{ requestKey: string; channel: 'email'; sentTo: string; expiresInSeconds: number }> {
  const { count } = await db
    .selectFrom('password_change_requests')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', user.userId)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (Number(count) >= CHANGES_PER_HOUR) {
    throw new RpcRefusal('VF', { key: 'server.passwords.tooManyRequests' });
  }
  const row = await db.selectFrom('users').select(['password_hash', 'email']).where('id', '=', user.userId).executeTakeFirstOrThrow();
  const problems: RefusalFieldError[] = [];
  if (!(await verifyPassword(row.password_hash, input.password))) problems.push({ field: 'password', key: 'server.passwords.currentWrong' });
  if (input.passwordNew !== input.passwordNewRepeat) problems.push({ field: 'passwordNewRepeat', key: 'server.passwords.repeatDiffers' });
  else if (input.passwordNew === input.password) problems.push({ field: 'passwordNew', key: 'server.passwords.sameAsCurrent' });
  if (problems.length > 0) throw new RpcRefusal('TA1', { validationErrors: problems });

  const requestKey = randomUUID();
  const code = newCode();
  await db
    .insertInto('password_change_requests')
    .values({
      request_key: requestKey,
      user_id: user.userId,
      session_id: user.sessionId,
      new_password_hash: await hashPassword(input.passwordNew),
      code_hash: hashCode(`passwordChange:${requestKey}`, code),
      expires_at: sql<Date>`now() + ${CHANGE_CODE_SECONDS} * interval '1 second'`,
    })
    .execute();
  await messages.sendEmail({
    to: row.email,
    subject: messageTexts()('messages.passwordChange.subject', { project: projectName }),
    text: messageTexts()('messages.passwordChange.text', { code }),
    purpose: 'passwordChange',
  });
  return { requestKey, channel: 'email', sentTo: maskEmail(row.email), expiresInSeconds: CHANGE_CODE_SECONDS };
}

/** The request, locked, if it is this user's; any other key answers 13. */
async function ownRequest(trx: Kysely<Database>, user: SignedInUser, requestKey: string) {
  const request = await trx
    .selectFrom('password_change_requests')
    .select(['request_key', 'new_password_hash', 'code_hash', 'failed_attempts', 'outcome', sql<boolean>`expires_at > now()`.as('fresh')])
    .where('request_key', '=', requestKey)
    .where('user_id', '=', user.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!request) throw new RpcRefusal('13', { key: 'server.passwords.unknownChange' });
  return request;
}

const codeRefusal = (text: KeyedText) => new RpcRefusal('VF', { ...text, validationErrors: [{ field: 'code', ...text }] });

/**
 * Confirms a password change with the e-mailed code: the new password replaces the old one and every
 * other session of the user ends (this one stays signed in). Wrong codes count; after 5 the request
 * fails and must be started again.
 *
 * @example
 * const { message } = await confirmPasswordChange(db, user, { requestKey, code });
 */
export async function confirmPasswordChange(
  db: Kysely<Database>,
  user: SignedInUser,
  input: { requestKey: string; code: string },
): Promise<{ message: string }> {
  const outcome = await db.transaction().execute(async (trx): Promise<{ refused: KeyedText } | { changed: true }> => {
    const request = await ownRequest(trx, user, input.requestKey);
    if (request.outcome === 'changed') return { refused: { key: 'server.passwords.alreadyConfirmed' } };
    if (request.outcome !== null) return { refused: { key: 'server.passwords.cancelledOrFailed' } };
    if (!request.fresh) return { refused: { key: 'server.passwords.codeExpired' } };
    if (!codeMatches(`passwordChange:${request.request_key}`, input.code, request.code_hash)) {
      const attempts = request.failed_attempts + 1;
      const spent = attempts >= CODE_ATTEMPTS;
      await trx
        .updateTable('password_change_requests')
        .set({ failed_attempts: attempts, ...(spent ? { outcome: 'failed' as const } : {}) })
        .where('request_key', '=', request.request_key)
        .execute();
      const left = CODE_ATTEMPTS - attempts;
      return {
        refused: spent
          ? { key: 'server.passwords.tooManyWrong' }
          : left === 1
            ? { key: 'server.activation.wrongOneLeft' }
            : { key: 'server.activation.wrongLeft', values: { left } },
      };
    }
    await trx.updateTable('password_change_requests').set({ outcome: 'changed' }).where('request_key', '=', request.request_key).execute();
    await trx.updateTable('users').set({ password_hash: request.new_password_hash }).where('id', '=', user.userId).execute();
    await revokeUserSessions(trx, user.userId, 'password changed', user.sessionId);
    if (user.customerId !== null) {
      await notifyCustomer(trx, user.customerId, {
        type: 'passwordChanged',
        title: { key: 'server.notifications.passwordChanged.title' },
        body: { key: 'server.notifications.passwordChanged.body' },
      });
    }
    return { changed: true };
  });
  if ('refused' in outcome) throw codeRefusal(outcome.refused);
  return { message: PASSWORD_UPDATED };
}

/**
 * Cancels a password change that waits for its code; the password stays as it was.
 *
 * @example
 * const { message } = await cancelPasswordChange(db, user, requestKey); // 'Confirmation canceled'
 */
export async function cancelPasswordChange(db: Kysely<Database>, user: SignedInUser, requestKey: string): Promise<{ message: string }> {
  await db.transaction().execute(async (trx) => {
    const request = await ownRequest(trx, user, requestKey);
    if (request.outcome === null) {
      await trx.updateTable('password_change_requests').set({ outcome: 'cancelled' }).where('request_key', '=', requestKey).execute();
      if (user.customerId !== null) {
        await notifyCustomer(trx, user.customerId, {
          type: 'passwordChangeCanceled',
          title: { key: 'server.notifications.passwordChangeCanceled.title' },
          body: { key: 'server.notifications.passwordChangeCanceled.body' },
        });
      }
    }
  });
  return { message: CONFIRMATION_CANCELED };
}
