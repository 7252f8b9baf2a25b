import type { Kysely } from 'kysely';
import type { Transaction } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { omitNull } from '../db/omit-null.ts';

/** What the history can be ordered by, and the column each means. */
const SORT_COLUMNS = {
  transactionDate: 't.created_at',
  amount: 'e.amount',
  operationType: 't.operation_type',
  description: 't.description',
} as const;

/** Which of a customer's ledger entries to show, and which page of them. */
export interface HistoryQuery {
  customerId: number;
  accountId?: number;
  /** Matched, case-insensitively, anywhere in the description or the counterparty. */
  keyword?: string;
  operationType?: string;
  excludeOperationTypes?: string[];
  /** First day shown, 'YYYY-MM-DD' (UTC). */
  fromDate?: string;
  /** Last day shown, inclusive, 'YYYY-MM-DD' (UTC). */
  toDate?: string;
  sortBy: keyof typeof SORT_COLUMNS;
  sortDirection: 'asc' | 'desc';
  /** 1-based. */
  pageNumber: number;
  pageSize: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (date: string) => new Date(`${date}T00:00:00Z`);
/** LIKE treats % and _ as wildcards; a keyword means its own characters. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * One page of a customer's history: each of their ledger entries with its transaction, plus the
 * number of entries matching the filter. Only the customer's own accounts are ever read.
 *
 * @example
 * const { transactions, results } = await transactionHistory(db, { customerId, sortBy: 'transactionDate', sortDirection: 'desc', pageNumber: 1, pageSize: 20 });
 */
export async function transactionHistory(db: Kysely<Database>, query: HistoryQuery): Promise<{ transactions: Transaction[]; results: number }> {
  const matching = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .where('a.customer_id', '=', query.customerId)
    .$if(query.accountId !== undefined, (qb) => qb.where('e.account_id', '=', query.accountId!))
    .$if(query.operationType !== undefined, (qb) => qb.where('t.operation_type', '=', query.operationType!))
    .$if(Boolean(query.excludeOperationTypes?.length), (qb) => qb.where('t.operation_type', 'not in', query.excludeOperationTypes!))
    .$if(query.fromDate !== undefined, (qb) => qb.where('t.created_at', '>=', startOfDay(query.fromDate!)))
    .$if(query.toDate !== undefined, (qb) => qb.where('t.created_at', '<', new Date(startOfDay(query.toDate!).getTime() + DAY_MS)))
    .$if(Boolean(query.keyword), (qb) =>
      qb.where((eb) => eb.or([eb('t.description', 'ilike', likePattern(query.keyword!)), eb('e.counterparty', 'ilike', likePattern(query.keyword!))])),
    );

  const { count } = await matching.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow();
  // A page beyond any realistic history simply comes back empty.
  const offset = Math.min((query.pageNumber - 1) * query.pageSize, Number.MAX_SAFE_INTEGER);
  const rows = await matching
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['t.id', 'e.account_id', 't.created_at', 't.operation_type', 't.description', 'e.amount', 'a.currency_code', 'c.scale', 'e.status', 'e.counterparty'])
    .orderBy(SORT_COLUMNS[query.sortBy], query.sortDirection)
    .orderBy('t.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(query.pageSize)
    .offset(offset)
    .execute();

  return {
    results: Number(count),
    transactions: rows.map((row) => ({
      transactionId: Number(row.id),
      accountId: row.account_id,
      transactionDate: row.created_at.toISOString(),
      operationType: row.operation_type,
      amount: formatMinorUnits(row.amount, row.scale),
      currencyCode: row.currency_code,
      status: row.status,
      ...(row.description ? { description: row.description } : {}),
      ...omitNull({ counterparty: row.counterparty }),
    })),
  };
}
