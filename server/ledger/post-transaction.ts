import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { KeyedText } from '../i18n/texts.ts';
import { LedgerError } from './errors.ts';
import { checkLegs, type LedgerLeg } from './posting-rules.ts';
import { maySplit, sharesOf, splitPostings } from './revenue-split.ts';

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
  /** The payment a revenue-split share belongs to (server/ledger/revenue-split.ts): a share is not split again. */
  splitOf?: bigint;
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

/** The legs as `ledger_post` and `ledger_lock_accounts` read them (migration 0030): a JSON array, amounts as strings. */
function legsJson(legs: readonly (Pick<LedgerLeg, 'accountId' | 'amount'> & Partial<LedgerLeg>)[]): string {
  return JSON.stringify(
    legs.map((leg) => ({
      account_id: leg.accountId,
      amount: leg.amount.toString(),
      counterparty: leg.counterparty ?? null,
      counterparty_key: leg.counterpartyText?.key ?? null,
      counterparty_values: leg.counterpartyText?.values ?? null,
    })),
  );
}

/**
 * Locks the accounts in id order (so two postings over the same accounts can never deadlock) and
 * checks they exist, are open, and that the legs balance per currency: one statement, the database
 * function `ledger_lock_accounts` that `ledger_post` runs too.
 */
export async function lockAccounts(trx: Transaction<Database>, legs: readonly Pick<LedgerLeg, 'accountId' | 'amount'>[]): Promise<void> {
  try {
    await sql`select ledger_lock_accounts(${legsJson(legs)}::jsonb)`.execute(trx);
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}

/** The legs as a `values` list of (account id, amount), for one statement over all of them. */
export const legValues = (legs: readonly Pick<LedgerLeg, 'accountId' | 'amount'>[]) =>
  sql.join(legs.map((leg) => sql`(${leg.accountId}::int, ${leg.amount}::bigint)`));

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

/** The LedgerError a refusal raised by `ledger_post` (migration 0030) stands for, in the words it always had. */
function refusalOf(error: unknown, idempotencyKey?: string): LedgerError | undefined {
  const code = errorCode(error);
  const detail = typeof error === 'object' && error !== null && 'detail' in error ? String((error as { detail: unknown }).detail) : '';
  const accountId = Number(detail);
  switch (code) {
    case 'LE001':
      return new LedgerError('unknownAccount', `Account ${accountId} does not exist: check the account id.`, accountId);
    case 'LE002':
      return new LedgerError('closedAccount', `Account ${accountId} is closed: choose an open account.`, accountId);
    case 'LE003':
      return new LedgerError('unbalanced', `The entries do not sum to zero per currency (${detail} minor units): add the missing counter-entry.`);
    case 'LE004':
      return new LedgerError(
        'insufficientFunds',
        `Account ${accountId} does not hold enough money for this transaction: lower the amount or add funds first.`,
        accountId,
      );
    case 'LE005':
      return new LedgerError(
        'idempotencyConflict',
        `Idempotency key '${idempotencyKey}' was already used for a different transaction: send a new key for a new request.`,
      );
    default:
      return undefined;
  }
}

/**
 * Writes a posting's transaction and entries with the given status and moves balances (posted) or
 * holds (pending), in one statement: the database function `ledger_post` (migration 0030) finds a
 * replay, locks the accounts in id order, checks them, writes and moves. On a `Kysely` outside a
 * transaction the statement is its own transaction. Shared by postings and holds (server/ledger/holds.ts).
 *
 * A posted payment (a Transfer or Deposit) goes through `ledger_post_unless_split` (migration 0067), which
 * writes nothing and says so when a revenue-split contract may take a share of it: only then are the shares
 * worked out (server/ledger/revenue-split.ts) and the payment and its shares written in one transaction.
 */
export async function writeEntries(db: Kysely<Database>, posting: LedgerPosting, status: EntryStatus): Promise<PostedTransaction> {
  checkLegs(posting.legs);
  const splitCheck = status === 'posted' && posting.splitOf === undefined && maySplit(posting.operationType);
  const written = await postOnce(db, posting, status, splitCheck);
  if (written !== 'split') return written;
  // Revenue-split contracts: a payment into the sender of an active contract moves the beneficiary's share in
  // the same database transaction, so the payment and its shares commit together.
  const shares = await sharesOf(db, posting.operationType, posting.legs);
  const split = async (trx: Kysely<Database>) => {
    const posted = await writeEntries(trx, { ...posting, splitOf: 0n }, status);
    if (!posted.replayed) for (const share of splitPostings(shares, posted.transactionId)) await writeEntries(trx, share, 'posted');
    return posted;
  };
  return db.isTransaction || shares.length === 0 ? split(db) : db.transaction().execute(split);
}

/** One `ledger_post_unless_split` statement: the posting written, or 'split' when it may owe shares and nothing was written. */
async function postOnce(db: Kysely<Database>, posting: LedgerPosting, status: EntryStatus, splitCheck: boolean): Promise<PostedTransaction | 'split'> {
  const hash = posting.idempotencyKey === undefined ? null : postingHash(posting, status);
  const legs = legsJson(posting.legs);
  try {
    const written = (
      await sql<{ out_id: bigint | null; out_created_at: Date | null; out_replayed: boolean; out_split: boolean }>`
        select * from ledger_post_unless_split(${splitCheck}, ${posting.operationType}, ${posting.description}, ${posting.descriptionText?.key ?? null},
          ${posting.descriptionText?.values ? JSON.stringify(posting.descriptionText.values) : null}::jsonb, ${posting.idempotencyKey ?? null},
          ${hash}, ${posting.postedAt ?? null}::timestamptz, ${status}, ${legs}::jsonb)`.execute(db)
    ).rows[0]!;
    if (written.out_split) return 'split';
    return { transactionId: BigInt(written.out_id!), postedAt: new Date(written.out_created_at!), replayed: written.out_replayed };
  } catch (error) {
    throw refusalOf(error, posting.idempotencyKey) ?? error;
  }
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
      return await writeEntries(db, posting, 'posted');
    } catch (error) {
      const code = errorCode(error);
      const retryable = (code !== undefined && RETRYABLE.has(code)) || (code === UNIQUE_VIOLATION && posting.idempotencyKey !== undefined);
      if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10));
    }
  }
}
