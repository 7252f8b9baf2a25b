/**
 * Helpers for the ledger proofs (ledger-concurrency, ledger-properties, ledger-crash) and the ledger
 * benchmark: customers and accounts made directly in a test database, funding through the ledger, and
 * the checks every proof ends with.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { ALL_BUSINESS_RIGHTS, type Database } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { checkLedgerInvariant, type LedgerInvariantReport } from '../../server/ledger/invariant.ts';
import { postLedgerTransaction } from '../../server/ledger/post-transaction.ts';
import { currentBalance } from '../../server/ledger/system-balances.ts';
import { systemAccountId } from '../../server/ledger/system-accounts.ts';

/**
 * A new, empty database on the PostgreSQL server of TEST_DATABASE_URL (for a server process of its
 * own), and how to drop it.
 *
 * @example
 * const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
 * await startServer({ DATABASE_URL: database.url });
 */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ledger_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The password of every user these helpers create. */
export const TEST_PASSWORD = 'Ledger-proof-2026';

let passwordHash: Promise<string> | undefined;
let serial = 0;

/** A fresh, unique e-mail for a test user (lower-case, as users.email is stored). */
export function uniqueEmail(prefix: string): string {
  serial += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${serial}@ledger.test`.toLowerCase();
}

/**
 * A personal customer with a user who signs in with TEST_PASSWORD, a confirmed primary e-mail and no
 * transaction approval (mode null), so transfers complete at once.
 *
 * @example
 * const { customerId, email } = await createPersonalCustomer(db, 'payer');
 */
export async function createPersonalCustomer(
  db: Kysely<Database>,
  name: string,
  options: { approveMode?: number | null } = {},
): Promise<{ customerId: number; userId: number; email: string }> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = uniqueEmail(name);
  const customer = await db
    .insertInto('customers')
    .values({
      type: 'personal',
      first_name: name,
      last_name: 'Ledger',
      business_name: null,
      birth_day: '1990-01-01',
      residence_country_code: 'GB',
      tax_id: null,
      verified: true,
      due_diligence_level: null,
      transaction_approve_mode: options.approveMode ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ email, password_hash: await passwordHash, customer_id: customer.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('customer_emails')
    .values({ customer_id: customer.id, email, confirmed: true, is_primary: true, confirmation_token_hash: null, confirmation_expires_at: null })
    .execute();
  return { customerId: customer.id, userId: user.id, email };
}

/** A payment account (type 1001) of `customerId`; `balanceMin` in minor units (default 0). */
export async function openAccount(db: Kysely<Database>, customerId: number, currency: string, balanceMin = 0n): Promise<number> {
  const { id } = await db
    .insertInto('accounts')
    .values({ customer_id: customerId, currency_code: currency, type: 1001, balance_min: balanceMin })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Puts `amount` minor units into `accountId` from the deposit clearing account of its currency. */
export async function fund(db: Kysely<Database>, accountId: number, amount: bigint): Promise<void> {
  const { currency_code: currency } = await db.selectFrom('accounts').select('currency_code').where('id', '=', accountId).executeTakeFirstOrThrow();
  await postLedgerTransaction(db, {
    operationType: 'Deposit',
    description: 'Ledger proof funding',
    legs: [
      { accountId: await systemAccountId(db, 'clearing:deposit', currency), amount: -amount },
      { accountId, amount },
    ],
  });
}

/** Balances, held amounts and minimums of some accounts, by id. */
export async function accountStates(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, { balance: bigint; pending: bigint; balanceMin: bigint }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('accounts as a')
    .select(['a.id', currentBalance.as('balance'), 'a.pending', 'a.balance_min'])
    .where('a.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, { balance: BigInt(row.balance), pending: BigInt(row.pending), balanceMin: BigInt(row.balance_min) }]));
}

/** Everything the ledger must satisfy after any load, with what broke it. `ok` only when all hold. */
export interface LedgerHealth {
  ok: boolean;
  invariant: LedgerInvariantReport;
  /** Customer accounts whose available balance (balance - pending) is below their minimum. */
  belowMinimum: Array<{ id: number; balance: string; pending: string; balanceMin: string }>;
  /** Transactions with fewer than two entries (a half-written posting). */
  loneEntries: string[];
}

/** What ledgerHealth finds when nothing is wrong: `expect(health).toMatchObject(HEALTHY)` shows what broke. */
export const HEALTHY = {
  ok: true,
  belowMinimum: [],
  loneEntries: [],
  invariant: { unbalancedCurrencies: [], accountsOutOfStep: [], unbalancedTransactions: [], holdsOutOfStep: [] },
};

/**
 * Checks the ledger as a whole: the double-entry invariant (checkLedgerInvariant: currencies sum to
 * zero, balances and held amounts match their entries), no customer account below its minimum, no
 * transaction with fewer than two entries.
 *
 * @example
 * expect(await ledgerHealth(db)).toMatchObject({ ok: true });
 */
export async function ledgerHealth(db: Kysely<Database>): Promise<LedgerHealth> {
  const invariant = await checkLedgerInvariant(db);
  const belowMinimum = (
    await db
      .selectFrom('accounts')
      .select(['id', sql<string>`balance::text`.as('balance'), sql<string>`pending::text`.as('pending'), sql<string>`balance_min::text`.as('balanceMin')])
      .where('customer_id', 'is not', null)
      .where(sql<boolean>`balance - pending < balance_min`)
      .execute()
  ).map((row) => ({ id: row.id, balance: row.balance, pending: row.pending, balanceMin: row.balanceMin }));
  const loneEntries = (
    await sql<{ id: string }>`
      select t.id::text as id from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
      group by t.id having count(e.id) < 2`.execute(db)
  ).rows.map((row) => row.id);
  return {
    ok: invariant.holds && !belowMinimum.length && !loneEntries.length,
    invariant,
    belowMinimum,
    loneEntries,
  };
}

/** How many ledger transactions carry each of `keys` (0 for a key that left nothing). */
export async function transactionsPerKey(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(keys.map((key) => [key, 0]));
  if (!keys.length) return counts;
  const rows = await db
    .selectFrom('ledger_transactions')
    .select(['idempotency_key', (eb) => eb.fn.countAll<string>().as('n')])
    .where('idempotency_key', 'in', [...keys])
    .groupBy('idempotency_key')
    .execute();
  for (const row of rows) counts.set(row.idempotency_key!, Number(row.n));
  return counts;
}

/** The number of ledger transactions. */
export async function transactionCount(db: Kysely<Database>): Promise<number> {
  return Number(
    (
      await db
        .selectFrom('ledger_transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** Runs `work` over `items` with at most `limit` running at once; results in input order. */
export async function mapConcurrently<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Two new users of the business `customerId`, signed in: `reader` holds every right but companySettings (reads the
 * merchant's settings, changes none), `blind` every right but balanceInfo (reads nothing of it).
 *
 * @example
 * const { reader, blind } = await readerAndBlindUsers(test.server.db, client, northwindId, 'logo');
 */
export async function readerAndBlindUsers<Tokens>(
  db: Kysely<Database>,
  client: { signIn(email: string, password: string): Promise<Tokens> },
  customerId: number,
  prefix: string,
): Promise<{ reader: Tokens; blind: Tokens }> {
  const user = async (name: string, left: string) => {
    const { userId, email } = await createPersonalCustomer(db, name);
    const rights = ALL_BUSINESS_RIGHTS.filter((right) => right !== left);
    await db
      .insertInto('customer_access')
      .values({ user_id: userId, customer_id: customerId, rights: [...rights] as never })
      .execute();
    return client.signIn(email, TEST_PASSWORD);
  };
  return { reader: await user(`${prefix}-reader`, 'companySettings'), blind: await user(`${prefix}-blind`, 'balanceInfo') };
}
