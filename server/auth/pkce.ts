import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The S256 proof-key check of an authorization-code flow: the verifier presented at /auth/token
 * must hash to the challenge presented at /auth/login (base64url of its SHA-256, no padding).
 *
 * @example
 * pkceChallengeMatches('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'); // true
 */
export function pkceChallengeMatches(verifier: string, challenge: string): boolean {
  const expected = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const given = Buffer.from(challenge);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
