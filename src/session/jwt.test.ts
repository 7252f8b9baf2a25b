import { describe, expect, it } from 'vitest';
import { fakeAccessToken } from '../testing/fake-access-token.ts';
import { tokenExpiry } from './jwt.ts';

describe('tokenExpiry', () => {
  it('reads the exp claim in milliseconds', () => {
    expect(tokenExpiry(fakeAccessToken(1_767_225_600_000))).toBe(1_767_225_600_000);
  });

  it('treats an unreadable token as expired', () => {
    expect(tokenExpiry('not-a-jwt')).toBe(0);
    expect(tokenExpiry('a.b.c')).toBe(0);
  });
});
