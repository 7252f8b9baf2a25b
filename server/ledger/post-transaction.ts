import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { KeyedText } from '../i18n/texts.ts';
import { ACCOUNT_STATUS } from './account-status.ts';
import { LedgerError } from './errors.ts';
import { checkBalancedPerCurrency, checkLegs, type LedgerLeg } from './posting-rules.ts';

/** The kinds of movement the history distinguishes (document 001). */
export type OperationType = 'Transfer' | 'Deposit' | 'Withdrawal' | 'Card' | 'Exchange' | 'Fees';

/** One ledger transaction to post. */
export interface LedgerPosting {
  operationType: OperationType;
  /** What the history says of it: the customer's own words, or the English of `descriptionText`. */
  description: string;
  /** A description the server words: its locale key and values, worded in the reader's language when read (see `describe`). */
  descriptionText?: KeyedText;
  legs: LedgerLeg[];
  /**
   * The caller's key for this movement. A retry with the same key and the same posting returns
   * the first result; the same key with a different posting is refused.
   */
  idempotencyKey?: string;
  /** When the movement happened, if not now (imports, demo history). */
  postedAt?: Date;
}

/** The outcome of a posting. */
export interface PostedTransaction {
  transactionId: bigint;
  postedAt: Date;
  /** True when the idempotency key had already been used for this posting: nothing new was written. */
  replayed: boolean;
}

const MAX_ATTEMPTS = 5;
/** PostgreSQL error codes after which the whole transaction may simply be run again. */
export const RETRYABLE = new Set(['40001', '40P01']);
const UNIQUE_VIOLATION = '23505';

/** Entries are written posted (balances move now) or pending (the money is held until settled). */
type EntryStatus = 'posted' | 'pending';

/** Fingerprint of what a posting does, to tell a retry from a different request under the same key. */
function postingHash(posting: LedgerPosting, status: EntryStatus): string {
  const legs = [...posting.legs].sort((a, b) => a.accountId - b.accountId).map((leg) => [leg.accountId, leg.amount.toString(), leg.counterparty ?? null]);
  return createHash('sha256')
    .update(JSON.stringify([posting.operationType, posting.description, legs, status]))
    .digest('base64url');
}

async function replayOf(trx: Transaction<Database>, posting: LedgerPosting, hash: string): Promise<PostedTransaction | undefined> {
  const earlier = await trx
    .selectFrom('ledger_transactions')
    .select(['id', 'created_at', 'request_hash'])
    .where('idempotency_key', '=', posting.idempotencyKey!)
    .executeTakeFirst();
  if (!earlier) return undefined;
  if (earlier.request_hash !== hash) {
    throw new LedgerError(
      'idempotencyConflict',
      `Idempotency key '${posting.idempotencyKey}' was already used for a different transaction: send a new key for a new request.`,
    );
  }
  return { transactionId: earlier.id, postedAt: earlier.created_at, replayed: true };
}

/**
 * Locks the accounts in id order (so two postings over the same accounts can never deadlock) and
 * checks they exist, are open, and that the legs balance per currency.
 */
export async function lockAccounts(trx: Transaction<Database>, legs: readonly Pick<LedgerLeg, 'accountId' | 'amount'>[]): Promise<void> {
  const ids = legs.map((leg) => leg.accountId);
  const accounts = await trx.selectFrom('accounts').select(['id', 'currency_code', 'status']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
  const byId = new Map(accounts.map((account) => [account.id, account]));
  for (const id of ids) {
    const account = byId.get(id);
    if (!account) throw new LedgerError('unknownAccount', `Account ${id} does not exist: check the account id.`, id);
    if (account.status !== ACCOUNT_STATUS.open) throw new LedgerError('closedAccount', `Account ${id} is closed: choose an open account.`, id);
  }
  checkBalancedPerCurrency(legs, (id) => byId.get(id)!.currency_code);
}

/** The legs as a `values` list of (account id, amount), for one statement over all of them. */
export const legValues = (legs: readonly Pick<LedgerLeg, 'accountId' | 'amount'>[]) =>
  sql.join(legs.map((leg) => sql`(${leg.accountId}::int, ${leg.amount}::bigint)`));

/** The refusal for a customer account that cannot give what a leg takes. */
const insufficientFunds = (accountId: number) =>
  new LedgerError('insufficientFunds', `Account ${accountId} does not hold enough money for this transaction: lower the amount or add funds first.`, accountId);

/**
 * Moves every balance by its leg, in one statement (the rows are already locked, in id order). The
 * condition is the overdraft guard: a customer account's available balance (posted minus held) may not
 * fall below its minimum; system accounts may. An account the guard stops is left out of the answer.
 */
async function applyToBalances(trx: Transaction<Database>, legs: readonly LedgerLeg[]): Promise<void> {
  const moved = await sql<{ id: number }>`
    update accounts as a set balance = a.balance + v.amount
    from (values ${legValues(legs)}) as v(id, amount)
    where a.id = v.id and (a.customer_id is null or a.balance + v.amount - a.pending >= a.balance_min)
    returning a.id`.execute(trx);
  if (moved.rows.length === legs.length) return;
  const movedIds = new Set(moved.rows.map((row) => row.id));
  throw insufficientFunds([...legs].sort((x, y) => x.accountId - y.accountId).find((leg) => !movedIds.has(leg.accountId))!.accountId);
}

/**
 * Reserves what each customer account gives, in one statement: `pending` grows by the amount taken, under
 * the same guard as a posting (available = balance - pending may not fall below the minimum). Balances
 * stay; system accounts never hold.
 */
async function applyToHolds(trx: Transaction<Database>, legs: readonly LedgerLeg[]): Promise<void> {
  const giving = legs.filter((leg) => leg.amount < 0n);
  if (!giving.length) return;
  const refused = await sql<{ id: number }>`
    with v(id, amount) as (values ${legValues(giving)}),
    held as (
      update accounts as a set pending = a.pending - v.amount
      from v
      where a.id = v.id and a.customer_id is not null and a.balance - a.pending + v.amount >= a.balance_min
      returning a.id
    )
    select v.id from v join accounts as a on a.id = v.id
    where a.customer_id is not null and v.id not in (select id from held)
    order by v.id`.execute(trx);
  if (refused.rows.length) throw insufficientFunds(refused.rows[0]!.id);
}

/**
 * Posts one ledger transaction inside a database transaction the caller already holds (use it to
 * post several movements atomically). Prefer `postLedgerTransaction`, which also retries.
 * Throws `LedgerError` when the posting is refused; the caller's transaction must then roll back.
 *
 * @example
 * await db.transaction().execute((trx) => writeLedgerTransaction(trx, posting));
 */
export async function writeLedgerTransaction(trx: Transaction<Database>, posting: LedgerPosting): Promise<PostedTransaction> {
  return writeEntries(trx, posting, 'posted');
}

/**
 * Writes a posting's transaction and entries with the given status and moves balances (posted) or
 * holds (pending). Shared by postings and holds (server/ledger/holds.ts).
 */
export async function writeEntries(trx: Transaction<Database>, posting: LedgerPosting, status: EntryStatus): Promise<PostedTransaction> {
  checkLegs(posting.legs);
  const hash = posting.idempotencyKey === undefined ? null : postingHash(posting, status);
  if (hash) {
    const replay = await replayOf(trx, posting, hash);
    if (replay) return replay;
  }
  await lockAccounts(trx, posting.legs);
  // The transaction and its entries in one statement.
  const entries = sql.join(
    posting.legs.map(
      (leg) =>
        sql`(${leg.accountId}::int, ${leg.amount}::bigint, ${leg.counterparty ?? null}::text, ${leg.counterpartyText?.key ?? null}::text, ${
          leg.counterpartyText?.values ? JSON.stringify(leg.counterpartyText.values) : null
        }::jsonb)`,
    ),
  );
  const written = (
    await sql<{ id: bigint; created_at: Date }>`
      with t as (
        insert into ledger_transactions (operation_type, description, description_key, description_values, idempotency_key, request_hash, created_at)
        values (${posting.operationType}, ${posting.description}, ${posting.descriptionText?.key ?? null}, ${posting.descriptionText?.values ? JSON.stringify(posting.descriptionText.values) : null}::jsonb,
          ${posting.idempotencyKey ?? null}, ${hash}, coalesce(${posting.postedAt ?? null}::timestamptz, now()))
        returning id, created_at
      ),
      e as (
        insert into ledger_entries (transaction_id, account_id, amount, status, counterparty, counterparty_key, counterparty_values)
        select t.id, v.account_id, v.amount, ${status}, v.counterparty, v.counterparty_key, v.counterparty_values
        from t, (values ${entries}) as v(account_id, amount, counterparty, counterparty_key, counterparty_values)
      )
      select id, created_at from t`.execute(trx)
  ).rows[0]!;
  if (status === 'posted') await applyToBalances(trx, posting.legs);
  else await applyToHolds(trx, posting.legs);
  return { transactionId: written.id, postedAt: written.created_at, replayed: false };
}

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/**
 * Posts one ledger transaction atomically: entries written, balances moved, or nothing at all.
 * Serialization failures and deadlocks are retried; so is a race on the same idempotency key,
 * whose second run then finds the first result.
 *
 * @example
 * await postLedgerTransaction(db, {
 *   operationType: 'Transfer',
 *   description: 'Invoice 42',
 *   idempotencyKey: 'c0ffee',
 *   legs: [{ accountId: payer, amount: -2500n }, { accountId: payee, amount: 2500n }],
 * });
 */
export async function postLedgerTransaction(db: Kysely<Database>, posting: LedgerPosting): Promise<PostedTransaction> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => writeLedgerTransaction(trx, posting));
    } catch (error) {
      const code = errorCode(error);
      const retryable = (code !== undefined && RETRYABLE.has(code)) || (code === UNIQUE_VIOLATION && posting.idempotencyKey !== undefined);
      if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10));
    }
  }
}
