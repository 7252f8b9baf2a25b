import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema.ts';
import { rpcMethodName } from '../http/rpc-method-name.ts';

/** Who made an RPC call and for whom, as the dispatcher learned it. */
export interface AuditActor {
  /** Absent when no user acts: a merchant's API key (server/public-api/key-gate.ts). */
  userId?: number;
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

/**
 * The response code a call was answered with (`00`, `TA1`, `UE`…), once it has been answered; undefined
 * for a request that never reached an answer of the RPC envelope.
 *
 * @example
 * const code = answeredCode(request) ?? String(reply.statusCode);
 */
export function answeredCode(request: FastifyRequest): string | undefined {
  return outcomes.get(request);
}

/** Parameter names whose values are never written to the log (a card number, or one typed for its bin, too). */
const SECRET_KEY =
  /pass|secret|token|otp|cvv|cvc|pin|verifier|answer|signature|cardnumber|binnumber|^pan$|^code$|(approval|verification|confirm|confirmation|sms|activation|security|recovery|auth|one-?time)code$/i;
const FILE_KEY = /file|attachment|photo|image|content|document$/i;
const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 4;

/** NUL and lone UTF-16 surrogates, which PostgreSQL text and jsonb cannot hold. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point: the database refuses it.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text the database can store, with each character it cannot shown as U+FFFD, so the row is never lost. */
function storable(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

function summarise(value: unknown, key: string, depth: number): unknown {
  if (SECRET_KEY.test(key) && value !== undefined && value !== null && value !== '') return '[secret]';
  if (typeof value === 'string') return summariseText(storable(value), key);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => summarise(item, key, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [storable(name), summarise(inner, name, depth + 1)]));
}

function summariseText(value: string, key: string): string {
  if (value.startsWith('data:')) return `[file ${value.length} characters]`;
  if (FILE_KEY.test(key) && value.length > MAX_STRING) return `[file ${value.length} characters]`;
  return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length} characters)` : value;
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
 * The dispatcher's onResponse hook: writes the audit row of every call not audited yet (refusals,
 * failures) after the answer has left; a failure to write is logged, not answered. Successful calls
 * were audited before their answer by {@link auditSuccess}.
 *
 * @example
 * app.addHook('onResponse', auditRpcCall(db));
 */
export function auditRpcCall(db: Kysely<Database>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (audited.has(request)) return;
    const outcome = outcomes.get(request) ?? (reply.statusCode >= 500 ? 'UE' : String(reply.statusCode));
    try {
      await writeAuditRow(db, request, outcome);
    } catch (error) {
      request.log.error({ err: error }, 'could not write the audit row of an RPC call');
    }
  };
}

const audited = new WeakSet<FastifyRequest>();

/**
 * Writes the audit row of a successful call before its answer leaves, on `db` (the call's own
 * transaction for a money-moving call, so the money and its audit row commit together). It throws
 * when the row cannot be written: the caller then fails the call, since no success goes unaudited.
 *
 * @example
 * await auditSuccess(trx, request);
 */
export async function auditSuccess(db: Kysely<Database>, request: FastifyRequest): Promise<void> {
  await writeAuditRow(db, request, '00');
}

/** Marks a call whose audit row committed with it, so the onResponse hook does not write a second. */
export function markAudited(request: FastifyRequest): void {
  audited.add(request);
}

async function writeAuditRow(db: Kysely<Database>, request: FastifyRequest, outcome: string): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(request, outcome)).execute();
}

/**
 * The audit row of a call as it is written: who acted for whom, the method, how it ended, from where,
 * and the parameters without secrets. For a statement that writes it together with something else (a
 * money-moving call writes it with its idempotency key's answer, see server/rpc/money-moving.ts).
 *
 * @example
 * await db.insertInto('audit_log').values(auditRow(request, '00')).execute();
 */
export function auditRow(request: FastifyRequest, outcome: string): Insertable<AuditLogTable> {
  const name = rpcMethodName(request);
  const actor = actors.get(request);
  return {
    actor_user_id: actor?.userId ?? null,
    acting_customer_id: actor?.customerId ?? null,
    viewing: actor?.viewing ?? false,
    method: typeof name === 'string' ? storable(name.slice(0, 100)) : '',
    outcome,
    ip: request.ip,
    params: JSON.stringify(summariseParams(request.body)),
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
