import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What every key starts with, so a leaked key is recognised by secret scanners and people alike. */
const KEY_PREFIX = 'mk_';
/** How much of a key screens show to tell keys apart: the prefix and 8 random characters. */
const VISIBLE_CHARACTERS = KEY_PREFIX.length + 8;

/**
 * The stored form of a key: its SHA-256 in hex. A key is 32 random bytes (256 bits), so no
 * dictionary or brute force can find it from its hash, and a fast hash lets every API request be
 * checked by one indexed lookup; a slow password hash (Argon2id) is for low-entropy secrets people choose.
 *
 * @example
 * keyHash('mk_…'); // '9f86d0…'
 */
export const keyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new key and what is stored of it. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, VISIBLE_CHARACTERS), hash: keyHash(key) };
}

/** An API key as the management paths answer it. */
export interface ApiKeyView {
  id: number;
  customerId: number;
  name: string;
  enabled: boolean;
  prefix: string;
  createdAt: string;
  lastUsedAt?: string;
}

const apiKeyColumns = ['id', 'customer_id', 'name', 'enabled', 'prefix', 'created_at', 'last_used_at'] as const;

type ApiKeyRow = { id: number; customer_id: number; name: string; enabled: boolean; prefix: string; created_at: Date; last_used_at: Date | null };

const viewOf = (row: ApiKeyRow): ApiKeyView => ({
  id: row.id,
  customerId: row.customer_id,
  name: row.name,
  enabled: row.enabled,
  prefix: row.prefix,
  createdAt: row.created_at.toISOString(),
  ...(row.last_used_at ? { lastUsedAt: row.last_used_at.toISOString() } : {}),
});

/** Creates a key for a customer; the key itself is in the answer only. */
export async function createApiKey(
  db: Kysely<Database>,
  customerId: number,
  input: { name: string; enabled?: boolean },
): Promise<{ apiKey: ApiKeyView; key: string }> {
  const { key, prefix, hash } = newApiKey();
  const row = await db
    .insertInto('api_keys')
    .values({ customer_id: customerId, name: input.name.trim(), prefix, key_hash: hash, enabled: input.enabled ?? true })
    .returning(apiKeyColumns)
    .executeTakeFirstOrThrow();
  return { apiKey: viewOf(row), key };
}

/** A customer's keys that are not deleted, oldest first. */
export async function listApiKeys(db: Kysely<Database>, customerId: number): Promise<ApiKeyView[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(apiKeyColumns)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map(viewOf);
}

/** Renames, enables or disables a customer's key; undefined when the customer has no such key. */
export async function updateApiKey(
  db: Kysely<Database>,
  customerId: number,
  id: number,
  change: { name?: string; enabled?: boolean },
): Promise<ApiKeyView | undefined> {
  const set = { ...(change.name !== undefined ? { name: change.name.trim() } : {}), ...(change.enabled !== undefined ? { enabled: change.enabled } : {}) };
  // Nothing to change: the key as it is (an empty SET is no SQL).
  if (Object.keys(set).length === 0) {
    const current = await db
      .selectFrom('api_keys')
      .select(apiKeyColumns)
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return current && viewOf(current);
  }
  const row = await db
    .updateTable('api_keys')
    .set(set)
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .returning(apiKeyColumns)
    .executeTakeFirst();
  return row && viewOf(row);
}

/** Deletes a customer's key: it stops working at once; its row stays for the requests logged with it. */
export async function deleteApiKey(db: Kysely<Database>, customerId: number, id: number): Promise<boolean> {
  const row = await db
    .updateTable('api_keys')
    .set({ deleted_at: new Date(), enabled: false })
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The key a request presents, enabled or not, or undefined when no key has that value. */
export async function keyByValue(db: Kysely<Database>, key: string): Promise<{ id: number; customerId: number; usable: boolean } | undefined> {
  const row = await db.selectFrom('api_keys').select(['id', 'customer_id', 'enabled', 'deleted_at']).where('key_hash', '=', keyHash(key)).executeTakeFirst();
  return row && { id: row.id, customerId: row.customer_id, usable: row.enabled && row.deleted_at === null };
}
