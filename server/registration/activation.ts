import { sql, type Kysely } from 'kysely';
import type { LoginPolicy } from '../auth/login-attempt.ts';
import type { Database } from '../db/schema.ts';
import type { MessageSender } from '../messaging/messages.ts';
import type { KeyedText } from '../i18n/texts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { releaseEscrowFor } from '../transfers/escrow.ts';
import { activationEmail, ACTIVATION_CODE_SECONDS } from './registration.ts';
import { CODE_ATTEMPTS, codeMatches, hashCode, newCode } from './one-time-codes.ts';
import { requestTexts } from '../i18n/request-language.ts';
import { hashPassword } from '../auth/passwords.ts';

/** A new activation code may be asked for once a minute. */
export const RESEND_COOLDOWN_SECONDS = 60;

const WRONG_CODE: KeyedText = { key: 'server.activation.wrongCode' };
const EXPIRED_CODE: KeyedText = { key: 'server.activation.expired' };
const SPENT_CODE: KeyedText = { key: 'server.activation.spent' };

const codeRefusal = (text: KeyedText) => new RpcRefusal('VF', { ...text, validationErrors: [{ field: 'activationCode', ...text }] });

/**
 * Checks an activation code and activates the account; resolves with the user id to sign in. The
 * code works once, for 24 hours, and survives 5 wrong tries; an unknown or already active login
 * gets the same answer as a wrong code. Everything is decided on the locked row, so two tries at
 * the same moment count as two. A business's user, created without a password, sets `password`
 * here (refused TA1 on password without one, the code left untouched).
 *
 * @example
 * const userId = await activateAccount(db, 'new@example.com', '048213');
 */
export async function activateAccount(db: Kysely<Database>, username: string, activationCode: string, password?: string): Promise<number> {
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const outcome = await db.transaction().execute(async (trx): Promise<{ refused: KeyedText } | { userId: number }> => {
    const row = await trx
      .selectFrom('registrations as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.user_id',
        'r.activation_code_hash',
        'r.failed_attempts',
        'r.activated_at',
        'r.needs_password',
        sql<boolean>`r.code_expires_at > now()`.as('fresh'),
      ])
      .where('u.email', '=', username.toLowerCase())
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.activated_at !== null) return { refused: WRONG_CODE };
    if (row.needs_password && passwordHash === undefined) {
      throw new RpcRefusal('TA1', { validationErrors: [{ field: 'password', key: 'server.business.choosePassword' }] });
    }
    if (row.failed_attempts >= CODE_ATTEMPTS) return { refused: SPENT_CODE };
    if (!row.fresh) return { refused: EXPIRED_CODE };
    if (!codeMatches(`activation:${row.user_id}`, activationCode, row.activation_code_hash)) {
      const attempts = row.failed_attempts + 1;
      await trx.updateTable('registrations').set({ failed_attempts: attempts }).where('user_id', '=', row.user_id).execute();
      const left = CODE_ATTEMPTS - attempts;
      return {
        refused: left > 1 ? { key: 'server.activation.wrongLeft', values: { left } } : left === 1 ? { key: 'server.activation.wrongOneLeft' } : SPENT_CODE,
      };
    }
    await trx
      .updateTable('registrations')
      .set({ activated_at: sql`now()` })
      .where('user_id', '=', row.user_id)
      .execute();
    if (row.needs_password && passwordHash !== undefined) {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', row.user_id).execute();
    }
    await releaseEscrowFor(trx, row.user_id); // p2p money sent to this e-mail before it registered lands now
    return { userId: row.user_id };
  });
  if ('refused' in outcome) throw codeRefusal(outcome.refused);
  return outcome.userId;
}

/**
 * Sends a new activation code (the old one stops working) once the minute since the last one has
 * passed. For a login that has nothing to activate it answers the same and sends nothing.
 *
 * @example
 * const { resendAfterSeconds } = await resendActivationCode(db, messages, 'https://bank.example', 'Paxum', 'new@example.com');
 */
export async function resendActivationCode(
  db: Kysely<Database>,
  messages: MessageSender,
  linkBase: string,
  projectName: string,
  username: string,
): Promise<{ resendAfterSeconds: number }> {
  const email = username.toLowerCase();
  const code = newCode();
  const sent = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('registrations as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.user_id', 'r.activated_at', sql<number>`extract(epoch from (now() - r.code_sent_at))::int`.as('since')])
      .where('u.email', '=', email)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.activated_at !== null) return false;
    if (row.since < RESEND_COOLDOWN_SECONDS) {
      const wait = RESEND_COOLDOWN_SECONDS - row.since;
      throw new RpcRefusal('VF', {
        key: 'server.activation.resendWait',
        values: { wait },
        extra: { resendAfterSeconds: wait },
      });
    }
    await trx
      .updateTable('registrations')
      .set({
        activation_code_hash: hashCode(`activation:${row.user_id}`, code),
        code_expires_at: sql<Date>`now() + ${ACTIVATION_CODE_SECONDS} * interval '1 second'`,
        code_sent_at: sql<Date>`now()`,
        failed_attempts: 0,
      })
      .where('user_id', '=', row.user_id)
      .execute();
    return true;
  });
  if (sent) await messages.sendEmail(activationEmail(linkBase, projectName, email, code));
  return { resendAfterSeconds: RESEND_COOLDOWN_SECONDS };
}

/**
 * Sign-in policy: a registered account signs in only once activated. Runs after a correct password,
 * so it tells nothing to someone who does not know the password.
 *
 * @example
 * export const loginPolicies: LoginPolicy[] = [ipAllowList, activationRequired, pendingTerms];
 */
export const activationRequired: LoginPolicy = async ({ db, userId, login }) => {
  const pending = await db
    .selectFrom('registrations')
    .select(['user_id', 'needs_password'])
    .where('user_id', '=', userId)
    .where('activated_at', 'is', null)
    .executeTakeFirst();
  if (!pending) return null;
  return {
    status: 403,
    body: {
      message: requestTexts()('server.signin.activateFirst'),
      activationRequired: true,
      // A business's user without a password yet chooses one on the employee activation.
      activationPath: `${pending.needs_password ? '/activate-employee' : '/activate'}?username=${encodeURIComponent(login)}`,
    },
  };
};
