import { describe, expect, it } from 'vitest';
import { LedgerError } from './errors.ts';
import { checkLegs } from './posting-rules.ts';

const refusal = (run: () => void): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof LedgerError) return error.reason;
    throw error;
  }
  return undefined;
};

describe('checkLegs', () => {
  it('accepts two opposite legs on different accounts', () => {
    expect(
      refusal(() =>
        checkLegs([
          { accountId: 1, amount: -100n },
          { accountId: 2, amount: 100n },
        ]),
      ),
    ).toBeUndefined();
  });

  it('refuses a single leg, a zero leg, a repeated account and a bad account id', () => {
    expect(refusal(() => checkLegs([{ accountId: 1, amount: 100n }]))).toBe('invalidEntries');
    expect(
      refusal(() =>
        checkLegs([
          { accountId: 1, amount: 0n },
          { accountId: 2, amount: 0n },
        ]),
      ),
    ).toBe('invalidEntries');
    expect(
      refusal(() =>
        checkLegs([
          { accountId: 1, amount: -5n },
          { accountId: 1, amount: 5n },
        ]),
      ),
    ).toBe('invalidEntries');
    expect(
      refusal(() =>
        checkLegs([
          { accountId: 0, amount: -5n },
          { accountId: 2, amount: 5n },
        ]),
      ),
    ).toBe('invalidEntries');
  });
});
