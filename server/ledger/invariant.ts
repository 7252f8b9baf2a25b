import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { currentBalance } from './system-balances.ts';

/** What `checkLedgerInvariant` found. `holds` is true only when every list is empty. */
export interface LedgerInvariantReport {
  holds: boolean;
  /** Currencies whose balances do not sum to zero, with the sum in minor units. */
  unbalancedCurrencies: Array<{ currencyCode: string; total: bigint }>;
  /** Accounts whose balance differs from the sum of their posted entries. */
  accountsOutOfStep: Array<{ accountId: number; balance: bigint; entries: bigint }>;
  /** Transactions whose entries do not sum to zero per currency. */
  unbalancedTransactions: bigint[];
  /** Customer accounts whose held amount differs from what their pending entries take. */
  holdsOutOfStep: Array<{ accountId: number; pending: bigint; held: bigint }>;
}

/**
 * Proves the ledger's double-entry invariant: every currency's balances sum to zero, every balance
 * equals the sum of its account's posted entries, every transaction balances per currency, and every
 * customer account's held amount equals what its pending entries take.
 * Reads one consistent snapshot (repeatable read), so it may run while money moves.
 *
 * @example
 * const report = await checkLedgerInvariant(db);
 * if (!report.holds) alert(report);
 */
export async function checkLedgerInvariant(db: Kysely<Database>): Promise<LedgerInvariantReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // A system account's balance counts its deltas not yet folded (server/ledger/system-balances.ts).
      const balances = trx.selectFrom('accounts as a').select(['a.id', 'a.currency_code', currentBalance.as('balance')]);
      const currencies = await trx
        .selectFrom(balances.as('b'))
        .select(['b.currency_code', sql<string>`sum(b.balance)::text`.as('total')])
        .groupBy('b.currency_code')
        .having(sql`sum(b.balance)`, '<>', 0)
        .execute();
      const accounts = await trx
        .selectFrom(balances.as('a'))
        .leftJoin('ledger_entries as e', (join) => join.onRef('e.account_id', '=', 'a.id').on('e.status', '=', 'posted'))
        .select(['a.id', 'a.balance', sql<string>`coalesce(sum(e.amount), 0)::text`.as('entries')])
        .groupBy(['a.id', 'a.balance'])
        .having(sql`coalesce(sum(e.amount), 0)`, '<>', sql.ref('a.balance'))
        .execute();
      const transactions = await trx
        .selectFrom('ledger_entries as e')
        .innerJoin('accounts as a', 'a.id', 'e.account_id')
        .select('e.transaction_id')
        .where('e.status', '<>', 'voided')
        .groupBy(['e.transaction_id', 'a.currency_code'])
        .having(sql`sum(e.amount)`, '<>', 0)
        .execute();
      const holds = await trx
        .selectFrom('accounts as a')
        .leftJoin('ledger_entries as e', (join) => join.onRef('e.account_id', '=', 'a.id').on('e.status', '=', 'pending').on('e.amount', '<', 0n))
        .select(['a.id', 'a.pending', sql<string>`coalesce(-sum(e.amount), 0)::text`.as('held')])
        .where('a.customer_id', 'is not', null)
        .groupBy(['a.id', 'a.pending'])
        .having(sql`coalesce(-sum(e.amount), 0)`, '<>', sql.ref('a.pending'))
        .execute();
      const unbalancedCurrencies = currencies.map((row) => ({ currencyCode: row.currency_code, total: BigInt(row.total) }));
      const accountsOutOfStep = accounts.map((row) => ({ accountId: row.id, balance: row.balance, entries: BigInt(row.entries) }));
      const unbalancedTransactions = [...new Set(transactions.map((row) => row.transaction_id))];
      const holdsOutOfStep = holds.map((row) => ({ accountId: row.id, pending: row.pending, held: BigInt(row.held) }));
      return {
        holds: !unbalancedCurrencies.length && !accountsOutOfStep.length && !unbalancedTransactions.length && !holdsOutOfStep.length,
        unbalancedCurrencies,
        accountsOutOfStep,
        unbalancedTransactions,
        holdsOutOfStep,
      };
    });
}
