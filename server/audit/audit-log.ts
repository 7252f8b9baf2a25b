import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Who made an RPC call and for whom, as the dispatcher learned it. */
export interface AuditActor {
  userId: number;
  /** The acting customer, once the dispatcher has decided it. */
  customerId?: number;
  /** An admin acting for a customer that is not theirs (view-as). */
  viewing?: boolean;
}

const actors = new WeakMap<FastifyRequest, AuditActor>();
const outcomes = new WeakMap<FastifyRequest, string>();

/** Remembers who calls (the dispatcher, once it knows); later notes add to earlier ones. */
export function noteAuditActor(request: FastifyRequest, actor: AuditActor): void {
  actors.set(request, { ...actors.get(request), ...actor });
}

/** Remembers the call's response code (the dispatcher, whenever it answers). */
export function noteAuditOutcome(request: FastifyRequest, code: string): void {
  outcomes.set(request, code);
}

/** Parameter names whose values are never written to the log. */
const SECRET_KEY = /pass|secret|token|otp|cvv|cvc|pin|verifier|answer|signature|^code$|(approval|verification|confirm|confirmation|sms|activation|security|recovery|auth|one-?time)code$/i;
const FILE_KEY = /file|attachment|photo|image|content|document$/i;
const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 4;

function summarise(value: unknown, key: string, depth: number): unknown {
  if (SECRET_KEY.test(key) && value !== undefined && value !== null && value !== '') return '[secret]';
  if (typeof value === 'string') {
    if (value.startsWith('data:')) return `[file ${value.length} characters]`;
    if (FILE_KEY.test(key) && value.length > MAX_STRING) return `[file ${value.length} characters]`;
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length} characters)` : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => summarise(item, key, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, summarise(inner, name, depth + 1)]));
}

/**
 * The params of a call as the audit log keeps them: passwords, codes, PINs, tokens and other
 * secrets replaced by '[secret]', files by their size, long texts cut, deep structures folded.
 *
 * @example
 * summariseParams({ password: 'x', email: 'a@b.c' }); // { password: '[secret]', email: 'a@b.c' }
 */
export function summariseParams(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return {};
  const { method: _method, ...rest } = params as Record<string, unknown>;
  return summarise(rest, '', 0) as Record<string, unknown>;
}

/**
 * The dispatcher's onResponse hook: writes one audit row per call after the answer has left, so
 * the log never slows a call down; a failure to write is logged, not answered.
 *
 * @example
 * app.addHook('onResponse', auditRpcCall(db));
 */
export function auditRpcCall(db: Kysely<Database>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const name = (request.query as Record<string, unknown> | undefined)?.method;
    const actor = actors.get(request);
    const outcome = outcomes.get(request) ?? (reply.statusCode >= 500 ? 'UE' : String(reply.statusCode));
    try {
      await db
        .insertInto('audit_log')
        .values({
          actor_user_id: actor?.userId ?? null,
          acting_customer_id: actor?.customerId ?? null,
          viewing: actor?.viewing ?? false,
          method: typeof name === 'string' ? name.slice(0, 100) : '',
          outcome,
          ip: request.ip,
          params: JSON.stringify(summariseParams(request.body)),
        })
        .execute();
    } catch (error) {
      request.log.error({ err: error }, 'could not write the audit row of an RPC call');
    }
  };
}

/** One audit row as the admin's audit log answers it. */
export interface AuditEntry {
  id: number;
  when: string;
  actorUserId?: number;
  actorLogin?: string;
  actingCustomerId?: number;
  viewing: boolean;
  method: string;
  outcome: string;
  ip: string;
  params: string;
}

/**
 * One page of the audit log, newest first, optionally of one acting customer or one actor.
 *
 * @example
 * const { entries, results } = await auditEntries(db, { customerId: 12, pageNumber: 1, pageSize: 20 });
 */
export async function auditEntries(
  db: Kysely<Database>,
  query: { customerId?: number; actorUserId?: number; method?: string; pageNumber?: number; pageSize?: number },
): Promise<{ entries: AuditEntry[]; results: number }> {
  const pageSize = query.pageSize ?? 20;
  const pageNumber = query.pageNumber ?? 1;
  let base = db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.actor_user_id');
  if (query.customerId !== undefined) base = base.where('a.acting_customer_id', '=', query.customerId);
  if (query.actorUserId !== undefined) base = base.where('a.actor_user_id', '=', query.actorUserId);
  if (query.method) base = base.where('a.method', '=', query.method);
  const [rows, count] = await Promise.all([
    base
      .select(['a.id', 'a.created_at', 'a.actor_user_id', 'u.email', 'a.acting_customer_id', 'a.viewing', 'a.method', 'a.outcome', 'a.ip', 'a.params'])
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map((row) => ({
      id: Number(row.id),
      when: row.created_at.toISOString(),
      ...(row.actor_user_id !== null ? { actorUserId: row.actor_user_id } : {}),
      ...(row.email ? { actorLogin: row.email } : {}),
      ...(row.acting_customer_id !== null ? { actingCustomerId: row.acting_customer_id } : {}),
      viewing: row.viewing,
      method: row.method,
      outcome: row.outcome,
      ip: row.ip,
      params: JSON.stringify(row.params).slice(0, 1000),
    })),
    results: Number(count.n),
  };
}
