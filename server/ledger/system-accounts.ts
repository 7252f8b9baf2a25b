import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What a system account is for. Each currency has one of each: fees collected, the FX position
 * (the other side of every exchange), and one clearing account per rail where money enters or
 * leaves the bank, and escrow where a person-to-person transfer waits for a payee who has not
 * registered yet, and where a confirmed batch waits while its rows are paid (`escrow:batch`). System
 * accounts may go negative; customer accounts may not.
 */
export const SYSTEM_PURPOSES = [
  'fees',
  'fx',
  'clearing:wire',
  'clearing:card',
  'clearing:deposit',
  'escrow:p2p',
  'clearing:crypto',
  'clearing:eft',
  'clearing:oct',
  'clearing:crypto_eft',
  'clearing:instant_payment',
  'clearing:interac',
  'escrow:batch',
] as const;
export type SystemPurpose = (typeof SYSTEM_PURPOSES)[number];

/**
 * Type code of system accounts: outside the customer ranges (1001, 4001, 4002, cards 2006-2135),
 * never shown to anyone.
 */
export const SYSTEM_ACCOUNT_TYPE = 9001;

/**
 * Creates the missing system accounts for every currency. Safe to run on every start and from
 * several instances at once.
 *
 * @example
 * await ensureSystemAccounts(db);
 */
export async function ensureSystemAccounts(db: Kysely<Database>): Promise<void> {
  const currencies = await db.selectFrom('currencies').select('code').execute();
  const rows = currencies.flatMap(({ code }) =>
    SYSTEM_PURPOSES.map((purpose) => ({ system_purpose: purpose, currency_code: code, type: SYSTEM_ACCOUNT_TYPE, name: `${purpose} ${code}` })),
  );
  await db
    .insertInto('accounts')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['system_purpose', 'currency_code']).doNothing())
    .execute();
}

/**
 * The ids of system accounts already read, per database: a system account is created once and never
 * deleted, so its id is read once per process. Keyed by the Kysely instance's dialect adapter, which
 * the instance's transactions share with it.
 */
const knownIds = new WeakMap<object, Map<string, number>>();

/**
 * The id of the system account for `purpose` in `currency` (read from the database the first time only).
 *
 * @example
 * const fees = await systemAccountId(db, 'fees', 'USD');
 */
export async function systemAccountId(db: Kysely<Database> | Transaction<Database>, purpose: SystemPurpose, currency: string): Promise<number> {
  const adapter = db.getExecutor().adapter;
  let ids = knownIds.get(adapter);
  if (!ids) knownIds.set(adapter, (ids = new Map()));
  const key = `${purpose} ${currency}`;
  const known = ids.get(key);
  if (known !== undefined) return known;
  const row = await db.selectFrom('accounts').select('id').where('system_purpose', '=', purpose).where('currency_code', '=', currency).executeTakeFirst();
  if (!row) throw new Error(`No ${purpose} account in ${currency}: add the currency to the currencies table and restart so it is created.`);
  ids.set(key, row.id);
  return row.id;
}
