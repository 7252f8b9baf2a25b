import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with Argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('Demo-pass-2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Demo-pass-2026')).toBe(true);
    expect(await verifyPassword(stored, 'demo-pass-2026')).toBe(false);
  });

  it('refuses every password when there is no user, after the same work', async () => {
    expect(await verifyPassword(undefined, 'Demo-pass-2026')).toBe(false);
    expect(await verifyPassword(undefined, '')).toBe(false);
  });
});
