import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { noteAuditActor } from '../audit/audit-log.ts';
import { countCall, windowStartOf } from '../db/call-counts.ts';
import type { Database } from '../db/schema.ts';
import type { KeyCaller, KeyGate } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { addressAllowed } from './allowed-ips.ts';
import { keyByValue } from './keys.ts';

/** Requests one key may make in a window of RATE_WINDOW_SECONDS. */
export const REQUESTS_PER_WINDOW = 60;
export const RATE_WINDOW_SECONDS = 60;

/** The key a request presented, once known, for its line in the API log. */
const presented = new WeakMap<FastifyRequest, KeyCaller & { startedAt: number }>();

/** The key in `Authorization: Bearer <key>` or `X-Api-Key`. */
function presentedKey(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1];
  const header = request.headers['x-api-key'];
  return typeof header === 'string' && header ? header : undefined;
}

/**
 * The merchant API's gate: the key must be enabled and not deleted (AU, HTTP 401), the request must come
 * from inside one of the customer's enabled allowed IP ranges when it has any (13, HTTP 403), and the key
 * within REQUESTS_PER_WINDOW (AE, HTTP 429 with Retry-After). Counted in PostgreSQL, so every instance
 * behind a load balancer shares one count.
 *
 * @example
 * await declaredRestRoutes(app, { …, keyGate: merchantKeyGate(db) });
 */
export function merchantKeyGate(db: Kysely<Database>): KeyGate {
  return async (request) => {
    const value = presentedKey(request);
    const key = value === undefined || value.length > 200 ? undefined : await keyByValue(db, value);
    if (!key) return { refusal: new RpcRefusal('AU', { key: 'server.publicApi.keyRefused' }) };
    // A known key's requests are logged even when refused, so its owner sees what was tried with it.
    const caller = { customerId: key.customerId, apiKeyId: key.id };
    presented.set(request, { ...caller, startedAt: Date.now() });
    noteAuditActor(request, { customerId: key.customerId });
    if (!key.usable) return { refusal: new RpcRefusal('AU', { key: 'server.publicApi.keyRefused' }) };
    if (!(await addressAllowed(db, key.customerId, request.ip))) {
      return { refusal: new RpcRefusal('13', { key: 'server.publicApi.addressRefused', values: { address: request.ip } }) };
    }
    if (await countCall(db, RATE_WINDOW_SECONDS, [{ key: `apikey:${key.id}`, limit: REQUESTS_PER_WINDOW }])) {
      const windowEnds = windowStartOf(RATE_WINDOW_SECONDS).getTime() + RATE_WINDOW_SECONDS * 1000;
      return {
        refusal: new RpcRefusal('AE', { key: 'server.publicApi.tooManyRequests' }),
        retryAfter: Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)),
      };
    }
    return { key: caller };
  };
}

/**
 * Writes the API log's line for a request that presented a known key (answered or refused): method,
 * path, status, time taken, address. A failure to write is logged, never turned into the answer.
 *
 * @example
 * app.addHook('onResponse', logKeyRequest(db));
 */
export function logKeyRequest(db: Kysely<Database>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = presented.get(request);
    if (!key) return;
    try {
      await db
        .insertInto('api_requests')
        .values({
          customer_id: key.customerId,
          api_key_id: key.apiKeyId,
          method: request.method.slice(0, 10),
          path: request.url.split('?')[0]!.slice(0, 500),
          status: reply.statusCode,
          duration_ms: Math.min(2_147_483_647, Date.now() - key.startedAt),
          ip: request.ip.slice(0, 45),
        })
        .execute();
      await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', key.apiKeyId).execute();
    } catch (error) {
      request.log.error({ err: error }, 'could not log an API request');
    }
  };
}

/** A line of the API log. */
export interface ApiRequestView {
  id: number;
  apiKeyId: number;
  apiKeyName: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  ip: string;
  createdAt: string;
}

/**
 * One page of a customer's API log, newest first, of one key and between two dates when asked (both
 * included, UTC days), and how many lines match.
 *
 * @example
 * await apiRequests(db, 12, { apiKeyId: 3, fromDate: '2026-11-01' });
 */
export async function apiRequests(
  db: Kysely<Database>,
  customerId: number,
  filter: { apiKeyId?: number; fromDate?: string; toDate?: string; pageNumber?: number; pageSize?: number },
): Promise<{ requests: ApiRequestView[]; total: number }> {
  let query = db.selectFrom('api_requests as r').innerJoin('api_keys as k', 'k.id', 'r.api_key_id').where('r.customer_id', '=', customerId);
  if (filter.apiKeyId !== undefined) query = query.where('r.api_key_id', '=', filter.apiKeyId);
  if (filter.fromDate) query = query.where('r.created_at', '>=', new Date(`${filter.fromDate}T00:00:00Z`));
  if (filter.toDate) query = query.where('r.created_at', '<', new Date(new Date(`${filter.toDate}T00:00:00Z`).getTime() + 86_400_000));
  const pageSize = filter.pageSize ?? 20;
  const [rows, count] = await Promise.all([
    query
      .select(['r.id', 'r.api_key_id', 'k.name', 'r.method', 'r.path', 'r.status', 'r.duration_ms', 'r.ip', 'r.created_at'])
      .orderBy('r.id', 'desc')
      .limit(pageSize)
      .offset(((filter.pageNumber ?? 1) - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const requests = rows.map((row) => ({
    id: Number(row.id),
    apiKeyId: row.api_key_id,
    apiKeyName: row.name,
    method: row.method,
    path: row.path,
    status: row.status,
    durationMs: row.duration_ms,
    ip: row.ip,
    createdAt: row.created_at.toISOString(),
  }));
  return { requests, total: Number(count.n) };
}
