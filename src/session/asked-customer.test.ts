import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MethodCallError } from '../../engine/index.ts';
import { actFor, actingCustomerId } from './acting-customer.ts';
import { actForAsked, actForRemembered, rememberAskedCustomer, type ActingCustomerJudge } from './asked-customer.ts';

const refused = () => Promise.reject(new MethodCallError('13', 'Access denied'));

function judge(overrides: Partial<ActingCustomerJudge> = {}): ActingCustomerJudge {
  return { isAdmin: async () => false, startViewing: vi.fn(async () => ({})), actingCall: vi.fn(async () => ({})), ...overrides };
}

beforeEach(() => sessionStorage.clear());

describe('actForAsked (?fromCustomerId)', () => {
  it('acts for the customer when the server answers the call made as that customer', async () => {
    const seen: (number | null)[] = [];
    const business = judge({ actingCall: vi.fn(async () => seen.push(actingCustomerId(sessionStorage))) });
    expect(await actForAsked(4021, business, sessionStorage)).toBe(true);
    expect(seen).toEqual([4021]);
    expect(actingCustomerId(sessionStorage)).toBe(4021);
  });

  it('keeps the acting customer it had when the server refuses (no access, unknown customer)', async () => {
    actFor(77, sessionStorage);
    expect(await actForAsked(4021, judge({ actingCall: refused }), sessionStorage)).toBe(false);
    expect(actingCustomerId(sessionStorage)).toBe(77);
    sessionStorage.clear();
    expect(await actForAsked(4021, judge({ actingCall: refused }), sessionStorage)).toBe(false);
    expect(actingCustomerId(sessionStorage)).toBeNull();
  });

  it('lets an admin view the customer through the admin start of viewing, and refuses an unknown one', async () => {
    const admin = judge({ isAdmin: async () => true });
    expect(await actForAsked(4021, admin, sessionStorage)).toBe(true);
    expect(admin.startViewing).toHaveBeenCalledWith(4021);
    expect(admin.actingCall).not.toHaveBeenCalled();
    expect(actingCustomerId(sessionStorage)).toBe(4021);
    const unknown = judge({ isAdmin: async () => true, startViewing: () => Promise.reject(new MethodCallError('TA1', 'No such customer')) });
    expect(await actForAsked(999, unknown, sessionStorage)).toBe(false);
    expect(actingCustomerId(sessionStorage)).toBe(4021);
  });

  it('throws a call that got no answer, after putting the acting customer back', async () => {
    const offline = judge({ actingCall: () => Promise.reject(new MethodCallError('AE', 'networkError', {}, { unanswered: true })) });
    await expect(actForAsked(4021, offline, sessionStorage)).rejects.toThrow('networkError');
    expect(actingCustomerId(sessionStorage)).toBeNull();
  });
});

describe('a ?fromCustomerId asked for before sign-in', () => {
  const notice = () => vi.fn<(customerId: number) => void>();

  it('acts for it at sign-in when the server allows it, once', async () => {
    rememberAskedCustomer(4021, sessionStorage);
    const tell = notice();
    const business = judge();
    expect(await actForRemembered(sessionStorage, { judge: business, refused: tell })).toBe(true);
    expect(actingCustomerId(sessionStorage)).toBe(4021);
    expect(tell).not.toHaveBeenCalled();
    actFor(null, sessionStorage);
    expect(await actForRemembered(sessionStorage, { judge: business, refused: tell })).toBe(false);
    expect(business.actingCall).toHaveBeenCalledTimes(1);
    expect(actingCustomerId(sessionStorage)).toBeNull();
  });

  it('says a refusal, and the user acts for themselves', async () => {
    rememberAskedCustomer(4021, sessionStorage);
    const tell = notice();
    expect(await actForRemembered(sessionStorage, { judge: judge({ actingCall: refused }), refused: tell })).toBe(false);
    expect(tell).toHaveBeenCalledWith(4021);
    expect(actingCustomerId(sessionStorage)).toBeNull();
  });

  it('keeps it for the next sign-in when the call got no answer', async () => {
    rememberAskedCustomer(4021, sessionStorage);
    const offline = judge({ actingCall: () => Promise.reject(new MethodCallError('AE', 'networkError', {}, { unanswered: true })) });
    await expect(actForRemembered(sessionStorage, { judge: offline, refused: notice() })).rejects.toThrow('networkError');
    const allowed = judge();
    expect(await actForRemembered(sessionStorage, { judge: allowed, refused: notice() })).toBe(true);
    expect(actingCustomerId(sessionStorage)).toBe(4021);
  });

  it('asks the server nothing when nothing was asked for', async () => {
    const nobody = judge();
    expect(await actForRemembered(sessionStorage, { judge: nobody, refused: notice() })).toBe(false);
    expect(nobody.actingCall).not.toHaveBeenCalled();
  });
});
