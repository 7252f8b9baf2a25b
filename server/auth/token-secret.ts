import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ConfigError } from '../config.ts';
import type { Database } from '../db/schema.ts';

const SETTING = 'token_secret';
const MIN_LENGTH = 32;

/**
 * The key that signs access tokens: TOKEN_SECRET when set, otherwise a random secret generated on
 * the first start and kept in app_settings, so restarts and other instances accept the same tokens.
 *
 * @example
 * const key = await loadTokenSecret(db, config.tokenSecret);
 */
export async function loadTokenSecret(db: Kysely<Database>, configured: string | undefined): Promise<Uint8Array> {
  if (configured !== undefined) {
    if (configured.length < MIN_LENGTH) {
      throw new ConfigError(`TOKEN_SECRET has ${configured.length} characters: use at least ${MIN_LENGTH} random characters, or unset it to let the server generate one.`);
    }
    return new TextEncoder().encode(configured);
  }
  // Two instances starting together may both generate one; the first insert wins and both read it.
  await db
    .insertInto('app_settings')
    .values({ key: SETTING, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const { value } = await db.selectFrom('app_settings').select('value').where('key', '=', SETTING).executeTakeFirstOrThrow();
  return Buffer.from(value, 'base64url');
}
