import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The permission flags for mass sending (document 001 section 3: 'Mass sending covers wire, EFT, card,
 * instant, Interac, user, crypto and global'), kept in the customer's attributes like the other
 * permission flags, all false unless set.
 */
export const MASS_SENDING_FLAGS = [
  'massSendingWire',
  'massSendingEft',
  'massSendingCard',
  'massSendingInstant',
  'massSendingInterac',
  'massSendingUser',
  'massSendingCrypto',
  'massSendingGlobal',
] as const;
export type MassSendingFlag = (typeof MASS_SENDING_FLAGS)[number];

/** The flag each batch method needs (global pay's batches need massSendingGlobal). */
export const FLAG_OF_METHOD = {
  wire: 'massSendingWire',
  eft: 'massSendingEft',
  creditCard: 'massSendingCard',
  instant: 'massSendingInstant',
  interac: 'massSendingInterac',
  p2p: 'massSendingUser',
  cryptoEft: 'massSendingCrypto',
} as const satisfies Record<string, MassSendingFlag>;

/**
 * The customer's mass sending flags, each false unless the customer's attributes set it true.
 *
 * @example
 * await massSendingFlags(db, customerId); // { massSendingWire: true, massSendingEft: false, ... }
 */
export async function massSendingFlags(db: Kysely<Database> | Transaction<Database>, customerId: number): Promise<Record<MassSendingFlag, boolean>> {
  const customer = await db.selectFrom('customers').select('attributes').where('id', '=', customerId).executeTakeFirst();
  const attributes = customer?.attributes ?? {};
  return Object.fromEntries(MASS_SENDING_FLAGS.map((flag) => [flag, attributes[flag] === true])) as Record<MassSendingFlag, boolean>;
}

/**
 * Sets some of a customer's mass sending flags (an operator's grant, the demo data, tests), leaving the
 * other attributes as they are.
 *
 * @example
 * await setMassSendingFlags(db, customerId, { massSendingWire: true, massSendingUser: true });
 */
export async function setMassSendingFlags(
  db: Kysely<Database> | Transaction<Database>,
  customerId: number,
  flags: Partial<Record<MassSendingFlag, boolean>>,
): Promise<void> {
  await db
    .updateTable('customers')
    .set({ attributes: sql`coalesce(attributes, '{}'::jsonb) || ${JSON.stringify(flags)}::jsonb` })
    .where('id', '=', customerId)
    .execute();
}
