import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238) for authenticator apps, through the maintained `otpauth` library.
 * This module keeps only the product's rules around it: 6 digits every 30 seconds with HMAC-SHA1 (what every
 * authenticator app uses), one step of clock drift, and a code never accepted twice.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The secret's bytes; throws with what to fix when the text is not base32. */
function secretOf(base32: string): Secret {
  const clean = base32.toUpperCase().replace(/[\s=]/g, '');
  const wrong = /[^A-Z2-7]/.exec(clean);
  if (wrong) throw new Error(`'${wrong[0]}' is not a base32 character; a TOTP secret uses A-Z and 2-7.`);
  return Secret.fromBase32(clean);
}

/** The time step a moment falls in. */
export function totpStep(now: Date = new Date()): number {
  return TOTP.counter({ period: TOTP_STEP_SECONDS, timestamp: now.getTime() });
}

/**
 * The TOTP code (RFC 6238) for a base32 secret at a moment; what an authenticator app shows.
 *
 * @example
 * totp('JBSWY3DPEHPK3PXP', new Date()); // '492039'
 */
export function totp(secret: string, now: Date = new Date(), digits = TOTP_DIGITS): string {
  return TOTP.generate({ secret: secretOf(secret), period: TOTP_STEP_SECONDS, digits, timestamp: now.getTime() });
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
  const key = secretOf(secret);
  const current = totpStep(options.now);
  const window = options.window ?? 1;
  for (let step = current - window; step <= current + window; step += 1) {
    if (options.notAfterStep != null && step <= options.notAfterStep) continue;
    if (timingSafeEqual(Buffer.from(HOTP.generate({ secret: key, counter: step, digits: TOTP_DIGITS })), Buffer.from(code))) return step;
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
  return new TOTP({ issuer, label: account, secret: secretOf(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_STEP_SECONDS }).toString();
}
