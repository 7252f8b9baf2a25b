import { randomBytes } from 'node:crypto';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { sql, type Transaction } from 'kysely';
import events from '../../schemas/webhooks/events.schema.json' with { type: 'json' };
import type { Database } from '../db/schema.ts';
import { createSchemaValidator } from '../http/json-schema.ts';

/**
 * The event types endpoints receive: the entries of schemas/webhooks/events.schema.json's $defs whose name
 * has a dot (`payment.received`); the others are shared parts.
 */
export const WEBHOOK_EVENT_TYPES: readonly string[] = Object.keys(events.$defs).filter((name) => name.includes('.'));

/** An event to report to a customer's endpoints: `data` must match its type's schema. */
export interface WebhookEvent {
  customerId: number;
  type: string;
  data: Record<string, unknown>;
}

/** An event whose type is not declared or whose data does not match its schema: a programming error. */
export class WebhookEventError extends Error {
  override name = 'WebhookEventError';
}

const ajv = createSchemaValidator();
ajv.addSchema(events);
const validators = new Map<string, ValidateFunction>();

function validatorOf(type: string): ValidateFunction {
  let validate = validators.get(type);
  if (!validate) {
    if (!WEBHOOK_EVENT_TYPES.includes(type)) {
      throw new WebhookEventError(`The webhook event type '${type}' is not declared: add it to schemas/webhooks/events.schema.json.`);
    }
    validate = ajv.compile({ $ref: `${events.$id}#/$defs/${type}` });
    validators.set(type, validate);
  }
  return validate;
}

/**
 * Checks `data` against the schema of event `type`; throws a WebhookEventError that names what is wrong.
 *
 * @example
 * checkEventData('webhook.ping', { message: 'Hello' });
 */
export function checkEventData(type: string, data: Record<string, unknown>): void {
  const validate = validatorOf(type);
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`).join('; ');
    throw new WebhookEventError(`The data of webhook event '${type}' does not match its schema (schemas/webhooks/events.schema.json): ${problems}.`);
  }
}

/** A new message id, the `webhook-id` header: unique, and the same on every attempt and replay. */
export const newMessageId = (): string => `msg_${randomBytes(18).toString('base64url')}`;

/** The body sent for a message (Standard Webhooks' shape). */
export const messageBody = (type: string, createdAt: Date, data: Record<string, unknown>): string =>
  JSON.stringify({ type, timestamp: createdAt.toISOString(), data });

/**
 * Raises an event for a customer INSIDE the transaction of the business change it reports (the outbox
 * pattern): the message and one delivery per enabled endpoint of the customer are written with it, so they
 * exist exactly when that change committed; the delivery runner (delivery.ts) sends them. A customer with no
 * enabled endpoint gets nothing stored. `data` is validated against the type's schema first. Answers the
 * message id, or null when nothing was queued.
 *
 * @example
 * await db.transaction().execute(async (trx) => {
 *   // ... the payment is written ...
 *   await enqueueEvent(trx, { customerId, type: 'payment.received', data: { transferId: 42, accountId: 7, amount: '12.50', currencyCode: 'EUR', payerName: 'Anna', receivedAt } });
 * });
 */
export async function enqueueEvent(trx: Transaction<Database>, event: WebhookEvent, now: Date = new Date()): Promise<string | null> {
  checkEventData(event.type, event.data);
  const id = newMessageId();
  // One statement: the message is stored only when the customer has an enabled endpoint, with a delivery to each
  // (the deliveries' key to the message is checked at the statement's end, after both inserts).
  const queued = await trx
    .with('endpoints', (db) => db.selectFrom('webhook_endpoints').select('id').where('customer_id', '=', event.customerId).where('enabled', '=', true))
    .with('message', (db) =>
      db
        .insertInto('webhook_messages')
        .columns(['id', 'customer_id', 'event_type', 'payload', 'created_at'])
        .expression(
          db
            .selectNoFrom([
              sql<string>`${id}::text`.as('id'),
              sql<number>`${event.customerId}::int`.as('customer_id'),
              sql<string>`${event.type}::text`.as('event_type'),
              sql<string>`${JSON.stringify(event.data)}::jsonb`.as('payload'),
              sql<Date>`${now}::timestamptz`.as('created_at'),
            ])
            .where(sql<boolean>`exists (select 1 from endpoints)`),
        )
        .returning('id'),
    )
    .insertInto('webhook_deliveries')
    .columns(['message_id', 'endpoint_id', 'next_attempt_at', 'created_at'])
    .expression((db) =>
      db
        .selectFrom(['message', 'endpoints'])
        .select([
          'message.id',
          'endpoints.id as endpoint_id',
          sql<Date>`${now}::timestamptz`.as('next_attempt_at'),
          sql<Date>`${now}::timestamptz`.as('created_at'),
        ])
        .orderBy('endpoints.id'),
    )
    .returning('message_id')
    .execute();
  return queued.length > 0 ? id : null;
}
