import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pkceChallengeMatches } from './pkce.ts';

describe('pkceChallengeMatches', () => {
  it('accepts the example pair of RFC 7636 appendix B', () => {
    expect(pkceChallengeMatches('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
  });

  it('accepts a 128-character verifier, the length the application uses', () => {
    const verifier = 'a1B2-c3D4.e5F6_g7H8~'.repeat(7).slice(0, 128);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    expect(pkceChallengeMatches(verifier, challenge)).toBe(true);
  });

  it('refuses another verifier, a plain (unhashed) challenge and a padded challenge', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(pkceChallengeMatches(`${verifier}x`, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
    expect(pkceChallengeMatches(verifier, verifier)).toBe(false);
    expect(pkceChallengeMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM=')).toBe(false);
  });
});
