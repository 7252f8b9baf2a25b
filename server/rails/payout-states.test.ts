import { describe, expect, it } from 'vitest';
import { FINAL_PAYOUT_STATES, PAYOUT_TRANSITIONS, payoutTransition, transferStatusOf, type PayoutState } from './payout-states.ts';

const STATES = Object.keys(PAYOUT_TRANSITIONS) as PayoutState[];

describe('the payout state machine', () => {
  it('goes pending, sent, settled, posting the hold only when settled', () => {
    expect(payoutTransition('pending', 'sent')).toBe('none');
    expect(payoutTransition('sent', 'settled')).toBe('post');
  });

  it('gives the held money back (void) for a return or failure before settlement, and refunds after it', () => {
    expect(payoutTransition('pending', 'failed')).toBe('void');
    expect(payoutTransition('sent', 'returned')).toBe('void');
    expect(payoutTransition('sent', 'failed')).toBe('void');
    expect(payoutTransition('settled', 'returned')).toBe('refund');
  });

  it('never goes backwards, never leaves returned or failed, and never fails a settled payout', () => {
    expect(payoutTransition('sent', 'pending')).toBeUndefined();
    expect(payoutTransition('settled', 'sent')).toBeUndefined();
    expect(payoutTransition('settled', 'failed')).toBeUndefined();
    for (const to of STATES) {
      expect(payoutTransition('returned', to)).toBeUndefined();
      expect(payoutTransition('failed', to)).toBeUndefined();
    }
    expect(FINAL_PAYOUT_STATES).toEqual(['returned', 'failed']);
  });

  it('allows no change to the same state, so a repeated report never moves money twice', () => {
    for (const state of STATES) expect(payoutTransition(state, state)).toBeUndefined();
  });

  it('moves money back exactly once on every path from pending to an end', () => {
    const walk = (state: PayoutState, effects: string[]): string[][] => {
      const next = Object.entries(PAYOUT_TRANSITIONS[state]) as Array<[PayoutState, string]>;
      if (!next.length) return [effects];
      return [[...effects], ...next.flatMap(([to, effect]) => walk(to, [...effects, effect]))];
    };
    for (const path of walk('pending', [])) {
      const ends = path.filter((effect) => effect !== 'none');
      // Each path posts or voids the hold at most once, and only a posted hold is ever refunded.
      expect(ends.filter((effect) => effect === 'post' || effect === 'void').length).toBeLessThanOrEqual(1);
      if (ends.includes('refund')) expect(ends).toEqual(['post', 'refund']);
    }
  });

  it('shows the transfer as processing at the rail, completed when settled, failed when back', () => {
    expect(STATES.map(transferStatusOf)).toEqual(['processing', 'processing', 'completed', 'failed', 'failed']);
  });
});
