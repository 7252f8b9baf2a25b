import { sql, type Kysely } from 'kysely';
import type { Transaction } from '../../generated/entities.ts';
import type { Database, LedgerEntryStatus, TransferStatus } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { omitNull } from '../db/omit-null.ts';
import { counterpartyIn, describedIn } from '../ledger/descriptions.ts';
import type { Language, TextValues } from '../i18n/texts.ts';

/** What the history can be ordered by, and the column each means. */
const SORT_COLUMNS = {
  transactionDate: 't.created_at',
  amount: 'e.amount',
  operationType: 't.operation_type',
  description: 't.description',
} as const;

/** The spec's status words (document 001 section 3) and the ledger entry status each means. */
export const HISTORY_STATUS: Record<'completed' | 'processing' | 'rejected', LedgerEntryStatus> = {
  completed: 'posted',
  processing: 'pending',
  rejected: 'voided',
};

/**
 * The count of matching transactions stops here: counting every row of a history of millions on
 * each page would cost more than the page. Up to the cap the count is exact and the table pages
 * normally (500 pages of 20); beyond it the answer says `resultsCapped`.
 */
export const RESULTS_CAP = 10_000;

/** Which of a customer's ledger entries a history, its export and its counts cover. */
export interface HistoryFilter {
  customerId: number;
  accountId?: number;
  /** Matched, case-insensitively, anywhere in the description or the counterparty. */
  keyword?: string;
  /** The operation type (transactionType in the spec's filter). */
  operationType?: string;
  transactionType?: string;
  excludeOperationTypes?: string[];
  /** First day shown, 'YYYY-MM-DD' (UTC). */
  fromDate?: string;
  /** Last day shown, inclusive, 'YYYY-MM-DD' (UTC). */
  toDate?: string;
  /** Decimal strings in major units, compared with the amount whatever its sign. */
  fromAmount?: string;
  toAmount?: string;
  transactionDirection?: 'incoming' | 'outgoing';
  /** A period ending now: since the first of this month, or the last 30 days (UTC). */
  period?: 'thisMonth' | 'last30Days';
  status?: keyof typeof HISTORY_STATUS;
  /** The counterparty's e-mail address. */
  email?: string;
}

/** A filter with the order and the page wanted. */
export interface HistoryQuery extends HistoryFilter {
  sortBy: keyof typeof SORT_COLUMNS;
  sortDirection: 'asc' | 'desc';
  /** 1-based. */
  pageNumber: number;
  pageSize: number;
}

/** One page of history with its counts. */
export interface HistoryPage {
  transactions: Transaction[];
  results: number;
  resultsCapped?: boolean;
  rejectedCount: number;
  processingCount: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** The first moment a period covers, counted back from `now` (UTC, as fromDate and toDate are). */
export function periodStart(period: NonNullable<HistoryFilter['period']>, now: Date): Date {
  if (period === 'thisMonth') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return new Date(now.getTime() - 30 * DAY_MS);
}
/** LIKE treats % and _ as wildcards; a keyword means its own characters. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** The ids of the accounts a filter reads: the one named (already checked as the customer's) or all of the customer's. */
async function accountIdsOf(db: Kysely<Database>, filter: HistoryFilter): Promise<number[]> {
  if (filter.accountId !== undefined) return [filter.accountId];
  const rows = await db.selectFrom('accounts').select('id').where('customer_id', '=', filter.customerId).execute();
  return rows.map((row) => row.id);
}

/**
 * The matching entries joined with their transaction, account and currency. Only the given
 * accounts are read (the customer's), so no filter can reach another customer's entries. The
 * status filter is left out when `withStatus` is false (the processing and rejected counts). A
 * keyword is matched through the trigram indexes (`keywordBy: 'index'`, for counts) or row by row
 * as the rows are read (`'scan'`, for a page or a batch that stops early).
 */
function matchingEntries(db: Kysely<Database>, filter: HistoryFilter, accountIds: number[], withStatus = true, keywordBy: 'index' | 'scan' = 'index') {
  const type = filter.transactionType ?? filter.operationType;
  const email = filter.email?.trim().toLowerCase();
  return (
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .innerJoin('currencies as c', 'c.code', 'a.currency_code')
      .where('e.account_id', 'in', accountIds)
      // Money on its way in is not the payee's until it is posted: a held or declined incoming entry stays out of sight.
      .where((eb) => eb.or([eb('e.status', '=', 'posted'), eb('e.amount', '<', 0n)]))
      .$if(type !== undefined, (qb) => qb.where('t.operation_type', '=', type!))
      .$if(Boolean(filter.excludeOperationTypes?.length), (qb) => qb.where('t.operation_type', 'not in', filter.excludeOperationTypes!))
      .$if(filter.fromDate !== undefined, (qb) => qb.where('t.created_at', '>=', startOfDay(filter.fromDate!)))
      .$if(filter.toDate !== undefined, (qb) => qb.where('t.created_at', '<', new Date(startOfDay(filter.toDate!).getTime() + DAY_MS)))
      .$if(filter.period !== undefined, (qb) => qb.where('t.created_at', '>=', periodStart(filter.period!, new Date())))
      .$if(filter.transactionDirection === 'incoming', (qb) => qb.where('e.amount', '>', 0n))
      .$if(filter.transactionDirection === 'outgoing', (qb) => qb.where('e.amount', '<', 0n))
      .$if(filter.fromAmount !== undefined, (qb) => qb.where(sql<boolean>`abs(e.amount) >= cast(${filter.fromAmount} as numeric) * power(10, c.scale)`))
      .$if(filter.toAmount !== undefined, (qb) => qb.where(sql<boolean>`abs(e.amount) <= cast(${filter.toAmount} as numeric) * power(10, c.scale)`))
      .$if(withStatus && filter.status !== undefined, (qb) => qb.where('e.status', '=', HISTORY_STATUS[filter.status!]))
      // Counting must find every match: each side of the keyword is then its own subquery, which reads its
      // trigram index (migration 0026) instead of every row. A page stops at its first rows, newest first,
      // so it tests each row as it goes: a common word is found at once, without building the whole set.
      .$if(Boolean(filter.keyword) && keywordBy === 'index', (qb) =>
        qb.where(
          sql<boolean>`(e.transaction_id in (select id from ledger_transactions where description ilike ${likePattern(filter.keyword!)})
            or e.id in (select id from ledger_entries where account_id in (${sql.join(accountIds)}) and counterparty ilike ${likePattern(filter.keyword!)}))`,
        ),
      )
      .$if(Boolean(filter.keyword) && keywordBy === 'scan', (qb) =>
        qb.where((eb) => eb.or([eb('t.description', 'ilike', likePattern(filter.keyword!)), eb('e.counterparty', 'ilike', likePattern(filter.keyword!))])),
      )
      .$if(Boolean(email), (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('e.counterparty', 'ilike', email!.replace(/[\\%_]/g, '\\$&')),
            // A transfer of this transaction to that e-mail, or to or from the customer signing in with it.
            eb.exists(
              eb
                .selectFrom('transfers as tr')
                .select(sql`1`.as('one'))
                .whereRef('tr.ledger_transaction_id', '=', 't.id')
                .where((inner) =>
                  inner.or([
                    inner(sql`lower(tr.to_email)`, '=', email!),
                    inner.exists(
                      inner
                        .selectFrom('users as u')
                        .select(sql`1`.as('one'))
                        .where('u.email', '=', email!)
                        .where('u.customer_id', '<>', filter.customerId)
                        .where((owner) =>
                          owner.or([owner('u.customer_id', '=', owner.ref('tr.to_customer_id')), owner('u.customer_id', '=', owner.ref('tr.customer_id'))]),
                        ),
                    ),
                  ]),
                ),
            ),
          ]),
        ),
      )
  );
}

/** What a transfer holding a transaction says of it: its status, and whether escrow gave the money back. */
interface TransferOutcome {
  status: TransferStatus;
  returned: boolean;
}

/**
 * What became of an entry as its holder sees it: held entries are pending; a released hold is cancelled
 * when its transfer was called off, else voided; a posted payment that escrow gave back is returned.
 */
export function entryState(status: LedgerEntryStatus, amount: bigint, transfer: TransferOutcome | undefined): NonNullable<Transaction['state']> {
  if (status === 'pending') return 'pending';
  if (status === 'voided') return transfer?.status === 'canceled' ? 'cancelled' : 'voided';
  return amount < 0n && transfer?.returned ? 'returned' : 'completed';
}

/** The transfers holding some ledger transactions, by transaction id: one query for a whole page. */
export async function transferOutcomes(db: Kysely<Database>, transactionIds: readonly bigint[]): Promise<Map<bigint, TransferOutcome>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('transfers as tr')
    .leftJoin('p2p_escrow_settlements as s', (join) => join.onRef('s.transfer_id', '=', 'tr.id').on('s.outcome', '=', 'returned'))
    .select(['tr.ledger_transaction_id', 'tr.status', 's.outcome'])
    .where('tr.ledger_transaction_id', 'in', [...new Set(transactionIds)])
    .execute();
  return new Map(rows.map((row) => [row.ledger_transaction_id!, { status: row.status, returned: row.outcome === 'returned' }]));
}

/** One entry as the history shows it. */
function toTransaction(
  row: {
    id: bigint;
    account_id: number;
    created_at: Date;
    operation_type: string;
    description: string;
    description_key: string | null;
    description_values: TextValues | null;
    amount: bigint;
    currency_code: string;
    scale: number;
    status: LedgerEntryStatus;
    counterparty: string | null;
    counterparty_key: string | null;
    counterparty_values: TextValues | null;
  },
  transfer: TransferOutcome | undefined,
  language: Language,
): Transaction {
  const description = describedIn(language, row);
  return {
    transactionId: Number(row.id),
    accountId: row.account_id,
    transactionDate: row.created_at.toISOString(),
    operationType: row.operation_type,
    amount: formatMinorUnits(row.amount, row.scale),
    currencyCode: row.currency_code,
    status: row.status,
    state: entryState(row.status, row.amount, transfer),
    direction: row.amount < 0n ? 'outgoing' : 'incoming',
    ...(description ? { description } : {}),
    ...omitNull({ counterparty: counterpartyIn(language, row) }),
  };
}

const ROW_COLUMNS = [
  't.id',
  'e.account_id',
  't.created_at',
  't.operation_type',
  't.description',
  't.description_key',
  't.description_values',
  'e.amount',
  'a.currency_code',
  'c.scale',
  'e.status',
  'e.counterparty',
  'e.counterparty_key',
  'e.counterparty_values',
] as const;

/** The counts of a filter: matching entries (up to the cap and one), and those processing and rejected. */
interface FilterCounts {
  matching: number;
  processing: number;
  rejected: number;
}

/** How long a filter's counts are reused at most, even while the ledger's version stays the same. */
const COUNTS_TTL_MS = 60_000;
/** How many filters' counts one server process keeps; the oldest go first. */
const COUNTS_KEPT = 500;
const countsCache = new Map<string, { counts: FilterCounts; at: number }>();

/**
 * What changes when the counts of any filter over these accounts may change: their newest transaction,
 * and how many of their entries are held and voided (a hold posting or being released). Read from
 * indexes, so it costs a fraction of a count.
 */
async function ledgerVersion(db: Kysely<Database>, accountIds: number[]): Promise<string> {
  // `status <> 'posted'` is the partial index ledger_entries_not_posted's own predicate, so the counts read only it.
  const { rows } = await sql<{ newest: bigint | null; pending: bigint; voided: bigint }>`
    select
      (select max(n.transaction_id) from unnest(array[${sql.join(accountIds)}]::int[]) as a(id)
         cross join lateral (select transaction_id from ledger_entries where account_id = a.id order by transaction_id desc limit 1) n) as newest,
      count(*) filter (where status = 'pending') as pending,
      count(*) filter (where status = 'voided') as voided
    from ledger_entries
    where account_id in (${sql.join(accountIds)}) and status <> 'posted'`.execute(db);
  const row = rows[0]!;
  return `${row.newest ?? 0}:${row.pending}:${row.voided}`;
}

/** The counts of a filter, counted on at most RESULTS_CAP + 1 rows (the planner stops there). */
async function countMatching(db: Kysely<Database>, filter: HistoryFilter, accountIds: number[]): Promise<FilterCounts> {
  const capped = matchingEntries(db, filter, accountIds)
    .select(sql`1`.as('one'))
    .limit(RESULTS_CAP + 1)
    .as('m');
  const { count } = await db
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .executeTakeFirstOrThrow();
  // Entries not yet posted are few; the partial index ledger_entries_not_posted finds them.
  const open = await matchingEntries(db, filter, accountIds, false)
    .where('e.status', '<>', 'posted')
    .select([
      sql<bigint>`count(*) filter (where e.status = 'pending')`.as('processing'),
      sql<bigint>`count(*) filter (where e.status = 'voided')`.as('rejected'),
    ])
    .executeTakeFirstOrThrow();
  return { matching: Number(count), processing: Number(open.processing), rejected: Number(open.rejected) };
}

/**
 * The counts of a filter, counted once and reused by every page of it (and every look at it) while the
 * customer's ledger is the same version (see {@link ledgerVersion}) and for at most a minute, so paging
 * through a long history never counts it again. A period ending now moves with the clock: the minute
 * bounds how stale its count can be.
 */
async function filterCounts(db: Kysely<Database>, filter: HistoryFilter, accountIds: number[]): Promise<FilterCounts> {
  // Every field of the filter is in the key (a field added later too); paging and sorting never reach here.
  const key = JSON.stringify([await ledgerVersion(db, accountIds), accountIds, filter]);
  const kept = countsCache.get(key);
  if (kept && Date.now() - kept.at < COUNTS_TTL_MS) return kept.counts;
  const counts = await countMatching(db, filter, accountIds);
  countsCache.delete(key);
  countsCache.set(key, { counts, at: Date.now() });
  if (countsCache.size > COUNTS_KEPT) countsCache.delete(countsCache.keys().next().value!);
  return counts;
}

/**
 * One page of a customer's history: each of their ledger entries with its transaction and what became
 * of it (`state`, from the transfer holding it), the number of entries matching the filter (exact up to
 * {@link RESULTS_CAP}, counted once per filter: see {@link filterCounts}), and how many of those are
 * still processing or were rejected. Only the customer's own accounts are ever read.
 *
 * @example
 * const { transactions, results } = await transactionHistory(db, { customerId, sortBy: 'transactionDate', sortDirection: 'desc', pageNumber: 1, pageSize: 20 }, 'ru');
 */
export async function transactionHistory(db: Kysely<Database>, query: HistoryQuery, language: Language = 'en'): Promise<HistoryPage> {
  const accountIds = await accountIdsOf(db, query);
  if (accountIds.length === 0) return { transactions: [], results: 0, rejectedCount: 0, processingCount: 0 };

  const { sortBy: _sortBy, sortDirection: _sortDirection, pageNumber: _pageNumber, pageSize: _pageSize, ...filter } = query;
  const counts = await filterCounts(db, filter, accountIds);
  // A page beyond any realistic history simply comes back empty.
  const offset = Math.min((query.pageNumber - 1) * query.pageSize, Number.MAX_SAFE_INTEGER);
  const rows = await matchingEntries(db, query, accountIds, true, 'scan')
    .select([...ROW_COLUMNS])
    .orderBy(SORT_COLUMNS[query.sortBy], query.sortDirection)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .orderBy('e.id', 'desc')
    .limit(query.pageSize)
    .offset(offset)
    .execute();
  const transfers = await transferOutcomes(
    db,
    rows.filter((row) => row.status !== 'posted' || row.amount < 0n).map((row) => row.id),
  );

  return {
    results: Math.min(counts.matching, RESULTS_CAP),
    ...(counts.matching > RESULTS_CAP ? { resultsCapped: true } : {}),
    processingCount: counts.processing,
    rejectedCount: counts.rejected,
    transactions: rows.map((row) => toTransaction(row, transfers.get(row.id), language)),
  };
}

/**
 * Every matching entry, newest first, read in batches with a keyset (the last row's date and ids),
 * so an export of millions of rows never holds more than one batch in memory nor pays for an offset.
 *
 * @example
 * for await (const batch of historyBatches(db, { customerId }, 'es')) for (const row of batch) write(row);
 */
export async function* historyBatches(db: Kysely<Database>, filter: HistoryFilter, language: Language = 'en', batchSize = 1000): AsyncGenerator<Transaction[]> {
  const accountIds = await accountIdsOf(db, filter);
  if (accountIds.length === 0) return;
  let after: { at: string; transactionId: bigint; entryId: bigint } | undefined;
  for (;;) {
    const cursor = after;
    const rows = await matchingEntries(db, filter, accountIds, true, 'scan')
      .select([...ROW_COLUMNS, 'e.id as entry_id', sql<string>`t.created_at::text`.as('created_at_text')])
      // The timestamp travels as PostgreSQL's own text: a JavaScript Date would lose its microseconds.
      .$if(cursor !== undefined, (qb) =>
        qb.where(sql<boolean>`(t.created_at, t.id, e.id) < (cast(${cursor!.at} as timestamptz), ${cursor!.transactionId}, ${cursor!.entryId})`),
      )
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .orderBy('e.id', 'desc')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    const transfers = await transferOutcomes(
      db,
      rows.filter((row) => row.status !== 'posted' || row.amount < 0n).map((row) => row.id),
    );
    yield rows.map((row) => toTransaction(row, transfers.get(row.id), language));
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { at: last.created_at_text, transactionId: last.id, entryId: last.entry_id };
  }
}
