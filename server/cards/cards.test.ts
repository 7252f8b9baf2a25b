import { describe, expect, it } from 'vitest';
import { maskedCardNumber, printedExpiry } from './cards.ts';

describe('how a card reads in every answer', () => {
  it('prints the expiry as on the card, MM/YY', () => {
    expect(printedExpiry(3, 2029)).toBe('03/29');
    expect(printedExpiry(12, 2100)).toBe('12/00');
  });

  it('masks the number but the first six and last four digits', () => {
    expect(maskedCardNumber('535522', '1234')).toBe('5355 22•• •••• 1234');
  });
});
