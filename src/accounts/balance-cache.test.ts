import { describe, expect, it, vi } from 'vitest';
import type { Account } from '../../generated/entities.ts';
import { createBalanceCache, FAILURE_HELD_FOR_MS, FRESH_FOR_MS } from './balance-cache.ts';

const account = (balance: string): Account => ({
  accountId: 1,
  type: 1001,
  accountStatusId: 1,
  balance,
  accountBalanceMin: '0.00',
  pendingAmount: '0.00',
  customerId: 7,
  currencyCode: 'USD',
});

describe('the balance cache (document 001 section 9: 5000 ms and 3000 ms)', () => {
  it('shares one call between callers while it is in flight and reuses the answer for 5000 ms', async () => {
    let clock = 0;
    const fetch = vi.fn(async () => [account(String(fetch.mock.calls.length))]);
    const cache = createBalanceCache(fetch, () => clock);
    const [first, second] = await Promise.all([cache.accounts(), cache.accounts()]);
    expect(first).toBe(second);
    expect(fetch).toHaveBeenCalledTimes(1);
    clock = FRESH_FOR_MS - 1;
    await cache.accounts();
    expect(fetch).toHaveBeenCalledTimes(1);
    clock = FRESH_FOR_MS;
    expect((await cache.accounts())[0]!.balance).toBe('2');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('holds a failure for 3000 ms, then asks again', async () => {
    let clock = 0;
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue([account('5.00')]);
    const cache = createBalanceCache(fetch, () => clock);
    await expect(cache.accounts()).rejects.toThrow('down');
    clock = FAILURE_HELD_FOR_MS - 1;
    await expect(cache.accounts()).rejects.toThrow('down');
    expect(fetch).toHaveBeenCalledTimes(1);
    clock = FAILURE_HELD_FOR_MS;
    expect(await cache.accounts()).toEqual([account('5.00')]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks again at once after invalidate', async () => {
    const fetch = vi.fn(async () => [account('1.00')]);
    const cache = createBalanceCache(fetch, () => 0);
    await cache.accounts();
    cache.invalidate();
    await cache.accounts();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
