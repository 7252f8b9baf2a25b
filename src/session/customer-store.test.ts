import { describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../generated/entities.ts';
import { createCustomerStore, customerFacts } from './customer-store.ts';

const customer = (customerType: Customer['customerType']): Customer => ({
  userId: 1,
  customerId: 10,
  login: 'ana@example.com',
  customerType,
  verified: true,
  limited: false,
  isAdmin: false,
});

describe('the customer store', () => {
  it('takes a business user without balance-info access for a representative', async () => {
    const store = createCustomerStore(
      async () => ({ customer: customer('business'), profile: {}, phones: [], addresses: [] }),
      async () => ({ accessList: { balanceInfo: false } }),
    );
    expect((await store.load()).representativeOnly).toBe(true);
    expect(store.current()?.representativeOnly).toBe(true);
  });

  it('does not with balance-info access, when the access cannot be read, or for a personal customer (never asked)', async () => {
    const withAccess = createCustomerStore(
      async () => ({ customer: customer('business'), profile: {}, phones: [], addresses: [] }),
      async () => ({ accessList: { balanceInfo: true } }),
    );
    expect((await withAccess.load()).representativeOnly).toBeUndefined();
    const failing = createCustomerStore(
      async () => ({ customer: customer('business'), profile: {}, phones: [], addresses: [] }),
      async () => {
        throw new Error('offline');
      },
    );
    expect((await failing.load()).representativeOnly).toBeUndefined();
    const accessOf = vi.fn(async () => ({ accessList: { balanceInfo: false } }));
    const personal = createCustomerStore(async () => ({ customer: customer('personal'), profile: {}, phones: [], addresses: [] }), accessOf);
    expect((await personal.load()).representativeOnly).toBeUndefined();
    expect(accessOf).not.toHaveBeenCalled();
  });
});

describe('customerFacts', () => {
  it('tells the type of the signed-in customer, the same object while it stays, null after sign-out', async () => {
    const store = createCustomerStore(async () => ({ customer: customer('business'), profile: {}, phones: [], addresses: [] }));
    const facts = customerFacts(store);
    const told = vi.fn();
    facts.subscribe(told);
    expect(facts.current()).toEqual({ customerType: null });
    await store.load();
    expect(told).toHaveBeenCalled();
    const loaded = facts.current();
    expect(loaded).toEqual({ customerType: 'business' });
    store.profileChanged({ firstName: 'Ana' });
    expect(facts.current()).toBe(loaded);
    store.clear();
    expect(facts.current()).toEqual({ customerType: null });
  });
});
