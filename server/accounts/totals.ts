import type { Kysely } from 'kysely';
import type { RpcResponse } from '../../generated/methods.ts';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS, PAYMENT_ACCOUNT_TYPE } from '../ledger/account-status.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { convertAtMidRate } from '../pricing/pricing.ts';

/** One open account as the total reads it: its posted balance in minor units and its currency's scale. */
export interface HeldBalance {
  type: number;
  currencyCode: string;
  currencySymbol?: string;
  scale: number;
  balance: bigint;
}

export type BalanceTotal = RpcResponse<'balanceTotal'>;

/**
 * Adds up open accounts (in the order they were opened): one total in the main currency (the first
 * payment account's, else the first account's) when every currency converts, else one per currency in
 * the order first held. Exact: minor units in bigint, converted once per currency.
 *
 * @example
 * addUpBalances([{ type: 1001, currencyCode: 'USD', scale: 2, balance: 1000n }, { type: 1001, currencyCode: 'EUR', scale: 2, balance: 920n }]);
 * // { accountCount: 2, totals: [{ currencyCode: 'USD', amount: '20.00', converted: true }] }
 */
export function addUpBalances(accounts: readonly HeldBalance[]): BalanceTotal {
  const perCurrency = new Map<string, HeldBalance>();
  for (const account of accounts) {
    const held = perCurrency.get(account.currencyCode);
    perCurrency.set(account.currencyCode, held ? { ...held, balance: held.balance + account.balance } : { ...account });
  }
  const main = accounts.find((account) => account.type === PAYMENT_ACCOUNT_TYPE) ?? accounts[0];
  const symbol = (held: HeldBalance) => (held.currencySymbol ? { currencySymbol: held.currencySymbol } : {});
  const separately = (): BalanceTotal['totals'] =>
    [...perCurrency.values()].map((held) => ({
      currencyCode: held.currencyCode,
      ...symbol(held),
      amount: formatMinorUnits(held.balance, held.scale),
      converted: false,
    }));
  if (!main) return { accountCount: 0, totals: [] };
  if (perCurrency.size === 1) return { accountCount: accounts.length, totals: separately() };
  let sum = 0n;
  for (const held of perCurrency.values()) {
    const converted = convertAtMidRate(held.balance, { currency: held.currencyCode, scale: held.scale }, { currency: main.currencyCode, scale: main.scale });
    if (converted === null) return { accountCount: accounts.length, totals: separately() };
    sum += converted;
  }
  return {
    accountCount: accounts.length,
    totals: [{ currencyCode: main.currencyCode, ...symbol(main), amount: formatMinorUnits(sum, main.scale), converted: true }],
  };
}

/**
 * What balanceTotal answers for a customer: their open accounts (card accounts included) added up.
 *
 * @example
 * const { accountCount, totals } = await customerBalanceTotal(db, customerId);
 */
export async function customerBalanceTotal(db: Kysely<Database>, customerId: number): Promise<BalanceTotal> {
  const rows = await db
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['a.type', 'a.currency_code', 'a.balance', 'c.scale', 'c.symbol'])
    .where('a.customer_id', '=', customerId)
    .where('a.status', '=', ACCOUNT_STATUS.open)
    .orderBy('a.id')
    .execute();
  return addUpBalances(
    rows.map((row) => ({
      type: row.type,
      currencyCode: row.currency_code,
      scale: row.scale,
      balance: BigInt(row.balance),
      ...(row.symbol ? { currencySymbol: row.symbol } : {}),
    })),
  );
}
