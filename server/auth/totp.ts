import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 4648 base32 alphabet, which authenticator apps expect secrets in. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** RFC 6238 defaults every authenticator app uses: 30-second steps, 6 digits, HMAC-SHA1. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** Encodes bytes as unpadded base32. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, ignoring case, spaces and padding; throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const character of clean) {
    const index = BASE32.indexOf(character);
    if (index < 0) throw new Error(`'${character}' is not a base32 character; a TOTP secret uses A-Z and 2-7.`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The HOTP value (RFC 4226) of `secret` at `counter`, zero-padded to `digits`. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The time step a moment falls in. */
export function totpStep(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/**
 * The TOTP code (RFC 6238) for a base32 secret at a moment; what an authenticator app shows.
 *
 * @example
 * totp('JBSWY3DPEHPK3PXP', new Date()); // '492039'
 */
export function totp(secret: string, now: Date = new Date(), digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), totpStep(now), digits);
}

/**
 * Checks a code against the current step and one step either side (clock drift), and answers the
 * step it matched, or null. Store the matched step and refuse codes at or below it, so a code
 * cannot be used twice.
 *
 * @example
 * const step = verifyTotp(secret, '492039', { notAfterStep: user.lastTotpStep });
 */
export function verifyTotp(secret: string, code: string, options: { now?: Date; notAfterStep?: number | null; window?: number } = {}): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const current = totpStep(options.now);
  const window = options.window ?? 1;
  for (let step = current - window; step <= current + window; step += 1) {
    if (options.notAfterStep != null && step <= options.notAfterStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}

/**
 * The otpauth:// URI authenticator apps read from a QR code.
 *
 * @example
 * totpUri({ issuer: 'Paxum', account: 'anna@example.com', secret });
 */
export function totpUri({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}
