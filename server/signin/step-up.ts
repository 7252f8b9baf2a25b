import type { KeyedText, TextValues } from '../i18n/texts.ts';
import { createHash } from 'node:crypto';
import { hash as argonHash, verify as argonVerify, type Algorithm } from '@node-rs/argon2';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import { verifyTotp } from '../auth/totp.ts';
import type { Database } from '../db/schema.ts';
import { RefusalToRecord, RpcRefusal } from '../rpc/response-codes.ts';
import { approvalMethods, approveTypeFor, type ApproveType } from './approval-methods.ts';
import { codeMatches, hashCode, maskEmail, maskPhone, MAX_CODE_ATTEMPTS, numericCode, ONE_TIME_CODE_SECONDS } from '../auth/codes.ts';
import { TRANSACTION_MODES } from './two-step.ts';
import { messageTexts } from '../i18n/request-language.ts';

/**
 * A step-up challenge: the second factor asked before one sensitive action (a card secret, an
 * approver's decision that moves money). The first call answers a challenge; the same call again
 * with `confirm: { requestId, approvalCode }` does the action. The code is bound to the action and
 * to the facts it was sent for, lives 5 minutes, is used once, and 5 wrong codes end it.
 */

/** How a step-up challenge is answered: never push, a code is always typed. */
export type StepUpMethod = Exclude<ApproveType, 'push'>;

/** The answer of a first call: the second factor was started. */
export interface StepUpStarted {
  status: 'awaitingConfirmation';
  requestId: string;
  approveType: StepUpMethod;
  approvalSentTo?: string;
  availableApprovalMethods: StepUpMethod[];
  expiresInSeconds: number;
}

/** Who asks, for what, about which facts: the code is bound to all of it. */
export interface StepUpSubject {
  customerId: number;
  userId: number;
  /** What the code allows; a code for one action never opens another. */
  action: string;
  /** The account concerned, when there is one. */
  accountId: number | null;
  /** Facts the code was sent for (request ids and amounts): changed facts need a new code. JSON-able. */
  facts?: unknown;
  /** A secret the code is bound to (a new PIN): bound through Argon2id, never stored in a fast hash. */
  secret?: string;
}

/** How a challenge reads to the person: the message's verb phrase and subject, and the outbox purpose. */
export interface StepUpWording {
  /** Completes "… is your code to ___" (locales/<language>/messages.json), e.g. `{ key: 'messages.stepUp.what.pinShow' }`. */
  what: KeyedText;
  /** The locale key of the e-mail's subject when the code goes by e-mail. */
  emailSubject: string;
  /** The outbox purpose of the message. */
  purpose: string;
  /** The locale key of the refusal of a code sent for something else ('This code was not sent for this card…'), e.g. 'server.stepUp.notForCard'. */
  object: string;
}

/** The field refusals of the second call land on. */
export const CONFIRM_FIELD = 'confirm.approvalCode';

/** At most this many challenges per user and action in STEP_UP_WINDOW_MINUTES: codes are not sent without end. */
export const MAX_CHALLENGES_PER_WINDOW = 10;
export const STEP_UP_WINDOW_MINUTES = 15;

/** Argon2id; the library's const enum cannot be read under isolatedModules. */
const ARGON2ID = 2 as Algorithm;

const salt = (challengeId: bigint | string) => `step-up:${challengeId}`;
/** What a spent challenge keeps instead of its binding (a secret's binding is derived from it). */
const SPENT = 'spent';

type Db = Kysely<Database>;

/** Runs `work` in the open transaction `db` is, or in a new one. */
const inTransaction = <T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);

function plainBinding(subject: StepUpSubject): string {
  return createHash('sha256')
    .update(JSON.stringify([subject.action, subject.accountId, subject.facts ?? null]))
    .digest('base64url');
}

async function binding(subject: StepUpSubject): Promise<string> {
  if (subject.secret === undefined) return plainBinding(subject);
  return argonHash(`${plainBinding(subject)}:${subject.secret}`, { algorithm: ARGON2ID });
}

async function bindingMatches(stored: string, subject: StepUpSubject): Promise<boolean> {
  if (stored === SPENT) return false;
  if (subject.secret === undefined) return stored === plainBinding(subject);
  if (!stored.startsWith('$argon2')) return false;
  return argonVerify(stored, `${plainBinding(subject)}:${subject.secret}`);
}

/**
 * The method the customer's transaction approval mode asks for (2 sms, 3 otp, 4 approval code by
 * e-mail). Push (1) and no mode fall back to sms with a confirmed phone, else an e-mail code: a
 * step-up is never passed without a second factor. A method the user cannot use falls back the same way.
 */
export function chooseMethod(mode: number | null, methods: readonly StepUpMethod[]): StepUpMethod {
  return approveTypeFor(mode === null ? undefined : TRANSACTION_MODES[mode as 1 | 2 | 3 | 4], methods);
}

/**
 * Starts a challenge: earlier open challenges of the same user, account and action end (unless the
 * challenge is bound to facts, such as the requests an approval would send: those end only by use,
 * expiry or five wrong codes, so approving two sets of requests at once works), a code is
 * sent by SMS or e-mail (otp needs none). The message names the action, never a secret. Inside an
 * open transaction pass `afterCommit`, so nothing is sent for a call that rolls back; otherwise the
 * code is sent at once. More than MAX_CHALLENGES_PER_WINDOW challenges of one user and action in
 * the window are refused (AE), so nobody can make the bank send codes without end.
 *
 * @example
 * const started = await startStepUp(db, adapters, { customerId, userId, accountId, action: 'pinShow' }, wording);
 */
export async function startStepUp(
  db: Db,
  adapters: Pick<Adapters, 'messages'>,
  subject: StepUpSubject,
  wording: StepUpWording,
  afterCommit?: (effect: () => Promise<void>) => void,
): Promise<StepUpStarted> {
  const customer = await db.selectFrom('customers').select('transaction_approve_mode').where('id', '=', subject.customerId).executeTakeFirstOrThrow();
  const { methods, user, phone } = await approvalMethods(db, subject.customerId, subject.userId, { push: false });
  const method = chooseMethod(customer.transaction_approve_mode, methods);
  const bound = await binding(subject);
  const code = method === 'otp' ? null : numericCode();

  const inserted = await inTransaction(db, async (trx) => {
    // Counted under a lock on the user, so a burst of calls cannot pass the cap together.
    await trx.selectFrom('users').select('id').where('id', '=', subject.userId).forUpdate().execute();
    const recent = await trx
      .selectFrom('step_up_challenges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', subject.userId)
      .where('action', '=', subject.action)
      .where('created_at', '>', sql<Date>`now() - ${STEP_UP_WINDOW_MINUTES} * interval '1 minute'`)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= MAX_CHALLENGES_PER_WINDOW) {
      throw new RpcRefusal('AE', { key: 'server.codes.tooManyAsked', values: { minutes: STEP_UP_WINDOW_MINUTES } });
    }
    // Expired challenges drop their binding. A new code for the same action and account makes the
    // last one stop working; challenges bound to facts (approvals of other requests) stay open.
    await trx
      .updateTable('step_up_challenges')
      .set({ used_at: new Date(), bound_hash: SPENT })
      .where('user_id', '=', subject.userId)
      .where((eb) => {
        const expired = eb('expires_at', '<=', sql<Date>`now()`);
        if (subject.facts !== undefined || subject.accountId === null) return expired;
        return eb.or([eb.and([eb('action', '=', subject.action), eb('account_id', '=', subject.accountId)]), expired]);
      })
      .where('bound_hash', '!=', SPENT)
      .execute();
    const row = await trx
      .insertInto('step_up_challenges')
      .values({
        customer_id: subject.customerId,
        user_id: subject.userId,
        account_id: subject.accountId,
        action: subject.action,
        bound_hash: bound,
        method,
        code_hash: null,
        expires_at: sql<Date>`now() + ${ONE_TIME_CODE_SECONDS} * interval '1 second'` as never,
        used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (code)
      await trx
        .updateTable('step_up_challenges')
        .set({ code_hash: hashCode(code, salt(row.id)) })
        .where('id', '=', row.id)
        .execute();
    return row;
  });

  const t = messageTexts();
  const text = t('messages.stepUp.text', { code: code ?? '', what: t(wording.what.key, wording.what.values) });
  let approvalSentTo: string | undefined;
  let send: (() => Promise<void>) | undefined;
  if (method === 'sms' && phone) {
    approvalSentTo = maskPhone(phone.country_code, phone.number);
    send = () => adapters.messages.sendSms({ to: `${phone.country_code}${phone.number}`, text, purpose: wording.purpose });
  } else if (method === 'approvalCode') {
    approvalSentTo = maskEmail(user.email);
    send = () => adapters.messages.sendEmail({ to: user.email, subject: t(wording.emailSubject), text, purpose: wording.purpose });
  }
  if (send) {
    if (afterCommit) afterCommit(send);
    else await send();
  }
  return {
    status: 'awaitingConfirmation',
    requestId: String(inserted.id),
    approveType: method,
    ...(approvalSentTo ? { approvalSentTo } : {}),
    availableApprovalMethods: methods,
    expiresInSeconds: ONE_TIME_CODE_SECONDS,
  };
}

const codeRefusal = (key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field: CONFIRM_FIELD, key: `server.codes.${key}`, ...(values ? { values } : {}) }] });

/** Counts one wrong code of an open challenge (ending it at the fifth) and answers the refusal to show. */
async function countWrongCode(db: Db, id: bigint): Promise<RpcRefusal> {
  const counted = await db
    .updateTable('step_up_challenges')
    .set({ failed_attempts: sql<number>`failed_attempts + 1` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('failed_attempts')
    .executeTakeFirst();
  const failed = counted?.failed_attempts ?? MAX_CODE_ATTEMPTS;
  if (failed >= MAX_CODE_ATTEMPTS) {
    await db.updateTable('step_up_challenges').set({ used_at: new Date(), bound_hash: SPENT }).where('id', '=', id).execute();
    return codeRefusal('tooManyWrong');
  }
  const left = MAX_CODE_ATTEMPTS - failed;
  return left === 1 ? codeRefusal('wrongLastAttempt') : codeRefusal('wrongLeft', { left });
}

/**
 * Checks the answer to a challenge and spends it. The challenge must be this user's, for this
 * account and action, with the same facts (and secret), open and not expired. A wrong code counts,
 * even when `db` is a transaction that rolls back (the refusal is a RefusalToRecord); the fifth ends
 * the challenge. Throws a TA1 refusal on `confirm.approvalCode` otherwise; changed facts or secret
 * are refused on `changedField`.
 *
 * @example
 * await confirmStepUp(db, { customerId, userId, accountId, action: 'pinShow' }, { requestId: '12', approvalCode: '123456' }, wording, 'pin');
 */
export async function confirmStepUp(
  db: Db,
  subject: StepUpSubject,
  confirm: { requestId: string; approvalCode: string },
  wording: Pick<StepUpWording, 'object'>,
  changed: { field: string; key: string },
): Promise<void> {
  const id = BigInt(confirm.requestId);
  const challenge = await db.selectFrom('step_up_challenges').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!challenge || challenge.user_id !== subject.userId || challenge.customer_id !== subject.customerId || challenge.account_id !== subject.accountId) {
    throw new RpcRefusal('TA1', {
      validationErrors: [{ field: CONFIRM_FIELD, key: wording.object }],
    });
  }
  if (challenge.action !== subject.action) throw codeRefusal('otherAction');
  if (challenge.used_at) throw codeRefusal('usedOrEnded');
  if (challenge.expires_at.getTime() <= Date.now()) throw codeRefusal('expired');
  if (!(await bindingMatches(challenge.bound_hash, subject))) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: changed.field, key: changed.key }] });
  }

  let right = false;
  if (challenge.method === 'otp') {
    const user = await db.selectFrom('users').select(['totp_secret', 'totp_last_step']).where('id', '=', subject.userId).executeTakeFirstOrThrow();
    const step = user.totp_secret ? verifyTotp(user.totp_secret, confirm.approvalCode, { notAfterStep: user.totp_last_step }) : null;
    if (step !== null) await db.updateTable('users').set({ totp_last_step: step }).where('id', '=', subject.userId).execute();
    right = step !== null;
  } else {
    right = codeMatches(confirm.approvalCode, salt(challenge.id), challenge.code_hash);
  }

  if (!right) {
    if (db.isTransaction) throw new RefusalToRecord((root) => countWrongCode(root, id));
    throw await countWrongCode(db, id);
  }
  // Spent under a condition, so two answers at once cannot both pass.
  const spent = await db
    .updateTable('step_up_challenges')
    .set({ used_at: new Date(), bound_hash: SPENT })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!spent) throw codeRefusal('usedOrEnded');
}
