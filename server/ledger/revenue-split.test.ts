import { describe, expect, it } from 'vitest';
import { shareOf } from './revenue-split.ts';

describe('the revenue split rounding rule', () => {
  it('floors each share to the minor unit', () => {
    expect(shareOf(1_001n, 3_333)).toBe(333n);
    expect(shareOf(1_009n, 1_000)).toBe(100n);
    expect(shareOf(1n, 9_999)).toBe(0n);
    expect(shareOf(12_345n, 10_000)).toBe(12_345n);
  });

  it('never shares more than the payment when the percentages sum to at most 100, the remainder staying with the sender', () => {
    for (let amount = 1n; amount < 2_000n; amount += 7n) {
      const shares = [3_333, 3_333, 3_334].map((basisPoints) => shareOf(amount, basisPoints));
      const shared = shares.reduce((sum, share) => sum + share, 0n);
      expect(shared).toBeLessThanOrEqual(amount);
      expect(amount - shared).toBeLessThan(3n);
    }
  });
});
