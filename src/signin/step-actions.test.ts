import { describe, expect, it, vi } from 'vitest';
import { isMethodCallError, type ActionContext } from '../../engine/index.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import type { Session } from '../session/session.ts';
import { TokenServiceError, type TokenService } from '../transport/token-service.ts';
import type { PushOutcome, SignInFactors } from './factors-client.ts';
import { createPendingStore } from './pending.ts';
import { signInPendingGuard, signInStepActions } from './step-actions.ts';

const ctx = {} as ActionContext;
const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);

function setUp(tokenService: Partial<TokenService>, factors: Partial<SignInFactors> = {}) {
  const pending = createPendingStore();
  const actions = signInStepActions({
    tokenService: tokenService as TokenService,
    session: {} as Session,
    customer: {} as CustomerStore,
    pending,
    storage: sessionStorage,
    factors: factors as SignInFactors,
    t,
  });
  return { pending, actions };
}

describe('the sign-in step', () => {
  it('sends a visitor without a pending sign-in back to sign in', () => {
    const pending = createPendingStore();
    const guard = signInPendingGuard(pending);
    expect(guard({ pathname: '/login/step', search: '', params: {} })).toBe('/login');
    pending.set({ step: { flow: 'otp', code: 'c', verifier: 'v' } });
    expect(guard({ pathname: '/login/step', search: '', params: {} })).toBeNull();
  });

  it('says a wrong SMS code on the code field, with the tries left, and keeps the step', async () => {
    const exchange = vi.fn(async () => {
      throw new TokenServiceError(403, 'The code is wrong. 4 attempts left.', 'otp', 4);
    });
    const { pending, actions } = setUp({ exchange });
    const step = { flow: 'sms', code: 'c', verifier: 'v', phone: '+40 ••• ••• 111', smsId: '42' } as const;
    pending.set({ step });
    const refused = await actions.signInCode!({ otp: ' 123456 ' }, ctx).catch((error: unknown) => error);
    expect(exchange).toHaveBeenCalledWith('c', 'v', '123456');
    expect(isMethodCallError(refused) && refused.fieldErrors).toEqual({ otp: 'signin.wrongCode {"count":4}' });
    expect(pending.current()?.step).toBe(step);
    const empty = await actions.signInCode!({}, ctx).catch((error: unknown) => error);
    expect(isMethodCallError(empty) && empty.fieldErrors).toEqual({ otp: 'engine.validation.required' });
    expect(exchange).toHaveBeenCalledTimes(1);
  });

  it('ends the step when the code itself is spent, and starts again from sign-in', async () => {
    const { pending, actions } = setUp({
      exchange: async () => {
        throw new TokenServiceError(403, 'The sign-in code is invalid, used or expired. Sign in again.');
      },
    });
    pending.set({ step: { flow: 'otp', code: 'c', verifier: 'v' } });
    expect(await actions.signInCode!({ otp: '123456' }, ctx)).toBeUndefined();
    expect(pending.current()?.step).toMatchObject({ outcome: 'over', message: 'The sign-in code is invalid, used or expired. Sign in again.' });
    expect(await actions.signInRestart!({}, ctx)).toEqual({ navigate: '/login' });
    expect(pending.current()).toBeNull();
  });

  it('waits for the phone: a lost channel offers the request again on a new channel; a decline ends the step', async () => {
    let answer: (outcome: PushOutcome) => void = () => undefined;
    const close = vi.fn();
    const waitForPush = vi.fn((_key: string, onOutcome: (outcome: PushOutcome) => void) => {
      answer = onOutcome;
      return close;
    });
    const resendPush = vi.fn(async () => undefined);
    const { pending, actions } = setUp({}, { waitForPush, resendPush });
    pending.set({ step: { flow: 'push', key: 'k', verifier: 'v', devices: [], qrLink: '', waitState: 'waiting', attempt: 0 } });

    const first = actions.signInPushWait!({ key: 'k', attempt: 0 }, ctx);
    answer({ status: 'failed' });
    expect(await first).toBeUndefined();
    expect(close).toHaveBeenCalled();
    expect(pending.current()?.step).toMatchObject({ waitState: 'lost', attempt: 0 });

    await actions.signInPushResend!({}, ctx);
    expect(resendPush).toHaveBeenCalledWith('k');
    expect(pending.current()?.step).toMatchObject({ waitState: 'resent', attempt: 1 });

    const second = actions.signInPushWait!({ key: 'k', attempt: 1 }, ctx);
    answer({ status: 'declined' });
    await second;
    expect(waitForPush).toHaveBeenCalledTimes(2);
    expect(pending.current()?.step).toMatchObject({ outcome: 'over', message: 'signin.push.declined' });
  });

  it('closes the phone channel when the visitor leaves the step', async () => {
    const close = vi.fn();
    const { pending, actions } = setUp({}, { waitForPush: () => close });
    pending.set({ step: { flow: 'push', key: 'k', verifier: 'v', devices: [], qrLink: '' } });
    const waiting = actions.signInPushWait!({}, ctx);
    await actions.signInRestart!({}, ctx);
    expect(await waiting).toBeUndefined();
    expect(close).toHaveBeenCalled();
  });

  it('approves a new device: the methods, the chosen one, another one, and a wrong code on the field', async () => {
    const factors = {
      approveMethods: vi.fn(async () => [{ id: 'sms', type: 'sms' as const, destination: '+373 ••• 456' }]),
      chooseApproveMethod: vi.fn(async () => ({ destination: '+373 ••• 456' })),
      approveDevice: vi.fn(async () => {
        throw new TokenServiceError(403, 'Wrong code.', 'code', 2);
      }),
    };
    const { pending, actions } = setUp({}, factors);
    pending.set({ step: { flow: 'verifyDevice', key: 'k', verifier: 'v', deviceId: 9 } });
    await actions.signInDeviceMethods!({}, ctx);
    expect(pending.current()?.step.methods).toHaveLength(1);
    await actions.signInDeviceMethod!({ methodId: 'sms' }, ctx);
    expect(factors.chooseApproveMethod).toHaveBeenCalledWith('k', 9, 'sms');
    expect(pending.current()?.step.destination).toBe('+373 ••• 456');
    const refused = await actions.signInDeviceCode!({ code: '000000' }, ctx).catch((error: unknown) => error);
    expect(isMethodCallError(refused) && refused.fieldErrors).toEqual({ code: 'signin.wrongCode {"count":2}' });
    await actions.signInDeviceOther!({}, ctx);
    expect(pending.current()?.step).not.toHaveProperty('destination');
    expect(pending.current()?.step.methods).toHaveLength(1);
  });

  it('leaves the migration notice for the chosen page only', async () => {
    const { pending, actions } = setUp({});
    pending.set({ step: { flow: 'migration', migration: { type: 'soft', daysLeft: 3, strategy: 'enablePush' }, next: '/home' } });
    expect(await actions.signInDone!({ to: '//elsewhere.example' }, ctx)).toEqual({ navigate: '/login' });
    expect(await actions.signInDone!({ to: '/home' }, ctx)).toEqual({ navigate: '/home' });
    expect(pending.current()).toBeNull();
  });
});
