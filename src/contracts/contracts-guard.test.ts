import { describe, expect, it } from 'vitest';
import { CONTRACTS_OFF_TARGET, contractsEnabledGuard } from './contracts-guard.ts';

describe('contractsEnabledGuard', () => {
  const context = { pathname: '/revenue-split', search: '', params: {} };

  it('lets a signed-in customer in where the brand offers contracts', async () => {
    expect(await contractsEnabledGuard(async () => null, { contractsEnable: true })(context)).toBeNull();
  });

  it('sends the customer home where the brand offers none', async () => {
    expect(await contractsEnabledGuard(async () => null, { contractsEnable: false })(context)).toBe(CONTRACTS_OFF_TARGET);
    expect(await contractsEnabledGuard(async () => null, {})(context)).toBe(CONTRACTS_OFF_TARGET);
  });

  it('sends a personal customer where the business guard sends it, whatever the brand offers', async () => {
    expect(await contractsEnabledGuard(async () => '/home', { contractsEnable: true })(context)).toBe('/home');
  });

  it('asks for sign-in first', async () => {
    expect(await contractsEnabledGuard(async () => '/login?next=/revenue-split', { contractsEnable: true })(context)).toBe('/login?next=/revenue-split');
  });
});
