import { describe, expect, it } from 'vitest';
import { lockSeconds } from './login-throttle.ts';

describe('lockSeconds', () => {
  it('lets the first four wrong passwords through and locks from the fifth, doubling up to 15 minutes', () => {
    expect([1, 2, 3, 4].map(lockSeconds)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10].map(lockSeconds)).toEqual([30, 60, 120, 240, 480, 900]);
    expect(lockSeconds(50)).toBe(900);
  });
});
