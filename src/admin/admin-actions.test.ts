import { describe, expect, it, vi } from 'vitest';
import { actingCustomerId } from '../session/acting-customer.ts';
import { adminActions } from './admin-actions.ts';

const context = (callMethod: (method: string, params: Record<string, unknown>) => Promise<unknown>) => ({
  screenId: 'admin-customer',
  params: { customerId: '42' },
  navigate: vi.fn(),
  callMethod,
});

describe('adminActions', () => {
  it('starts viewing the customer the server confirms and opens their home page', async () => {
    const storage = window.sessionStorage;
    storage.clear();
    const goTo = vi.fn();
    const callMethod = vi.fn(async () => ({ customerId: 42, name: 'Anna Novak' }));
    await adminActions(storage, goTo).adminViewAs({ customerId: 42 }, context(callMethod));
    expect(callMethod).toHaveBeenCalledWith('adminViewStart', { customerId: 42 });
    expect(actingCustomerId(storage)).toBe(42);
    expect(goTo).toHaveBeenCalledWith('/home');
  });

  it('changes nothing when the server refuses', async () => {
    const storage = window.sessionStorage;
    storage.clear();
    const goTo = vi.fn();
    const refused = new Error('13');
    await expect(
      adminActions(storage, goTo).adminViewAs(
        { customerId: 7 },
        context(async () => Promise.reject(refused)),
      ),
    ).rejects.toBe(refused);
    expect(actingCustomerId(storage)).toBeNull();
    expect(goTo).not.toHaveBeenCalled();
  });
});
