import { describe, expect, it } from 'vitest';
import { LedgerError } from './errors.ts';
import { checkBalancedPerCurrency, checkLegs, type LedgerLeg } from './posting-rules.ts';

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

describe('checkBalancedPerCurrency', () => {
  const currencies = new Map([
    [1, 'USD'],
    [2, 'USD'],
    [3, 'EUR'],
    [4, 'EUR'],
  ]);
  const currencyOf = (id: number) => currencies.get(id)!;

  it('accepts legs that sum to zero in every currency (an exchange through FX accounts)', () => {
    const legs: LedgerLeg[] = [
      { accountId: 1, amount: -10000n },
      { accountId: 2, amount: 10000n },
      { accountId: 3, amount: -9200n },
      { accountId: 4, amount: 9200n },
    ];
    expect(refusal(() => checkBalancedPerCurrency(legs, currencyOf))).toBeUndefined();
  });

  it('refuses legs that balance overall but not per currency', () => {
    const legs: LedgerLeg[] = [
      { accountId: 1, amount: -100n },
      { accountId: 3, amount: 100n },
    ];
    expect(refusal(() => checkBalancedPerCurrency(legs, currencyOf))).toBe('unbalanced');
  });

  it('refuses legs that do not sum to zero and names the difference', () => {
    const legs: LedgerLeg[] = [
      { accountId: 1, amount: -100n },
      { accountId: 2, amount: 99n },
    ];
    expect(() => checkBalancedPerCurrency(legs, currencyOf)).toThrow(/USD -1 minor units/);
  });
});
