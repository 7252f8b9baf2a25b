import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Argon2id; the library's const enum cannot be read under isolatedModules, so its value is named here. */
const ARGON2ID = 2 as Algorithm;

/**
 * What an unknown e-mail's password is checked against: the hash of a random password nobody
 * knows, made with the same parameters as `hashPassword` (regenerate it if those change), so the
 * check costs exactly as long as a real one.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$BRqcMpV11ML9UXxfMCHISQ$ShVgOD7wymKvd1jwwBOsDYNwCQ8IJr9jgFR9KFnmkP4';

/**
 * Hashes a password with Argon2id (the library's defaults: 19 MiB, 2 passes), as a PHC string.
 *
 * @example
 * const passwordHash = await hashPassword('Demo-pass-2026');
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/**
 * Checks a password against a stored hash. When there is no user (`storedHash` undefined) it still
 * verifies, against a dummy hash, so an unknown e-mail costs the same time as a wrong password and
 * timing does not reveal which accounts exist.
 *
 * @example
 * const ok = await verifyPassword(user?.password_hash, body.password);
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  const matches = await verify(storedHash ?? DUMMY_HASH, password);
  return storedHash !== undefined && matches;
}
