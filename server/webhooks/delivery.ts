import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { localeTexts } from '../i18n/texts.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { endpointSecret } from './endpoints.ts';
import { messageBody } from './events.ts';
import { ATTEMPT_TIMEOUT_MS, nextAttemptAt } from './schedule.ts';
import { sendSigned, type SentRequest, type Transport } from './send.ts';

/** Deliveries taken per claim, sent side by side. */
const BATCH = 10;
/** At most this many claims per run, so one run never goes on for long. */
const MAX_CLAIMS = 20;
/** A claimed delivery is not due again until its attempt has had time to finish (or its process to die). */
const LEASE_MS = ATTEMPT_TIMEOUT_MS + 60_000;

/** What the runner needs: the clock (moved by tests), how requests leave, and where the customer's notice goes. */
export interface DeliveryOptions extends Transport {
  /** The e-mail outbox that tells a customer their endpoint was disabled. */
  messages: MessageSender;
  /** The present moment, for what is due and when the next attempt is; the scheduler passes it. */
  now?: Date;
}

/** What one run did. */
export interface DeliveryOutcome {
  delivered: number;
  /** Failed attempts whose delivery waits for its next one. */
  retrying: number;
  /** Deliveries that failed their last attempt. */
  failed: number;
  /** Endpoints disabled by this run. */
  disabled: number;
}

interface Claimed {
  id: bigint;
  message_id: string;
  endpoint_id: number;
  customer_id: number;
  event_type: string;
  payload: Record<string, unknown>;
  message_created_at: Date;
  url: string;
  secret_sealed: string;
}

/**
 * Takes up to BATCH due deliveries of enabled endpoints, in a short transaction with `for update skip
 * locked` (so every server instance takes different ones), and leases them: their next attempt moves
 * LEASE_MS ahead, so a process that dies while sending leaves them due again later, not lost.
 */
async function claimDue(db: Kysely<Database>, now: Date): Promise<Claimed[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select('d.id')
      .where('d.state', '=', 'pending')
      .where('d.next_attempt_at', '<=', now)
      .where('e.enabled', '=', true)
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
      .limit(BATCH)
      .forUpdate('d')
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await trx
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date(now.getTime() + LEASE_MS) })
      .where('id', 'in', ids)
      .execute();
    return trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_messages as m', 'm.id', 'd.message_id')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select([
        'd.id',
        'd.message_id',
        'd.endpoint_id',
        'm.customer_id',
        'm.event_type',
        'm.payload',
        'm.created_at as message_created_at',
        'e.url',
        'e.secret_sealed',
      ])
      .where('d.id', 'in', ids)
      .orderBy('d.id')
      .execute();
  });
}

type Recorded = 'delivered' | 'retrying' | 'failed' | 'disabled' | 'gone';

/**
 * Logs an attempt and moves its delivery on, in one transaction: delivered on a 2xx; otherwise due again
 * by the retry schedule, or failed after the last attempt, which also disables the endpoint (answered
 * 'disabled' when this attempt did, so the notice is sent once).
 */
async function recordAttempt(db: Kysely<Database>, delivery: Claimed, sent: SentRequest, at: Date): Promise<Recorded> {
  return db.transaction().execute(async (trx): Promise<Recorded> => {
    const row = await trx.selectFrom('webhook_deliveries').select(['state', 'attempt_count']).where('id', '=', delivery.id).forUpdate().executeTakeFirst();
    if (!row || row.state !== 'pending') return 'gone';
    const attempt = row.attempt_count + 1;
    const next = sent.delivered ? null : nextAttemptAt(attempt, at);
    const state = sent.delivered ? 'delivered' : next ? 'pending' : 'failed';
    await trx.updateTable('webhook_deliveries').set({ state, attempt_count: attempt, next_attempt_at: next }).where('id', '=', delivery.id).execute();
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: delivery.id,
        message_id: delivery.message_id,
        endpoint_id: delivery.endpoint_id,
        customer_id: delivery.customer_id,
        url: delivery.url,
        request_headers: JSON.stringify(sent.headers),
        request_body: sent.body,
        response_status: sent.status,
        response_body: sent.responseBody,
        error: sent.error,
        duration_ms: sent.durationMs,
        attempted_at: at,
        next_attempt_at: next,
        outcome: sent.delivered ? 'delivered' : 'failed',
      })
      .execute();
    if (state !== 'failed') return state === 'delivered' ? 'delivered' : 'retrying';
    const disabled = await trx
      .updateTable('webhook_endpoints')
      .set({ enabled: false, disabled_reason: 'failing', disabled_at: at })
      .where('id', '=', delivery.endpoint_id)
      .where('enabled', '=', true)
      .executeTakeFirst();
    return disabled.numUpdatedRows > 0n ? 'disabled' : 'failed';
  });
}

/**
 * Tells the customer's users (the customer's own login and those acting for it) by e-mail that an endpoint
 * was disabled because its deliveries kept failing, and how to turn it on again.
 */
async function noticeDisabled(db: Kysely<Database>, options: DeliveryOptions, delivery: Claimed): Promise<void> {
  const endpoint = await db.selectFrom('webhook_endpoints').select(['name', 'url']).where('id', '=', delivery.endpoint_id).executeTakeFirst();
  if (!endpoint) return;
  const users = await db
    .selectFrom('users as u')
    .select('u.email')
    .where((eb) =>
      eb.or([
        eb('u.customer_id', '=', delivery.customer_id),
        eb('u.id', 'in', eb.selectFrom('customer_access').select('user_id').where('customer_id', '=', delivery.customer_id)),
      ]),
    )
    .orderBy('u.id')
    .execute();
  const t = localeTexts('en');
  const values = { name: endpoint.name, url: endpoint.url };
  for (const email of new Set(users.map((user) => user.email))) {
    await options.messages.sendEmail({
      to: email,
      subject: t('messages.webhooks.disabledSubject', values),
      text: t('messages.webhooks.disabledText', values),
      purpose: 'webhookDisabled',
    });
  }
}

/**
 * The webhook runner: sends every due delivery (signed, Standard Webhooks), logs each attempt, schedules
 * retries by the retry schedule and disables an endpoint whose delivery failed its last attempt, with an
 * e-mail to the customer. All its state is in PostgreSQL, so a restart loses nothing and several server
 * processes share the work. The scheduler runs it every few seconds; tests call it with a moved clock.
 *
 * @example
 * await deliverDueWebhooks(db, { messages: adapters.messages, now }); // { delivered: 3, retrying: 1, failed: 0, disabled: 0 }
 */
export async function deliverDueWebhooks(db: Kysely<Database>, options: DeliveryOptions): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { delivered: 0, retrying: 0, failed: 0, disabled: 0 };
  const now = options.now ?? new Date();
  for (let claim = 0; claim < MAX_CLAIMS; claim++) {
    const due = await claimDue(db, now);
    await Promise.all(
      due.map(async (delivery) => {
        const secret = await endpointSecret(db, delivery.secret_sealed);
        const body = messageBody(delivery.event_type, delivery.message_created_at, delivery.payload);
        const sent = await sendSigned({ url: delivery.url, secret, id: delivery.message_id, at: now, body }, options);
        const recorded = await recordAttempt(db, delivery, sent, now);
        if (recorded === 'gone') return;
        if (recorded === 'disabled') {
          outcome.failed++;
          outcome.disabled++;
          await noticeDisabled(db, options, delivery);
        } else outcome[recorded]++;
      }),
    );
    if (due.length < BATCH) break;
  }
  return outcome;
}
