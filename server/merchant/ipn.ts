import { postOnce, type OutboundTargets } from '../http/outbound-targets.ts';
import { createHmac } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, IpnMessagesTable } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

type Db = Kysely<Database>;

/** IPN messages a page (document 002 section 8). */
export const IPN_PAGE_SIZE = 25;
/** A message is posted at most this many times before it is left failed (a resend starts again). */
export const IPN_MAX_ATTEMPTS = 4;
/** Waits after the 1st, 2nd, 3rd failed attempt. */
const RETRY_DELAYS_MS = [60_000, 10 * 60_000, 60 * 60_000];
/** How long a claimed message is kept from other runners while its post is under way. */
const CLAIM_MS = 2 * 60_000;
/** How long a merchant's URL may take to answer. */
const POST_TIMEOUT_MS = 10_000;
/** The header carrying the PBN signature: HMAC-SHA256 of the body with the PBN secret, hex. */
export const IPN_SIGNATURE_HEADER = 'X-Signature';

/** What the settings' ids mean (our reading, see entities/merchant-notification-settings.schema.json). */
export const STATUS_ON = 1;
export const CONFIRM_ON_DELIVERY = 1;

/** How the runner posts: to wherever the URL leads by default (tests), through the server's outbound check in production. */
export type IpnPost = (url: string, body: string, headers: Record<string, string>) => Promise<{ status: number; text: string }>;

/** Posts with Node's client, following no redirect, giving up after POST_TIMEOUT_MS. */
export const directPost: IpnPost = (url, body, headers) => postOnce(url, { body, headers, timeoutMs: POST_TIMEOUT_MS });

/** The merchant's settings row, or the defaults (IPN off, PBN off). */
export async function notificationSettings(db: Db, customerId: number) {
  const row = await db.selectFrom('merchant_notification_settings').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
  return row ?? { customer_id: customerId, notify_url: null, notify_status_id: CONFIRM_ON_DELIVERY, status_id: 2, pbn_status_id: 2, pbn_secret: null };
}

/** Writes some of the merchant's settings, creating the row when there is none. */
export async function saveNotificationSettings(
  db: Db,
  customerId: number,
  values: Partial<{ notify_url: string | null; notify_status_id: number; status_id: number; pbn_status_id: number; pbn_secret: string | null }>,
) {
  await db
    .insertInto('merchant_notification_settings')
    .values({ customer_id: customerId, ...values, updated_at: new Date() })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/** The IPN settings as the API shows them. */
export function toIpnSettings(row: { notify_url: string | null; notify_status_id: number; status_id: number }) {
  return {
    ...(row.notify_url ? { notifyUrl: row.notify_url } : {}),
    notifyStatusId: row.notify_status_id === 2 ? (2 as const) : (1 as const),
    statusId: row.status_id === STATUS_ON ? (1 as const) : (2 as const),
  };
}

/** The PBN settings as the API shows them: never the secret, only whether one is set. */
export function toPbnSettings(row: { pbn_status_id: number; pbn_secret: string | null }) {
  return { statusId: row.pbn_status_id === STATUS_ON ? (1 as const) : (2 as const), hasSecret: row.pbn_secret !== null };
}

type MessageRow = Selectable<IpnMessagesTable>;

/** An IPN message as the API shows it. */
export function toIpnMessage(row: MessageRow) {
  const body = JSON.parse(row.request_body) as { amount?: string; currencyCode?: string };
  return {
    id: Number(row.id),
    status: row.status,
    notifyUrl: row.notify_url,
    buttonId: row.button_id,
    transactionId: Number(row.transfer_id),
    ...(body.amount ? { amount: body.amount } : {}),
    ...(body.currencyCode ? { currencyCode: body.currencyCode } : {}),
    attempts: row.attempts,
    request: row.request_body,
    ...(row.signature ? { signature: row.signature } : {}),
    ...(row.response_status !== null ? { responseStatus: row.response_status } : {}),
    ...(row.response_body !== null ? { response: row.response_body } : {}),
    ...(row.last_attempt_at ? { lastAttemptAt: row.last_attempt_at.toISOString() } : {}),
    createdAt: row.created_at.toISOString(),
  };
}

/** The merchant's message `id`, else 13. */
export async function ownMessage(db: Db, id: number, customerId: number): Promise<MessageRow> {
  const row = await db.selectFrom('ipn_messages').selectAll().where('id', '=', BigInt(id)).where('customer_id', '=', customerId).executeTakeFirst();
  if (!row) throw new RpcRefusal('13');
  return row;
}

/** One page of the merchant's messages, newest first, with the total the "load more" rule reads. */
export async function listMessages(db: Db, customerId: number, pageNumber: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('ipn_messages')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
    db
      .selectFrom('ipn_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { messages: rows.map(toIpnMessage), total: Number(count.n), pageNumber, pageSize };
}

/**
 * Makes the IPN message of every checkout payment whose transfer has completed since the last run (and
 * closes those whose transfer ended otherwise): the body the merchant receives, signed with the PBN
 * secret when signing is on. A merchant with IPN off gets no message. Returns how many were made.
 */
export async function createIpnMessages(db: Db, now: Date): Promise<number> {
  const waiting = await db
    .selectFrom('checkout_payments as p')
    .innerJoin('transfers as t', 't.id', 'p.transfer_id')
    .select(['p.transfer_id', 't.status'])
    .where('p.notified', '=', false)
    .where('t.status', 'in', ['completed', 'declined', 'canceled', 'failed'])
    .orderBy('p.transfer_id')
    .limit(100)
    .execute();
  let made = 0;
  for (const { transfer_id: transferId, status } of waiting) {
    made += await db.transaction().execute(async (trx) => {
      const payment = await trx
        .selectFrom('checkout_payments as p')
        .innerJoin('transfers as t', 't.id', 'p.transfer_id')
        .innerJoin('currencies as c', 'c.code', 't.to_currency_code')
        .innerJoin('merchant_buttons as b', 'b.id', 'p.button_id')
        .innerJoin('customers as payer', 'payer.id', 'p.payer_customer_id')
        .select([
          'p.button_id',
          'p.merchant_customer_id',
          't.to_amount',
          't.to_currency_code',
          't.ledger_transaction_id',
          't.updated_at',
          'c.scale',
          'b.name',
          'b.item_reference',
          sql<string>`coalesce(payer.business_name, nullif(concat_ws(' ', nullif(payer.first_name, ''), nullif(payer.last_name, '')), ''), 'Customer ' || payer.id)`.as(
            'payer_name',
          ),
        ])
        .where('p.transfer_id', '=', transferId)
        .where('p.notified', '=', false)
        .forUpdate('p')
        .executeTakeFirst();
      if (!payment) return 0;
      await trx.updateTable('checkout_payments').set({ notified: true }).where('transfer_id', '=', transferId).execute();
      const settings = await notificationSettings(trx, payment.merchant_customer_id);
      if (status !== 'completed' || settings.status_id !== STATUS_ON || !settings.notify_url) return 0;
      const body = JSON.stringify({
        type: 'payment.completed',
        buttonId: payment.button_id,
        buttonName: payment.name,
        ...(payment.item_reference ? { itemReference: payment.item_reference } : {}),
        transactionId: Number(payment.ledger_transaction_id ?? transferId),
        paymentId: Number(transferId),
        amount: formatMinorUnits(payment.to_amount, payment.scale),
        currencyCode: payment.to_currency_code,
        payerName: payment.payer_name,
        status: 'completed',
        completedAt: payment.updated_at.toISOString(),
      });
      const signature =
        settings.pbn_status_id === STATUS_ON && settings.pbn_secret ? createHmac('sha256', settings.pbn_secret).update(body).digest('hex') : null;
      await trx
        .insertInto('ipn_messages')
        .values({
          customer_id: payment.merchant_customer_id,
          transfer_id: transferId,
          button_id: payment.button_id,
          notify_url: settings.notify_url,
          request_body: body,
          signature,
          next_attempt_at: now,
        })
        .execute();
      return 1;
    });
  }
  return made;
}

/**
 * Posts every due message once: claimed first (so two instances never post the same one at once), posted
 * outside any transaction, then its answer recorded. A 2xx answer delivers it (confirmed at once when the
 * merchant's notifyStatusId says so); anything else waits and tries again, until IPN_MAX_ATTEMPTS leave it
 * failed. Returns how many were posted.
 */
export async function deliverIpnMessages(db: Db, now: Date, post: IpnPost = directPost): Promise<number> {
  const due = await db
    .selectFrom('ipn_messages')
    .select(['id', 'next_attempt_at'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(20)
    .execute();
  let posted = 0;
  for (const { id, next_attempt_at: was } of due) {
    const claimed = await db
      .updateTable('ipn_messages')
      .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS) })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', was)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) continue;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'ipn-runner' };
    if (claimed.signature) headers[IPN_SIGNATURE_HEADER] = claimed.signature;
    let answer: { status: number | null; text: string };
    try {
      answer = await post(claimed.notify_url, claimed.request_body, headers);
    } catch (error) {
      answer = { status: null, text: error instanceof Error ? error.message : String(error) };
    }
    posted += 1;
    const attempts = claimed.attempts + 1;
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const settings = ok ? await notificationSettings(db, claimed.customer_id) : undefined;
    const delay = RETRY_DELAYS_MS[attempts - 1];
    await db
      .updateTable('ipn_messages')
      .set({
        attempts,
        last_attempt_at: now,
        response_status: answer.status,
        response_body: answer.text.slice(0, 4000),
        ...(ok
          ? { status: settings?.notify_status_id === CONFIRM_ON_DELIVERY ? 'confirmed' : 'delivered', next_attempt_at: null }
          : attempts >= IPN_MAX_ATTEMPTS || delay === undefined
            ? { status: 'failed', next_attempt_at: null }
            : { next_attempt_at: new Date(now.getTime() + delay) }),
      })
      .where('id', '=', id)
      .execute();
  }
  return posted;
}

/**
 * Posts only to public addresses (the merchant names the notify URL: server/http/outbound-targets.ts): the host
 * is resolved once and the connection goes to the address checked; a refused one fails the attempt, as an
 * unreachable host would.
 *
 * @example
 * await runIpnMessages(db, now, checkedPost(adapters.outboundTargets));
 */
export const checkedPost =
  (targets: OutboundTargets): IpnPost =>
  (url, body, headers) =>
    targets.post(url, { body, headers, timeoutMs: POST_TIMEOUT_MS });

/** One wake-up of the IPN runner: make the new messages, then post the due ones. */
export async function runIpnMessages(db: Db, now: Date, post: IpnPost = directPost) {
  const made = await createIpnMessages(db, now);
  const posted = await deliverIpnMessages(db, now, post);
  return { made, posted };
}
