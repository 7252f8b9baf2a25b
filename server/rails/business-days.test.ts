import { describe, expect, it } from 'vitest';
import { wireSettlementTime } from './business-days.ts';

const settles = (sentAt: string) => wireSettlementTime(new Date(sentAt)).toISOString();

describe('when a sandbox wire settles', () => {
  it('settles the same business day when sent before the cut-off', () => {
    expect(settles('2026-11-25T09:30:00Z')).toBe('2026-11-25T17:00:00.000Z');
    expect(settles('2026-11-25T14:59:59Z')).toBe('2026-11-25T17:00:00.000Z');
  });

  it('settles the next business day when sent after the cut-off', () => {
    expect(settles('2026-11-25T15:00:00Z')).toBe('2026-11-26T17:00:00.000Z');
  });

  it('skips the weekend', () => {
    expect(settles('2026-11-27T16:00:00Z')).toBe('2026-11-30T17:00:00.000Z');
    expect(settles('2026-11-28T10:00:00Z')).toBe('2026-11-30T17:00:00.000Z');
    expect(settles('2026-11-29T23:00:00Z')).toBe('2026-11-30T17:00:00.000Z');
  });
});
