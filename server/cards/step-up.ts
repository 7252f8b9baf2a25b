import { createHash } from 'node:crypto';
import { hash as argonHash, verify as argonVerify, type Algorithm } from '@node-rs/argon2';
import { sql, type Kysely } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import { verifyTotp } from '../auth/totp.ts';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { approvalMethods, approveTypeFor, type ApproveType } from '../signin/approval-methods.ts';
import { codeMatches, hashCode, maskEmail, maskPhone, MAX_CODE_ATTEMPTS, numericCode, ONE_TIME_CODE_SECONDS } from '../signin/codes.ts';
import { TRANSACTION_MODES } from '../signin/two-step.ts';

/** What a card challenge guards; a code for one action never opens another. */
export type CardSecretAction = 'pinChange' | 'pinShow' | 'detailsReveal';

/** How a card challenge is answered. */
export type CardApproveType = Exclude<ApproveType, 'push'>;

/** The answer of a first call: the second factor was started. */
export interface CardChallengeStarted {
  status: 'awaitingConfirmation';
  requestId: string;
  approveType: CardApproveType;
  approvalSentTo?: string;
  availableApprovalMethods: CardApproveType[];
  expiresInSeconds: number;
}

/** Who asks and for what: the code is bound to all of it. */
export interface CardChallengeSubject {
  customerId: number;
  userId: number;
  accountId: number;
  action: CardSecretAction;
  /** For a PIN change, the new PIN: a code sent for one PIN does not set another. Never stored in the clear. */
  newPin?: string;
}

/** The code field of the second call, where refusals land. */
export const CONFIRM_FIELD = 'confirm.approvalCode';

/** Argon2id; the library's const enum cannot be read under isolatedModules. */
const ARGON2ID = 2 as Algorithm;

const salt = (challengeId: bigint | string) => `card:${challengeId}`;
/** What a spent challenge keeps instead of its binding (the binding of a PIN change is derived from the PIN). */
const SPENT = 'spent';

const WHAT: Record<CardSecretAction, string> = {
  pinChange: 'change your card PIN',
  pinShow: 'show your card PIN',
  detailsReveal: 'show your card details',
};

/** The binding of a challenge without a PIN: action and account, hashed. */
function plainBinding(subject: CardChallengeSubject): string {
  return createHash('sha256').update(JSON.stringify(['card', subject.action, subject.accountId])).digest('base64url');
}

/**
 * The binding of a challenge. For a PIN change it covers the new PIN through Argon2id with its own
 * salt, so the row never holds a hash of a four-digit PIN that a plain hash would give away.
 */
async function binding(subject: CardChallengeSubject): Promise<string> {
  if (subject.action !== 'pinChange') return plainBinding(subject);
  return argonHash(`${plainBinding(subject)}:${subject.newPin ?? ''}`, { algorithm: ARGON2ID });
}

async function bindingMatches(stored: string, subject: CardChallengeSubject): Promise<boolean> {
  if (stored === SPENT) return false;
  if (subject.action !== 'pinChange') return stored === plainBinding(subject);
  if (!stored.startsWith('$argon2')) return false;
  return argonVerify(stored, `${plainBinding(subject)}:${subject.newPin ?? ''}`);
}

/**
 * The method the customer's transaction approval mode asks for (2 sms, 3 otp, 4 approval code by
 * e-mail). Push (1) and no mode fall back to sms with a confirmed phone, else an e-mail code: a
 * secret is never shown without a second factor. A method the user cannot use falls back the same way.
 */
export function chooseMethod(mode: number | null, methods: readonly CardApproveType[]): CardApproveType {
  return approveTypeFor(mode === null ? undefined : TRANSACTION_MODES[mode as 1 | 2 | 3 | 4], methods);
}

/**
 * Starts a card challenge: earlier open challenges of the same account and action end, a code is
 * sent by SMS or e-mail (otp needs none). The message names the action, never the secret. Call it
 * outside any open transaction: it sends at once.
 *
 * @example
 * const started = await startCardChallenge(db, adapters, { customerId, userId, accountId, action: 'pinShow' });
 */
export async function startCardChallenge(db: Kysely<Database>, adapters: Pick<Adapters, 'messages'>, subject: CardChallengeSubject): Promise<CardChallengeStarted> {
  const customer = await db.selectFrom('customers').select('transaction_approve_mode').where('id', '=', subject.customerId).executeTakeFirstOrThrow();
  // The ways this user can answer: sms with a confirmed primary phone, otp when enrolled, e-mail codes always.
  const { methods, user, phone } = await approvalMethods(db, subject.customerId, subject.userId, { push: false });
  const method = chooseMethod(customer.transaction_approve_mode, methods);
  const bound = await binding(subject);
  const code = method === 'otp' ? null : numericCode();

  const inserted = await db.transaction().execute(async (trx) => {
    // Open challenges of this account and action end; expired ones drop their binding.
    await trx
      .updateTable('card_challenges')
      .set({ used_at: new Date(), bound_hash: SPENT })
      .where('account_id', '=', subject.accountId)
      .where((eb) => eb.or([eb('action', '=', subject.action), eb('expires_at', '<=', sql<Date>`now()`)]))
      .where('bound_hash', '!=', SPENT)
      .execute();
    const row = await trx
      .insertInto('card_challenges')
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
    if (code) await trx.updateTable('card_challenges').set({ code_hash: hashCode(code, salt(row.id)) }).where('id', '=', row.id).execute();
    return row;
  });

  const text = `${code} is your code to ${WHAT[subject.action]}. It expires in 5 minutes. Never share it: the bank never asks for it.`;
  let approvalSentTo: string | undefined;
  if (method === 'sms' && phone) {
    approvalSentTo = maskPhone(phone.country_code, phone.number);
    await adapters.messages.sendSms({ to: `${phone.country_code}${phone.number}`, text, purpose: 'cardSecret' });
  } else if (method === 'approvalCode') {
    approvalSentTo = maskEmail(user.email);
    await adapters.messages.sendEmail({ to: user.email, subject: 'Your card security code', text, purpose: 'cardSecret' });
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

const codeRefusal = (description: string) => new RpcRefusal('TA1', { validationErrors: [{ field: CONFIRM_FIELD, description }] });

/**
 * Checks the answer to a card challenge and spends it. The challenge must be this user's, for this
 * account and action (and the same new PIN), open and not expired. A wrong code counts; the fifth
 * ends the challenge. Throws a TA1 refusal on `confirm.approvalCode` otherwise.
 *
 * @example
 * await confirmCardChallenge(db, { customerId, userId, accountId, action: 'pinShow' }, { requestId: '12', approvalCode: '123456' });
 */
export async function confirmCardChallenge(
  db: Kysely<Database>,
  subject: CardChallengeSubject,
  confirm: { requestId: string; approvalCode: string },
): Promise<void> {
  const id = BigInt(confirm.requestId);
  const challenge = await db.selectFrom('card_challenges').selectAll().where('id', '=', id).executeTakeFirst();
  if (!challenge || challenge.user_id !== subject.userId || challenge.customer_id !== subject.customerId || challenge.account_id !== subject.accountId) {
    throw codeRefusal('This code was not sent for this card: ask for a new one.');
  }
  if (challenge.action !== subject.action) throw codeRefusal('This code was sent for another action: ask for a new one.');
  if (challenge.used_at) throw codeRefusal('This code was already used or has ended: ask for a new one.');
  if (challenge.expires_at.getTime() <= Date.now()) throw codeRefusal('The code has expired: ask for a new one.');
  if (!(await bindingMatches(challenge.bound_hash, subject))) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'pin', description: 'The PIN changed after the code was sent: ask for a new code.' }] });
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

  // Spent or counted under a condition, so two answers at once cannot both pass.
  if (right) {
    const spent = await db
      .updateTable('card_challenges')
      .set({ used_at: new Date(), bound_hash: SPENT })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!spent) throw codeRefusal('This code was already used or has ended: ask for a new one.');
    return;
  }
  const counted = await db
    .updateTable('card_challenges')
    .set({ failed_attempts: sql<number>`failed_attempts + 1` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('failed_attempts')
    .executeTakeFirst();
  const failed = counted?.failed_attempts ?? MAX_CODE_ATTEMPTS;
  if (failed >= MAX_CODE_ATTEMPTS) {
    await db.updateTable('card_challenges').set({ used_at: new Date(), bound_hash: SPENT }).where('id', '=', id).execute();
    throw codeRefusal('Too many wrong codes: ask for a new code.');
  }
  const left = MAX_CODE_ATTEMPTS - failed;
  throw codeRefusal(`The code is wrong. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`);
}
