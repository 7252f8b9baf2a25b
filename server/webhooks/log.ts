import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** The webhook log's page (document 002: webhook log page 20) and the most a caller may ask for. */
export const WEBHOOK_LOG_PAGE = 20;
export const WEBHOOK_LOG_MAX_PAGE = 100;

/** One attempt as the webhook log shows it: what was sent, what came back, when. */
export interface WebhookRequest {
  /** The attempt's id (replay takes it). */
  id: string;
  /** The message id, the `webhook-id` header: the same on every attempt and replay of an event. */
  messageId: string;
  eventType: string;
  endpointId: number;
  url: string;
  attemptedAt: string;
  outcome: 'delivered' | 'failed';
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseStatus?: number;
  responseBody?: string;
  error?: string;
  durationMs: number;
  /** When this delivery is tried again, for a failed attempt that is not the last. */
  nextAttemptAt?: string;
}

/** The log's filters: `query` matches the event type, message id or URL; dates bound the attempt time (a toDate given as a day takes in the whole day). */
export interface WebhookRequestQuery {
  limit?: number;
  query?: string;
  fromDate?: string;
  toDate?: string;
  /** The `nextCursor` of the previous page, as it came. */
  cursor?: string;
}

/** A page of the log, newest first; `nextCursor` is there when more follow. */
export interface WebhookRequestPage {
  items: WebhookRequest[];
  nextCursor?: string;
}

const refuse = (field: string, key: string) => new RpcRefusal('TA1', { validationErrors: [{ field, key: `server.webhooks.${key}` }] });

/** The cursor is opaque to callers: the last attempt id of the page, base64url. */
const encodeCursor = (id: bigint) => Buffer.from(`a:${id}`).toString('base64url');

function decodeCursor(cursor: string): bigint {
  const match = /^a:([0-9]{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw refuse('cursor', 'badCursor');
  return BigInt(match[1]!);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date filter: a day ('2026-11-27', UTC) or a moment (ISO 8601). A toDate day takes in the whole day. */
function dateBound(value: string, field: 'fromDate' | 'toDate'): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const parsed = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(parsed.getTime())) throw refuse(field, 'badDate');
  return day && field === 'toDate' ? new Date(parsed.getTime() + DAY_MS - 1) : parsed;
}

/**
 * The customer's webhook log, newest first, paged by an opaque cursor (WEBHOOK_LOG_PAGE a page unless
 * `limit` says otherwise, at most WEBHOOK_LOG_MAX_PAGE). Bad filters are TA1 on their field.
 *
 * @example
 * const first = await listRequests(db, customerId, { query: 'payment.received' });
 * const second = await listRequests(db, customerId, { query: 'payment.received', cursor: first.nextCursor });
 */
export async function listRequests(db: Kysely<Database>, customerId: number, filters: WebhookRequestQuery = {}): Promise<WebhookRequestPage> {
  const limit = filters.limit ?? WEBHOOK_LOG_PAGE;
  if (!Number.isInteger(limit) || limit < 1 || limit > WEBHOOK_LOG_MAX_PAGE) throw refuse('limit', 'badLimit');
  const after = filters.cursor ? decodeCursor(filters.cursor) : undefined;
  const from = filters.fromDate ? dateBound(filters.fromDate, 'fromDate') : undefined;
  const to = filters.toDate ? dateBound(filters.toDate, 'toDate') : undefined;
  const text = filters.query?.trim();
  const rows = await db
    .selectFrom('webhook_attempts as a')
    .innerJoin('webhook_messages as m', 'm.id', 'a.message_id')
    .select([
      'a.id',
      'a.message_id',
      'm.event_type',
      'a.endpoint_id',
      'a.url',
      'a.attempted_at',
      'a.outcome',
      'a.request_headers',
      'a.request_body',
      'a.response_status',
      'a.response_body',
      'a.error',
      'a.duration_ms',
      'a.next_attempt_at',
    ])
    .where('a.customer_id', '=', customerId)
    .$if(after !== undefined, (qb) => qb.where('a.id', '<', after!))
    .$if(from !== undefined, (qb) => qb.where('a.attempted_at', '>=', from!))
    .$if(to !== undefined, (qb) => qb.where('a.attempted_at', '<=', to!))
    .$if(!!text, (qb) => {
      const pattern = `%${text!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return qb.where((eb) => eb.or([eb('m.event_type', 'ilike', pattern), eb('a.message_id', 'ilike', pattern), eb('a.url', 'ilike', pattern)]));
    })
    .orderBy('a.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const items = page.map((row): WebhookRequest => ({
    id: row.id.toString(),
    messageId: row.message_id,
    eventType: row.event_type,
    endpointId: row.endpoint_id,
    url: row.url,
    attemptedAt: row.attempted_at.toISOString(),
    outcome: row.outcome,
    requestHeaders: row.request_headers,
    requestBody: row.request_body,
    ...(row.response_status !== null ? { responseStatus: row.response_status } : {}),
    ...(row.response_body !== null ? { responseBody: row.response_body } : {}),
    ...(row.error !== null ? { error: row.error } : {}),
    durationMs: row.duration_ms,
    ...(row.next_attempt_at ? { nextAttemptAt: row.next_attempt_at.toISOString() } : {}),
  }));
  return rows.length > limit ? { items, nextCursor: encodeCursor(page[page.length - 1]!.id) } : { items };
}

/**
 * Sends a logged event again: given an attempt id, to that attempt's endpoint; given a message id
 * (`msg_…`), to every enabled endpoint of the customer. Each replay is a new delivery, due now, with the
 * same message id and body (receivers de-duplicate by webhook-id) and its own attempts in the log.
 * Answers the new deliveries' ids. Another customer's attempt or message is not found.
 *
 * @example
 * await replay(db, customerId, '1234'); // ['88']
 */
export async function replay(db: Kysely<Database>, customerId: number, attemptOrMessageId: string, now: Date = new Date()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    let messageId: string;
    let endpointIds: number[];
    if (/^[0-9]{1,18}$/.test(attemptOrMessageId)) {
      const attempt = await trx
        .selectFrom('webhook_attempts as a')
        .innerJoin('webhook_endpoints as e', 'e.id', 'a.endpoint_id')
        .select(['a.message_id', 'a.endpoint_id'])
        .where('a.id', '=', BigInt(attemptOrMessageId))
        .where('a.customer_id', '=', customerId)
        .executeTakeFirst();
      if (!attempt) throw refuse('id', 'notFound');
      messageId = attempt.message_id;
      endpointIds = [attempt.endpoint_id];
    } else {
      const message = await trx
        .selectFrom('webhook_messages')
        .select('id')
        .where('id', '=', attemptOrMessageId)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      if (!message) throw refuse('id', 'notFound');
      messageId = message.id;
      const endpoints = await trx.selectFrom('webhook_endpoints').select('id').where('customer_id', '=', customerId).where('enabled', '=', true).execute();
      endpointIds = endpoints.map((endpoint) => endpoint.id);
    }
    if (endpointIds.length === 0) return [];
    const inserted = await trx
      .insertInto('webhook_deliveries')
      .values(endpointIds.map((endpointId) => ({ message_id: messageId, endpoint_id: endpointId, next_attempt_at: now, created_at: now })))
      .returning('id')
      .execute();
    return inserted.map((row) => row.id.toString());
  });
}
