import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ACCOUNT_STATUS } from '../ledger/account-status.ts';
import { formatMinorUnits } from '../ledger/money.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** An account's closing balance at the end of some days, oldest first. */
export interface BalanceHistory {
  accountId?: number;
  currencyCode?: string;
  points: Array<{ date: string; balance: string; currencyCode: string }>;
}

/**
 * The closing posted balance of an account at the end of each `step`-th day (UTC) of the last
 * `days` days, today last. Worked backwards from the posted balance: the balance at the end of a day
 * is today's less everything posted after that day, read as one sum per day from the entries. Only
 * posted entries move a balance; held and voided ones are left out. Without `accountId`, the
 * customer's first open account; another customer's account is refused with 13.
 *
 * @example
 * const { points } = await balanceHistory(db, customerId, { days: 90, step: 7 });
 */
export async function balanceHistory(
  db: Kysely<Database>,
  customerId: number,
  options: { accountId?: number; days: number; step: number },
  now: Date = new Date(),
): Promise<BalanceHistory> {
  const account = await db
    .selectFrom('accounts as a')
    .innerJoin('currencies as c', 'c.code', 'a.currency_code')
    .select(['a.id', 'a.balance', 'a.currency_code', 'c.scale'])
    .where('a.customer_id', '=', customerId)
    .$if(options.accountId !== undefined, (qb) => qb.where('a.id', '=', options.accountId!))
    .$if(options.accountId === undefined, (qb) => qb.where('a.status', '=', ACCOUNT_STATUS.open))
    .orderBy('a.id')
    .executeTakeFirst();
  if (!account) {
    if (options.accountId !== undefined) throw new RpcRefusal('13');
    return { points: [] };
  }

  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const firstDay = today - (options.days - 1) * DAY_MS;
  // What was posted each day from the first day on (UTC days).
  const daily = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select([sql<string>`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'), sql<string>`sum(e.amount)::text`.as('total')])
    .where('e.account_id', '=', account.id)
    .where('e.status', '=', 'posted')
    .where('t.created_at', '>=', new Date(firstDay + DAY_MS))
    .groupBy(sql`1`)
    .execute();
  const postedOn = new Map(daily.map((row) => [row.day, BigInt(row.total)]));

  // End of today is the posted balance (entries dated in the future count as today's).
  let balance = account.balance;
  const closing = new Map<string, bigint>();
  for (let day = today; day >= firstDay; day -= DAY_MS) {
    closing.set(isoDay(day), balance);
    balance -= postedOn.get(isoDay(day)) ?? 0n;
  }
  const points: BalanceHistory['points'] = [];
  for (let day = today; day >= firstDay; day -= options.step * DAY_MS) {
    points.push({ date: isoDay(day), balance: formatMinorUnits(closing.get(isoDay(day))!, account.scale), currencyCode: account.currency_code });
  }
  return { accountId: account.id, currencyCode: account.currency_code, points: points.reverse() };
}
