import type { Kysely } from 'kysely';
import type { BlacklistBlockType, Database } from '../db/schema.ts';
import type { TextValues } from '../i18n/texts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/**
 * The payout kinds a blacklist entry can block (document 001 section 6: the customer chooses):
 * every payout, person-to-person transfers, invoice payments, or mass payouts.
 */
export const BLOCK_TYPES: readonly BlacklistBlockType[] = ['all', 'p2p', 'invoices', 'massPayouts'];

/** A blacklisted recipient as the blacklist methods answer it (document 001 section 3, Blacklist user). */
export interface BlacklistEntry {
  email: string;
  blockType: BlacklistBlockType;
  created: string;
}

/** Most entries one customer may keep. */
export const MAX_BLACKLIST_ENTRIES = 500;

/**
 * The customer's blacklist, newest first.
 *
 * @example
 * const entries = await listBlacklist(db, customerId);
 */
export async function listBlacklist(db: Kysely<Database>, customerId: number): Promise<BlacklistEntry[]> {
  const rows = await db
    .selectFrom('payout_blacklist')
    .select(['email', 'block_type', 'created_at'])
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ email: row.email, blockType: row.block_type, created: row.created_at.toISOString() }));
}

/**
 * Blacklists a recipient e-mail (stored lower-case) for one block type. An e-mail already on the
 * list is refused TA1 on the email field: delete it first to change its type.
 */
export async function addToBlacklist(db: Kysely<Database>, customerId: number, email: string, blockType: BlacklistBlockType): Promise<BlacklistEntry> {
  const normalised = email.trim().toLowerCase();
  const count = await db
    .selectFrom('payout_blacklist')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_BLACKLIST_ENTRIES) {
    throw fieldRefusal('server.blacklist.full', { max: MAX_BLACKLIST_ENTRIES });
  }
  const row = await db
    .insertInto('payout_blacklist')
    .values({ customer_id: customerId, email: normalised, block_type: blockType })
    .onConflict((conflict) => conflict.columns(['customer_id', 'email']).doNothing())
    .returning(['email', 'block_type', 'created_at'])
    .executeTakeFirst();
  if (!row) throw fieldRefusal('server.blacklist.already', { email: normalised });
  return { email: row.email, blockType: row.block_type, created: row.created_at.toISOString() };
}

/**
 * Takes an e-mail off the customer's blacklist. An e-mail not on this customer's list (another
 * customer's entry included) is refused 13 and nothing changes.
 */
export async function removeFromBlacklist(db: Kysely<Database>, customerId: number, email: string): Promise<void> {
  const removed = await db
    .deleteFrom('payout_blacklist')
    .where('customer_id', '=', customerId)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw new RpcRefusal('13');
}

/**
 * Whether the customer has blocked payouts of `type` to `email`: an entry of that type or of type
 * 'all'. Transfer, invoice and mass-payout areas ask this before sending money.
 *
 * @example
 * if (await isBlacklisted(db, customerId, toEmail, 'p2p')) throw new RpcRefusal('TA1', { ... });
 */
export async function isBlacklisted(db: Kysely<Database>, customerId: number, email: string, type: BlacklistBlockType): Promise<boolean> {
  const row = await db
    .selectFrom('payout_blacklist')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('email', '=', email.trim().toLowerCase())
    .where('block_type', 'in', type === 'all' ? BLOCK_TYPES : ['all', type])
    .executeTakeFirst();
  return row !== undefined;
}

function fieldRefusal(key: string, values: TextValues): RpcRefusal {
  return new RpcRefusal('TA1', { key, values, validationErrors: [{ field: 'email', key, values }] });
}
