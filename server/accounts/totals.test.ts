import { describe, expect, it } from 'vitest';
import { addUpBalances, type HeldBalance } from './totals.ts';

const held = (currencyCode: string, balance: bigint, type = 1001, scale = 2): HeldBalance => ({ type, currencyCode, scale, balance });

describe('addUpBalances', () => {
  it('answers no totals for a customer without accounts', () => {
    expect(addUpBalances([])).toEqual({ accountCount: 0, totals: [] });
  });

  it('adds accounts of one currency without converting', () => {
    expect(addUpBalances([held('EUR', 1050n), held('EUR', 50n, 2006)])).toEqual({
      accountCount: 2,
      totals: [{ currencyCode: 'EUR', amount: '11.00', converted: false }],
    });
  });

  it('converts every currency into the first payment account’s at the mid rate', () => {
    // 92.00 EUR is 100.00 USD at 0.92 EUR per USD; 79.00 GBP is 100.00 USD.
    const total = addUpBalances([held('EUR', 5000n, 4001), held('USD', 10000n), held('EUR', 4200n), held('GBP', 7900n)]);
    expect(total).toEqual({ accountCount: 4, totals: [{ currencyCode: 'USD', amount: '300.00', converted: true }] });
  });

  it('takes the first account’s currency when no payment account is open', () => {
    expect(addUpBalances([held('GBP', 7900n, 4001), held('USD', 10000n, 4002)]).totals).toEqual([{ currencyCode: 'GBP', amount: '158.00', converted: true }]);
  });

  it('rounds a conversion half away from zero, negative balances included', () => {
    // 0.01 EUR is 0.0108695… USD: 0.01; -1.01 EUR is -1.0978… USD: -1.10.
    expect(addUpBalances([held('USD', 0n), held('EUR', 1n)]).totals[0]?.amount).toBe('0.01');
    expect(addUpBalances([held('USD', 0n), held('EUR', -101n)]).totals[0]?.amount).toBe('-1.10');
  });

  it('gives one total per currency when one of them has no rate', () => {
    const total = addUpBalances([held('USD', 10000n), held('BTC', 150000000n, 1001, 8), held('USD', 1n, 4001)]);
    expect(total).toEqual({
      accountCount: 3,
      totals: [
        { currencyCode: 'USD', amount: '100.01', converted: false },
        { currencyCode: 'BTC', amount: '1.50000000', converted: false },
      ],
    });
  });
});
