import { describe, expect, it, vi } from 'vitest';
import type { RpcCall } from '../../generated/methods.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import { accountActions, balanceCacheKey } from './account-actions.ts';
import { sharedBalanceCache } from './balance-cache.ts';

describe('balancesReload', () => {
  it("forgets the acting customer's cached balances, so the next reader asks the server again", async () => {
    let balance = '10.00';
    const rpc = vi.fn(async () => ({ accounts: [{ accountId: 1, balance }] })) as unknown as RpcCall;
    const customer = { current: () => ({ customer: { customerId: 7 } }) } as unknown as CustomerStore;
    const cache = sharedBalanceCache(rpc as never, balanceCacheKey(customer));
    expect((await cache.accounts())[0]!.balance).toBe('10.00');
    balance = '4.00';
    expect((await cache.accounts())[0]!.balance).toBe('10.00');

    await accountActions({ rpc, customer }).balancesReload!({}, {} as never);
    expect((await cache.accounts())[0]!.balance).toBe('4.00');
    expect(rpc).toHaveBeenCalledTimes(2);
  });
});
