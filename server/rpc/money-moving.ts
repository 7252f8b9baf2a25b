import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Insertable } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema.ts';
import { errorCode, RETRYABLE } from '../ledger/post-transaction.ts';
import { RpcRefusal } from './response-codes.ts';

const UNIQUE_VIOLATION = '23505';
const MAX_ATTEMPTS = 8;

/** Sorts object keys at every depth, so the same parameters always hash the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * Fingerprint of a money-moving request: the method and every parameter except the key itself.
 *
 * @example
 * requestHash('p2pTransfer', { idempotencyKey: 'k1', amount: '5.00' }) === requestHash('p2pTransfer', { amount: '5.00', idempotencyKey: 'k2' }); // true
 */
export function requestHash(method: string, params: Record<string, unknown>): string {
  const { idempotencyKey: _key, ...rest } = params;
  return createHash('sha256')
    .update(JSON.stringify([method, canonical(rest)]))
    .digest('base64url');
}

/** The same key with other parameters: a client bug, refused on the key so the form can say so. */
const keyReused = () =>
  new RpcRefusal('TA1', {
    validationErrors: [{ field: 'idempotencyKey', key: 'server.rpc.keyReused' }],
  });

/** Claims the key for this call with `response` as its first answer; false when it was claimed before. */
async function claimKey(
  db: Kysely<Database>,
  claim: { customerId: number; method: string; key: string; hash: string },
  response: RawBuilder<unknown>,
): Promise<boolean> {
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ customer_id: claim.customerId, key: claim.key, method: claim.method, request_hash: claim.hash, response: response as never })
    .onConflict((conflict) => conflict.columns(['customer_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** What a money-moving handler gets: the open transaction, and a queue for effects after commit. */
export interface MoneyMovingScope {
  trx: Transaction<Database>;
  afterCommit(effect: () => Promise<void>): void;
}

/** The answer, and whether it is the replay of an earlier call with the same key. */
export interface MoneyMovingOutcome {
  payload: object;
  replayed: boolean;
  /** Effects the handler queued; run them once the answer is final (never for a replay). */
  effects: Array<() => Promise<void>>;
}

/**
 * Runs one money-moving call exactly once per idempotency key and acting customer, in one database
 * transaction with its key:
 * - the key is claimed first, so a concurrent call with the same key waits for the first to commit
 *   and then replays its answer instead of moving money again (or being refused for funds the
 *   first call took);
 * - the same key with other parameters is refused (TA1 on `idempotencyKey`);
 * - serialization failures and deadlocks run the whole call again, so they never reach the caller
 *   as a refusal;
 * - a refusal (RpcRefusal, LedgerError) rolls everything back and keeps no key: a retry runs anew;
 * - the call's audit row (`call.audit`) is written with the key's answer, in one statement, and commits
 *   with the money.
 *
 * @example
 * const outcome = await runMoneyMovingCall(db, { customerId, method: 'p2pTransfer', params, audit }, (scope) => handler(params, scope));
 */
export async function runMoneyMovingCall(
  db: Kysely<Database>,
  call: { customerId: number; method: string; params: Record<string, unknown>; audit: Insertable<AuditLogTable> },
  run: (scope: MoneyMovingScope) => Promise<object>,
): Promise<MoneyMovingOutcome> {
  const key = call.params.idempotencyKey;
  if (typeof key !== 'string') throw new Error(`${call.method} moves money but its request has no idempotencyKey: fix its declaration.`);
  const hash = requestHash(call.method, call.params);
  for (let attempt = 1; ; attempt++) {
    const effects: Array<() => Promise<void>> = [];
    try {
      const outcome = await db.transaction().execute(async (trx) => {
        const claimed = await claimKey(trx, { customerId: call.customerId, method: call.method, key, hash }, sql`'{}'::jsonb`);
        if (!claimed) {
          const earlier = await trx
            .selectFrom('idempotency_keys')
            .select(['method', 'request_hash', 'response'])
            .where('customer_id', '=', call.customerId)
            .where('key', '=', key)
            .executeTakeFirstOrThrow();
          if (earlier.method !== call.method || earlier.request_hash !== hash) {
            throw keyReused();
          }
          return { payload: earlier.response, replayed: true };
        }
        const payload = await run({ trx, afterCommit: (effect) => effects.push(effect) });
        await trx
          .with('audit', (db) => db.insertInto('audit_log').values(call.audit))
          .updateTable('idempotency_keys')
          .set({ response: sql`${JSON.stringify(payload)}::jsonb` as never })
          .where('customer_id', '=', call.customerId)
          .where('key', '=', key)
          .execute();
        return { payload, replayed: false };
      });
      return { ...outcome, effects: outcome.replayed ? [] : effects };
    } catch (error) {
      const code = errorCode(error);
      const retryable = code !== undefined && (RETRYABLE.has(code) || code === UNIQUE_VIOLATION);
      if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 15));
    }
  }
}

/** Answer fields that are secrets, answered once and never stored for a replay. */
const ANSWER_SECRETS = /^(pin|pinCode|cvv|cvc|pan|cardNumber|password|accessToken|refreshToken|secret)$/i;

/** The answer without its secret texts, at any depth (a capability flag named `pin` is no secret). */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => !(typeof inner === 'string' && ANSWER_SECRETS.test(key)))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

/** A claim left unanswered this long belongs to a call that died (a restart): a retry may take it over. */
const ABANDONED_CLAIM_SECONDS = 120;

/**
 * Runs one money-moving call whose handler opens its own transactions, exactly once per idempotency
 * key: for calls that reach an outside service between two transactions (the card processor assigning
 * a PIN before the fee is charged), which must never wait inside an open database transaction.
 * - the key is claimed first in a short transaction of its own, holding no answer yet;
 * - a retry while the first call runs is refused (AE: try again in a moment); once it is answered, a
 *   retry replays the answer; the same key with other parameters is refused (TA1 on `idempotencyKey`);
 * - a refusal or a failure gives the key back, so the retry runs anew;
 * - the answer is kept without its secrets (a PIN is answered once, never stored);
 * - a claim abandoned by a call that died is taken over after two minutes. The handler's own state
 *   rules (a card activates once) keep such a rerun from charging again.
 *
 * @example
 * const outcome = await runIdempotentCall(db, { customerId, method: 'cardActivate', params }, () => handler(params, ctx));
 */
export async function runIdempotentCall(
  db: Kysely<Database>,
  call: { customerId: number; method: string; params: Record<string, unknown> },
  run: () => Promise<object>,
): Promise<{ payload: object; replayed: boolean }> {
  const key = call.params.idempotencyKey;
  if (typeof key !== 'string') throw new Error(`${call.method} moves money but its request has no idempotencyKey: fix its declaration.`);
  const hash = requestHash(call.method, call.params);
  // JSON null: claimed, not answered yet.
  const claimed = await claimKey(db, { ...call, key, hash }, sql`'null'::jsonb`);
  if (!claimed) {
    const earlier = await db
      .selectFrom('idempotency_keys')
      .select(['method', 'request_hash', 'response', sql<boolean>`created_at < now() - ${ABANDONED_CLAIM_SECONDS} * interval '1 second'`.as('abandoned')])
      .where('customer_id', '=', call.customerId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (earlier.method !== call.method || earlier.request_hash !== hash) {
      throw keyReused();
    }
    if (earlier.response !== null) return { payload: earlier.response as object, replayed: true };
    const takenOver =
      earlier.abandoned &&
      (await db
        .updateTable('idempotency_keys')
        .set({ created_at: sql`now()` as never })
        .where('customer_id', '=', call.customerId)
        .where('key', '=', key)
        .where(sql<boolean>`response = 'null'::jsonb and created_at < now() - ${ABANDONED_CLAIM_SECONDS} * interval '1 second'`)
        .returning('key')
        .executeTakeFirst());
    if (!takenOver) throw new RpcRefusal('AE', { key: 'server.rpc.stillProcessing' });
  }
  let payload: object;
  try {
    payload = await run();
  } catch (error) {
    await db
      .deleteFrom('idempotency_keys')
      .where('customer_id', '=', call.customerId)
      .where('key', '=', key)
      .where(sql<boolean>`response = 'null'::jsonb`)
      .execute();
    throw error;
  }
  // Kept for replays without its secrets: a PIN answered once is never stored (the PIN page shows it).
  await db
    .updateTable('idempotency_keys')
    .set({ response: sql`${JSON.stringify(withoutSecrets(payload))}::jsonb` as never })
    .where('customer_id', '=', call.customerId)
    .where('key', '=', key)
    .execute();
  return { payload, replayed: false };
}

/** What {@link moneyCallOutcome} finds for a key. */
export type MoneyCallOutcome =
  { outcome: 'answered'; method: string; answer: Record<string, unknown> } | { outcome: 'pending'; method: string } | { outcome: 'none' };

/**
 * What became of the acting customer's money-moving call sent with `key`, for a client whose network
 * failed before the answer came:
 * - `answered`: the call was taken; its answer as it was given, without secrets (the receipt);
 * - `pending`: a call that opens its own transactions is still running: look again in a moment;
 * - `none`: nothing was taken with this key (never received, refused, or still inside its one
 *   transaction, which a retry with the same key waits for and then replays): resending with the same
 *   key is safe.
 * Another customer's key reads as `none`: keys are kept per acting customer.
 *
 * @example
 * const found = await moneyCallOutcome(db, customerId, 'k-123');
 * if (found.outcome === 'answered') showReceipt(found.answer);
 */
export async function moneyCallOutcome(db: Kysely<Database>, customerId: number, key: string): Promise<MoneyCallOutcome> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['method', 'response'])
    .where('customer_id', '=', customerId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return { outcome: 'none' };
  const answer = row.response as unknown;
  if (answer === null || typeof answer !== 'object' || Object.keys(answer).length === 0) return { outcome: 'pending', method: row.method };
  return { outcome: 'answered', method: row.method, answer: withoutSecrets(answer) as Record<string, unknown> };
}
