import type { TextValues } from '../i18n/texts.ts';
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import { verifyTotp } from '../auth/totp.ts';
import type { Database, TransferStatus } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { codeMatches, hashCode, maskEmail, maskPhone, MAX_CODE_ATTEMPTS, numericCode, ONE_TIME_CODE_SECONDS } from '../auth/codes.ts';
import { approvalMethods, approveTypeFor, type ApproveType } from '../signin/approval-methods.ts';
import { TRANSACTION_MODES } from '../signin/two-step.ts';
import { completeTransfer, releaseTransfer } from './settle-transfer.ts';
import type { TransferScope } from './scope.ts';
import { messageTexts } from '../i18n/request-language.ts';

type Trx = Transaction<Database>;

/** How a transfer is confirmed after it is created (document 001 section 4). */
export type { ApproveType };

/** What the browser needs to ask for the second factor. */
export interface ConfirmationStarted {
  status: 'awaitingConfirmation';
  approveType: ApproveType;
  approvalSentTo?: string;
  availableApprovalMethods: ApproveType[];
}

const salt = (confirmationId: bigint | string) => `transfer:${confirmationId}`;

/** A payout's beneficiary with its fields in one order, whatever order the database keeps them in. */
const canonical = (beneficiary: Record<string, string> | null) =>
  beneficiary === null
    ? null
    : Object.keys(beneficiary)
        .sort()
        .map((key) => [key, beneficiary[key]]);

/**
 * The transfer facts a code is bound to: a changed amount, currency, source or payee needs a new code.
 * A payout (server/rails/payouts.ts) adds its rail and its beneficiary, so a code for one beneficiary
 * never confirms another.
 */
function boundHash(transfer: {
  id: bigint;
  amount: bigint;
  currency_code: string;
  from_account_id: number;
  to_account_id: number | null;
  to_email: string | null;
  to_amount: bigint;
  rail: string | null;
  beneficiary: Record<string, string> | null;
}): string {
  const facts: unknown[] = [
    String(transfer.id),
    String(transfer.amount),
    transfer.currency_code,
    transfer.from_account_id,
    transfer.to_account_id,
    transfer.to_email,
    String(transfer.to_amount),
  ];
  if (transfer.rail !== null) facts.push(transfer.rail, canonical(transfer.beneficiary));
  return createHash('sha256').update(JSON.stringify(facts)).digest('base64url');
}

async function transferRow(trx: Trx | Kysely<Database>, transferId: bigint) {
  return trx
    .selectFrom('transfers as t')
    .innerJoin('currencies as c', 'c.code', 't.currency_code')
    .leftJoin('rail_payouts as p', 'p.transfer_id', 't.id')
    .select([
      't.id',
      't.customer_id',
      't.created_by_user_id',
      't.status',
      't.amount',
      't.currency_code',
      't.from_account_id',
      't.to_account_id',
      't.to_email',
      't.to_amount',
      't.fee',
      'c.scale',
      'p.rail',
      'p.beneficiary',
    ])
    .where('t.id', '=', transferId)
    .executeTakeFirst();
}

/**
 * Starts the second factor the customer's approval mode asks for, or answers undefined when the
 * mode is none. A method the user cannot use (push without a device, sms without a phone, otp not
 * enrolled) falls back to sms, then to an approval code by e-mail. Earlier confirmations of the
 * transfer stop working. Delivery is queued after the commit.
 */
export async function startConfirmation(
  scope: Pick<TransferScope, 'trx' | 'customerId' | 'userId' | 'adapters' | 'afterCommit'>,
  transferId: bigint,
  wanted?: ApproveType,
  approveMode?: number | null,
): Promise<ConfirmationStarted | undefined> {
  const { trx } = scope;
  const customer =
    approveMode !== undefined
      ? { transaction_approve_mode: approveMode }
      : await trx.selectFrom('customers').select('transaction_approve_mode').where('id', '=', scope.customerId).executeTakeFirstOrThrow();
  if (!wanted && customer.transaction_approve_mode === null) return undefined;
  if (scope.userId === null) return undefined;
  const transfer = (await transferRow(trx, transferId))!;
  const { methods, user, phone, devices } = await approvalMethods(trx, scope.customerId, scope.userId, { push: true });
  const method = approveTypeFor(wanted ?? TRANSACTION_MODES[customer.transaction_approve_mode as 1 | 2 | 3 | 4], methods);

  await trx.updateTable('transfer_confirmations').set({ used_at: new Date() }).where('transfer_id', '=', transferId).where('used_at', 'is', null).execute();
  const code = method === 'sms' || method === 'approvalCode' ? numericCode() : null;
  const pushKey = method === 'push' ? randomBytes(24).toString('base64url') : null;
  const inserted = await trx
    .insertInto('transfer_confirmations')
    .values({
      transfer_id: transferId,
      method,
      code_hash: null,
      bound_hash: boundHash(transfer),
      push_key: pushKey,
      expires_at: sql<Date>`now() + ${ONE_TIME_CODE_SECONDS} * interval '1 second'` as never,
      used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (code) {
    await trx
      .updateTable('transfer_confirmations')
      .set({ code_hash: hashCode(code, salt(inserted.id)) })
      .where('id', '=', inserted.id)
      .execute();
  }

  const t = messageTexts();
  const amount = { amount: formatMinorUnits(transfer.amount, transfer.scale), currency: transfer.currency_code };
  // Whom the money goes to, as the message names it: the e-mail of a p2p payee, a payout's beneficiary.
  const payee = transfer.to_email ?? transfer.beneficiary?.name ?? null;
  const text = payee
    ? t('messages.transferConfirmation.textTo', { code: code ?? '', amount, email: payee })
    : t('messages.transferConfirmation.text', { code: code ?? '', amount });
  let approvalSentTo: string | undefined;
  if (method === 'sms' && phone) {
    approvalSentTo = maskPhone(phone.country_code, phone.number);
    scope.afterCommit(() => scope.adapters.messages.sendSms({ to: `${phone.country_code}${phone.number}`, text, purpose: 'transferConfirmation' }));
  } else if (method === 'approvalCode') {
    approvalSentTo = maskEmail(user.email);
    scope.afterCommit(() =>
      scope.adapters.messages.sendEmail({ to: user.email, subject: t('messages.transferConfirmation.subject'), text, purpose: 'transferConfirmation' }),
    );
  } else if (method === 'push') {
    approvalSentTo = devices.map((device) => device.name).join(', ');
    scope.afterCommit(async () => {
      for (const device of devices) {
        await scope.adapters.push.send({
          device,
          title: t('messages.transferConfirmation.pushTitle'),
          body: payee ? t('messages.transferConfirmation.pushBodyTo', { amount, email: payee }) : t('messages.transferConfirmation.pushBody', { amount }),
          data: { type: 'transferApproval', confirmKey: pushKey, operationId: Number(transferId) },
        });
      }
    });
  }
  return { status: 'awaitingConfirmation', approveType: method, ...(approvalSentTo ? { approvalSentTo } : {}), availableApprovalMethods: methods };
}

/**
 * What a confirmation did: the transfer's status, and whether this call confirmed it (false when it was
 * already confirmed: a repeated or concurrent confirmation, which must not hand a payout over again).
 */
export interface Confirmed {
  status: TransferStatus;
  confirmedNow: boolean;
}

/** The outcome of a code: what it did, or a refusal on the code field. */
type CodeOutcome = Confirmed | { refusal: RpcRefusal };

const codeRefusal = (key: string, values?: TextValues) =>
  new RpcRefusal('TA1', { validationErrors: [{ field: 'approvalCode', key: `server.transfers.${key}`, ...(values ? { values } : {}) }] });

/**
 * Confirms a transfer with its code ('Approve transfer', trxid and approvalCode). A wrong code
 * counts an attempt that stays counted over the transfer, whatever code it was meant for; the fifth
 * fails the transfer and releases its funds. An already completed transfer (or a payout already with its
 * rail) answers its status again with `confirmedNow` false, so a repeated confirmation is harmless; the
 * transfer row is locked, so of two concurrent confirmations exactly one confirms. A payout answers
 * 'processing': the caller hands it to its rail after the commit when `confirmedNow`.
 * Another customer's transfer is refused with 13.
 *
 * @example
 * await confirmTransfer(db, { customerId, userId }, 42n, '123456'); // { status: 'completed', confirmedNow: true }
 */
export async function confirmTransfer(db: Kysely<Database>, who: { customerId: number; userId: number }, transferId: bigint, code: string): Promise<Confirmed> {
  const outcome: CodeOutcome = await db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('transfers').select(['id', 'customer_id', 'status']).where('id', '=', transferId).forUpdate().executeTakeFirst();
    if (!locked || locked.customer_id !== who.customerId) return { refusal: new RpcRefusal('13') };
    if (locked.status === 'completed' || locked.status === 'awaitingPayee' || locked.status === 'processing') {
      return { status: locked.status, confirmedNow: false };
    }
    const transfer = (await transferRow(trx, transferId))!;
    if (transfer.status !== 'awaitingConfirmation') return { refusal: new RpcRefusal('TA1', { key: 'server.transfers.notAwaitingConfirmation' }) };
    const confirmation = await trx
      .selectFrom('transfer_confirmations')
      .selectAll()
      .where('transfer_id', '=', transferId)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!confirmation || confirmation.expires_at.getTime() <= Date.now()) return { refusal: codeRefusal('codeExpired') };
    if (confirmation.bound_hash !== boundHash(transfer)) return { refusal: codeRefusal('changedAfterCode') };

    let right = false;
    if (confirmation.method === 'otp') {
      const user = await trx.selectFrom('users').select(['totp_secret', 'totp_last_step']).where('id', '=', who.userId).executeTakeFirstOrThrow();
      const step = user.totp_secret ? verifyTotp(user.totp_secret, code, { notAfterStep: user.totp_last_step }) : null;
      if (step !== null) await trx.updateTable('users').set({ totp_last_step: step }).where('id', '=', who.userId).execute();
      right = step !== null;
    } else if (confirmation.method !== 'push') {
      right = codeMatches(code, salt(confirmation.id), confirmation.code_hash);
    }
    if (!right) {
      // Counted over the transfer, not the code: asking for a new code gives no new tries.
      const earlier = await trx
        .selectFrom('transfer_confirmations')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('failed_attempts'), sql<string>`0`).as('failed'))
        .where('transfer_id', '=', transferId)
        .where('id', '!=', confirmation.id)
        .executeTakeFirstOrThrow();
      const failed = Number(earlier.failed) + confirmation.failed_attempts + 1;
      if (failed >= MAX_CODE_ATTEMPTS) {
        await trx
          .updateTable('transfer_confirmations')
          .set({ failed_attempts: confirmation.failed_attempts + 1, used_at: new Date() })
          .where('id', '=', confirmation.id)
          .execute();
        await releaseTransfer(trx, transferId, 'failed', 'Too many wrong codes');
        return { refusal: codeRefusal('tooManyWrongCodes') };
      }
      await trx
        .updateTable('transfer_confirmations')
        .set({ failed_attempts: confirmation.failed_attempts + 1 })
        .where('id', '=', confirmation.id)
        .execute();
      const left = MAX_CODE_ATTEMPTS - failed;
      return { refusal: left === 1 ? codeRefusal('wrongCodeLast') : codeRefusal('wrongCode', { left }) };
    }
    await trx.updateTable('transfer_confirmations').set({ used_at: new Date() }).where('id', '=', confirmation.id).execute();
    return { status: await completeTransfer(trx, transferId), confirmedNow: true };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome;
}

/** Codes sent (SMS, e-mail or push) for one transfer at most: the first and this many more. */
export const MAX_RESENDS = 3;
/** Seconds between two codes sent for one transfer. */
export const RESEND_INTERVAL_SECONDS = 30;

/**
 * Refuses a new code for a transfer that had its share, or had one a moment ago (on `approvalCode`,
 * where the popup shows it): a transfer cannot be used to send SMS without end. An authenticator
 * app sends nothing, so switching to it is never refused.
 */
async function refuseTooManyCodes(trx: Trx, transferId: bigint): Promise<void> {
  const sent = await trx
    .selectFrom('transfer_confirmations')
    .select([
      (eb) => eb.fn.countAll<string>().as('count'),
      sql<number | null>`ceil(extract(epoch from max(created_at) + ${RESEND_INTERVAL_SECONDS} * interval '1 second' - now()))`.as('waitSeconds'),
    ])
    .where('transfer_id', '=', transferId)
    .where('method', '!=', 'otp')
    .executeTakeFirstOrThrow();
  if (Number(sent.count) > MAX_RESENDS) {
    throw codeRefusal('noMoreCodes');
  }
  const wait = Number(sent.waitSeconds ?? 0);
  if (wait > 0) throw wait === 1 ? codeRefusal('codeWaitOne') : codeRefusal('codeWait', { wait });
}

/**
 * Sends a new confirmation for a transfer still waiting for one, by the method asked (or the same
 * as before). Earlier codes stop working. At most MAX_RESENDS more codes are sent for a transfer,
 * RESEND_INTERVAL_SECONDS apart.
 */
export async function resendConfirmation(
  db: Kysely<Database>,
  adapters: Pick<Adapters, 'messages' | 'push'>,
  who: { customerId: number; userId: number },
  transferId: bigint,
  approveType?: ApproveType,
): Promise<ConfirmationStarted> {
  const effects: Array<() => Promise<void>> = [];
  const started = await db.transaction().execute(async (trx) => {
    const transfer = await trx.selectFrom('transfers').select(['customer_id', 'status']).where('id', '=', transferId).forUpdate().executeTakeFirst();
    if (!transfer || transfer.customer_id !== who.customerId) throw new RpcRefusal('13');
    if (transfer.status !== 'awaitingConfirmation') throw new RpcRefusal('TA1', { key: 'server.transfers.notAwaitingConfirmation' });
    const previous = await trx
      .selectFrom('transfer_confirmations')
      .select('method')
      .where('transfer_id', '=', transferId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const wanted = approveType ?? (previous?.method as ApproveType | undefined);
    if (wanted !== 'otp') await refuseTooManyCodes(trx, transferId);
    return startConfirmation(
      { trx, customerId: who.customerId, userId: who.userId, adapters, afterCommit: (effect) => effects.push(effect) },
      transferId,
      wanted,
    );
  });
  for (const effect of effects) await effect();
  return started!;
}

/**
 * The phone app's answer to a transfer push: approve completes the transfer, decline cancels it and
 * releases the funds. Only a device of the user who created the transfer may answer, once.
 * Answers 'done' or 'notFound' (unknown, expired, answered, or someone else's device).
 */
export async function decideTransferPush(db: Kysely<Database>, pushKey: string, deviceId: number, approve: boolean): Promise<'done' | 'notFound'> {
  return db.transaction().execute(async (trx) => {
    const confirmation = await trx
      .selectFrom('transfer_confirmations as c')
      .innerJoin('transfers as t', 't.id', 'c.transfer_id')
      .innerJoin('devices as d', 'd.user_id', 't.created_by_user_id')
      .select(['c.id', 'c.transfer_id', 't.status'])
      .where('c.push_key', '=', pushKey)
      .where('c.used_at', 'is', null)
      .where('c.expires_at', '>', sql<Date>`now()`)
      .where('d.id', '=', deviceId)
      .forUpdate()
      .executeTakeFirst();
    if (!confirmation || confirmation.status !== 'awaitingConfirmation') return 'notFound';
    await trx.updateTable('transfer_confirmations').set({ used_at: new Date() }).where('id', '=', confirmation.id).execute();
    if (approve) await completeTransfer(trx, confirmation.transfer_id);
    else await releaseTransfer(trx, confirmation.transfer_id, 'canceled', 'Declined on the phone');
    return 'done';
  });
}

/** Pending transfer pushes for the sandbox device page: key, device, text. */
export async function pendingTransferPushes(db: Kysely<Database>, deviceIds: number[]) {
  if (!deviceIds.length) return [];
  const rows = await db
    .selectFrom('push_messages')
    .select(['id', 'device_id', 'title', 'body', 'data', 'created_at'])
    .where('device_id', 'in', deviceIds)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const keys = rows.filter((row) => row.data.type === 'transferApproval').map((row) => String(row.data.confirmKey));
  if (!keys.length) return [];
  const open = await db
    .selectFrom('transfer_confirmations as c')
    .innerJoin('transfers as t', 't.id', 'c.transfer_id')
    .select('c.push_key')
    .where('c.push_key', 'in', keys)
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', sql<Date>`now()`)
    .where('t.status', '=', 'awaitingConfirmation')
    .execute();
  const openKeys = new Set(open.map((row) => row.push_key));
  return rows
    .filter((row) => row.data.type === 'transferApproval' && openKeys.has(String(row.data.confirmKey)))
    .map((row) => ({
      pushId: row.id,
      deviceId: row.device_id,
      title: row.title,
      body: row.body,
      confirmKey: String(row.data.confirmKey),
      createdAt: row.created_at,
    }));
}
