import { describe, expect, it } from 'vitest';
import { demoHistory, type DemoAccounts } from './history.ts';

const accounts: DemoAccounts = {
  anna: { name: 'Anna Novak', USD: 1, EUR: 2, GBP: 3 },
  northwind: { name: 'Northwind Studio Ltd', USD: 4, EUR: 5, RON: 6, CAD: 7 },
};
const now = new Date('2026-11-22T07:30:00Z');

describe('demoHistory', () => {
  const movements = demoHistory(accounts, now);

  it('is the same on every first start', () => {
    expect(demoHistory(accounts, now)).toEqual(movements);
  });

  it('covers about four months before now, oldest first, nothing in the future', () => {
    const times = movements.map((m) => m.postedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThan(now.getTime());
    expect((now.getTime() - Math.min(...times)) / 86_400_000).toBeGreaterThan(110);
  });

  it('holds every kind of movement, including fees and an exchange', () => {
    expect(new Set(movements.map((m) => m.operationType))).toEqual(new Set(['Deposit', 'Transfer', 'Fees', 'Card', 'Exchange', 'Withdrawal']));
  });

  it('keeps every customer balance at or above zero at every step', () => {
    const balances = new Map<number, bigint>();
    for (const movement of movements) {
      for (const leg of movement.legs) {
        if (typeof leg.account !== 'number') continue;
        const balance = (balances.get(leg.account) ?? 0n) + leg.amount;
        expect(balance, `${movement.description} on ${movement.postedAt.toISOString()}`).toBeGreaterThanOrEqual(0n);
        balances.set(leg.account, balance);
      }
    }
  });
});
