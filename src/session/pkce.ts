/** The characters RFC 7636 allows in a code verifier: letters, digits and - . _ ~ */
export const VERIFIER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/** Document 000 section 9: the product uses the longest verifier the RFC allows. */
export const CODE_VERIFIER_LENGTH = 128;

/**
 * Bytes at or above this are skipped: it is the largest multiple of the alphabet size that fits in a
 * byte, so every character is equally likely (taking `byte % 66` would favour the first 58).
 */
const UNBIASED_LIMIT = 256 - (256 % VERIFIER_ALPHABET.length);

/**
 * A fresh random code verifier from the browser's cryptographic generator.
 *
 * @example
 * createCodeVerifier(); // 'k3J~x…' (128 characters)
 */
export function createCodeVerifier(length: number = CODE_VERIFIER_LENGTH): string {
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < UNBIASED_LIMIT && verifier.length < length) verifier += VERIFIER_ALPHABET[byte % VERIFIER_ALPHABET.length];
    }
  }
  return verifier;
}

/** Base64url without padding (RFC 4648 section 5), as PKCE requires. */
function base64Url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The S256 code challenge of a verifier: base64url(SHA-256(verifier)).
 *
 * @example
 * await codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
 * // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' (RFC 7636 appendix B)
 */
export async function codeChallengeOf(verifier: string): Promise<string> {
  return base64Url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}

/** A verifier kept by the browser and the challenge sent with the password. */
export interface PkcePair {
  codeVerifier: string;
  codeChallenge: string;
}

/**
 * A new proof key pair for one sign-in: the challenge goes to /auth/login, the verifier to /auth/token,
 * so a stolen authorization code is worthless without this page's memory.
 *
 * @example
 * const { codeVerifier, codeChallenge } = await createPkcePair();
 */
export async function createPkcePair(): Promise<PkcePair> {
  const codeVerifier = createCodeVerifier();
  return { codeVerifier, codeChallenge: await codeChallengeOf(codeVerifier) };
}
