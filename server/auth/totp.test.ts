import { describe, expect, it } from 'vitest';
import { Secret } from 'otpauth';
import { newTotpSecret, totp, totpUri, verifyTotp } from './totp.ts';

// RFC 6238 appendix B uses the ASCII secret '12345678901234567890' with SHA-1 and 8 digits.
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
  ])('matches the RFC test vector at %i seconds', (seconds, expected) => {
    expect(totp(RFC_SECRET, new Date(seconds * 1000), 8)).toBe(expected);
  });

  it('makes 160-bit base32 secrets and refuses a secret that is not base32', () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(newTotpSecret());
    expect(() => totp('ABC1')).toThrow("'1' is not a base32 character");
  });

  it('accepts the current code and one step of drift, and answers the step', () => {
    const secret = newTotpSecret();
    const now = new Date(1_800_000_000_000);
    const before = new Date(now.getTime() - 30_000);
    const longBefore = new Date(now.getTime() - 90_000);
    expect(verifyTotp(secret, totp(secret, now), { now })).toBe(Math.floor(now.getTime() / 30_000));
    expect(verifyTotp(secret, totp(secret, before), { now })).not.toBeNull();
    expect(verifyTotp(secret, totp(secret, longBefore), { now })).toBeNull();
    expect(verifyTotp(secret, 'abc123', { now })).toBeNull();
  });

  it('refuses a code whose step was already used', () => {
    const secret = newTotpSecret();
    const now = new Date(1_800_000_000_000);
    const step = verifyTotp(secret, totp(secret, now), { now });
    expect(verifyTotp(secret, totp(secret, now), { now, notAfterStep: step })).toBeNull();
  });

  it('writes the otpauth URI authenticator apps scan', () => {
    const uri = new URL(totpUri({ issuer: 'Paxum', account: 'anna@example.com', secret: 'JBSWY3DPEHPK3PXP' }));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Paxum:anna@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Paxum', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
