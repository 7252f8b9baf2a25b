import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_MS } from './schedule.ts';

const at = new Date('2026-01-01T00:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('webhook retry schedule', () => {
  it('is the Standard Webhooks schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(RETRY_DELAYS_MS).toEqual([0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR]);
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it('answers when each following attempt is due, and null after the last', () => {
    expect(nextAttemptAt(1, at)).toEqual(new Date(at.getTime() + 5 * SECOND));
    expect(nextAttemptAt(2, at)).toEqual(new Date(at.getTime() + 5 * MINUTE));
    expect(nextAttemptAt(7, at)).toEqual(new Date(at.getTime() + 10 * HOUR));
    expect(nextAttemptAt(8, at)).toBeNull();
  });

  it('spreads the attempts over about a day', () => {
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(24 * HOUR);
    expect(total).toBeLessThan(30 * HOUR);
  });
});
