import { describe, expect, it } from 'vitest';
import { CODE_VERIFIER_LENGTH, codeChallengeOf, createCodeVerifier, createPkcePair } from './pkce.ts';

describe('PKCE', () => {
  it('makes 128-character verifiers from the RFC 7636 alphabet', () => {
    const verifier = createCodeVerifier();
    expect(CODE_VERIFIER_LENGTH).toBe(128);
    expect(verifier).toHaveLength(128);
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
  });

  it('makes a different verifier every time', () => {
    expect(createCodeVerifier()).not.toBe(createCodeVerifier());
  });

  it('computes S256 as in RFC 7636 appendix B', async () => {
    await expect(codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('pairs a verifier with its base64url challenge of 43 characters', async () => {
    const { codeVerifier, codeChallenge } = await createPkcePair();
    expect(codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(codeChallengeOf(codeVerifier)).resolves.toBe(codeChallenge);
  });
});
