import type { Kysely } from 'kysely';
import { ConfigError } from '../config/config.ts';
import { keptRandomKey } from '../db/app-settings.ts';
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
      throw new ConfigError(
        `TOKEN_SECRET has ${configured.length} characters: use at least ${MIN_LENGTH} random characters, or unset it to let the server generate one.`,
      );
    }
    return new TextEncoder().encode(configured);
  }
  return keptRandomKey(db, SETTING);
}
