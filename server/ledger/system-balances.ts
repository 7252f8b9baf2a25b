import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * An account's balance as a select expression over `accounts as a`: its `balance`, plus, for a system
 * account, the legs not yet folded into it (system_balance_deltas, migration 0030). Customer accounts
 * have no deltas: their balance is the column.
 *
 * @example
 * await db.selectFrom('accounts as a').select(['a.id', currentBalance.as('balance')]).execute();
 */
export const currentBalance = sql<bigint>`(a.balance + coalesce((select sum(d.amount) from system_balance_deltas d where d.account_id = a.id), 0))::bigint`;

/**
 * Adds the system accounts' deltas into their balances, in one statement; answers how many accounts
 * moved. The scheduler runs it at each wake-up (server/app.ts). Safe from several processes at once:
 * one folds, the others find the lock taken.
 *
 * @example
 * await foldSystemBalances(db);
 */
export async function foldSystemBalances(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ folded: number }>`select ledger_fold_system_balances() as folded`.execute(db);
  return rows[0]?.folded ?? 0;
}
