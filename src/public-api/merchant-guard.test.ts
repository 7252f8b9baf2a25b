import { describe, expect, it } from 'vitest';
import type { Guard } from '../../engine/index.ts';
import { MERCHANT_SAVED_BUTTONS, merchantFullAccessGuard } from './merchant-guard.ts';

const context = { pathname: '/merchant/internal/api_key', search: '', params: {} } as unknown as Parameters<Guard>[0];
const signedIn: Guard = async () => null;

describe('merchantFullAccessGuard', () => {
  it('opens for a user acting for their own customer or holding companySettings', async () => {
    expect(await merchantFullAccessGuard(signedIn, async () => null)(context)).toBeNull();
    expect(await merchantFullAccessGuard(signedIn, async () => ['balanceInfo', 'companySettings'])(context)).toBeNull();
  });

  it('sends a business user without companySettings, or whose rights cannot be read, to the saved buttons', async () => {
    expect(await merchantFullAccessGuard(signedIn, async () => ['balanceInfo', 'transfers'])(context)).toBe(MERCHANT_SAVED_BUTTONS);
    expect(await merchantFullAccessGuard(signedIn, () => Promise.reject(new Error('offline')))(context)).toBe(MERCHANT_SAVED_BUTTONS);
  });

  it('lets authenticated decide first', async () => {
    expect(
      await merchantFullAccessGuard(
        async () => '/login',
        async () => null,
      )(context),
    ).toBe('/login');
  });
});
