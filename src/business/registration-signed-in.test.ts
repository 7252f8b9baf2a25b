/**
 * The new-business variant's parts in the browser: the answer rules with the user's own login (no taken
 * e-mail for them, and they must stay a person; the public rules unchanged) and `actForNewBusiness`, which
 * acts for the business the answer names as the company switcher does.
 */
import { describe, expect, it, vi } from 'vitest';
import type { RpcCall } from '../../generated/methods.ts';
import { REGISTRATION_RULES } from '../../schemas/rules/business-registration.ts';
import { actingCustomerId } from '../session/acting-customer.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import { START_PAGES } from '../session/start-page.ts';
import { newBusinessActions } from './act-for-new-business.ts';
import { businessRegistrationRules } from './registration-answer-rules.ts';

const ME = 'anna@example.com';
const person = (email: string) => ({
  id: 'me',
  firstName: 'Anna',
  lastName: 'Lind',
  birthday: '1980-01-01',
  address: { address1: '1 High Street', city: 'London', countryCode: 'GB' },
  email,
  isUser: true,
  accessRights: REGISTRATION_RULES.users.topRightsLevel as 2,
});

describe('the registration rules signed in', () => {
  // checkEmail says every address has an account: status 1, which blocks.
  const rpc = vi.fn(async () => ({ status: REGISTRATION_RULES.emailStatuses.exists })) as unknown as RpcCall;
  const emailProblems = (problems: readonly { field: string; key: string }[]) => problems.filter((problem) => problem.key === 'server.business.emailTaken');

  it("takes the user's own login for no taken e-mail, and refuses answers without them", async () => {
    const rules = businessRegistrationRules({}, rpc, async () => ME.toUpperCase());
    expect(emailProblems(await rules.check({ persons: [person(ME)] }))).toEqual([]);
    const without = await rules.check({ persons: [person('other@example.com')] });
    expect(emailProblems(without)).toEqual([{ field: 'persons.0.email', key: 'server.business.emailTaken' }]);
    expect(without).toContainEqual({ field: 'persons', key: 'server.business.registrantMissing', values: { email: ME } });
  });

  it('keeps the public rules: an existing login is a taken e-mail', async () => {
    const rules = businessRegistrationRules({}, rpc);
    expect(emailProblems(await rules.check({ persons: [person(ME)] }))).toEqual([{ field: 'persons.0.email', key: 'server.business.emailTaken' }]);
  });
});

describe('actForNewBusiness', () => {
  const customerStore = () => ({ clear: vi.fn(), load: vi.fn(async () => ({})) }) as unknown as CustomerStore;

  it('acts for the new business, loads the customer again and goes to the business start page', async () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    } as unknown as Storage;
    const rpc = vi.fn(async () => ({
      isNeedKyc: false,
      accessList: { balanceInfo: true },
      taxResidencySelfCertificationDocumentStatus: 'none',
    })) as unknown as RpcCall;
    const customer = customerStore();
    const result = await newBusinessActions({ rpc, customer, storage: store }).actForNewBusiness(
      { customerId: 4021, email: 'office@newco.example' },
      {} as never,
    );
    expect(actingCustomerId(store)).toBe(4021);
    expect(customer.clear).toHaveBeenCalled();
    expect(customer.load).toHaveBeenCalled();
    expect(result).toEqual({ navigate: START_PAGES.businessSelfCertificationSplash });
  });

  it('keeps acting for whom the user did when the new business cannot be read', async () => {
    const storage = new Map<string, string>([['session.actingCustomerId', '77']]);
    const store = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    } as unknown as Storage;
    const rpc = vi.fn(async () => Promise.reject(new Error('offline'))) as unknown as RpcCall;
    await expect(newBusinessActions({ rpc, customer: customerStore(), storage: store }).actForNewBusiness({ customerId: 4021 }, {} as never)).rejects.toThrow(
      'offline',
    );
    expect(actingCustomerId(store)).toBe(77);
  });
});
