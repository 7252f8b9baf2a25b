import { MethodCallError, type AppAction, type Guard, type ValueStore } from '../../engine/index.ts';
import { LOGIN } from '../session/guards.ts';
import { TokenServiceError } from '../transport/token-service.ts';
import { createSignInFactors, type SignInFactors } from './factors-client.ts';
import { pendingSignIn, type PendingStep, type PendingStore, type StepProgress } from './pending.ts';
import { completeSignIn, type SignInDeps } from './sign-in-flow.ts';

/** Translates with values, as i18next's `t` does. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** What the step actions need: the sign-in's services, the factor paths and the words of a wrong code. */
export interface SignInStepServices extends SignInDeps {
  factors?: SignInFactors;
  t: Translate;
}

/**
 * The store the step screen reads (`data: { store: signIn, path: step }` in screens/login-step.yaml):
 * this tab's pending sign-in, in memory only.
 *
 * @example
 * createScreenRouter({ …, stores: { signIn: signInStore() } });
 */
export function signInStore(pending: PendingStore = pendingSignIn): ValueStore {
  return { current: pending.current, subscribe: pending.subscribe };
}

/**
 * The guard `signInPending` of /login/step: without a sign-in waiting on its second step, back to sign in.
 *
 * @example
 * guards: { signInPending: signInPendingGuard() }
 */
export function signInPendingGuard(pending: PendingStore = pendingSignIn): Guard {
  return () => (pending.current() ? null : LOGIN);
}

/** A wrong code, in the user's language when the service says how many tries remain. */
function wrongCode(t: Translate, failure: TokenServiceError): string {
  return failure.attemptsLeft === undefined ? failure.message : t('signin.wrongCode', { count: failure.attemptsLeft });
}

/**
 * The actions of the steps after the password (document 000 section 4), named by screens/login-step.yaml:
 * - `signInCode`: the authenticator or SMS code (`otp`) exchanged with the PKCE verifier; a wrong code is
 *   said on the field with the tries left; a spent sign-in ends the step ("sign in again").
 * - `signInPushWait` (on showing the push step): the live channel until the phone answers; approved signs
 *   in, declined or expired ends the step, a lost channel offers to send the request again.
 * - `signInPushResend`: the push request again (and a new channel if the last was lost).
 * - `signInDeviceMethods` (on showing the new-device step), `signInDeviceMethod` (a method chosen: the code
 *   is sent there), `signInDeviceOther` (back to the methods), `signInDeviceCode` (the code approves this
 *   browser, then signs in).
 * - `signInRestart`: forgets the pending sign-in and goes to sign in; `signInDone`: forgets it and goes to
 *   `to` (after the migration notice).
 *
 * @example
 * createScreenRouter({ …, actions: { ...signInStepActions({ tokenService, session, customer, pending, storage, t }) } });
 */
export function signInStepActions(services: SignInStepServices): Record<string, AppAction> {
  const { pending, tokenService, t } = services;
  const factors = services.factors ?? createSignInFactors();
  const current = () => pending.current()?.step;
  /** Changes the step's progress, if the tab still waits on the sign-in the action began on (its PKCE verifier). */
  const update = (step: PendingStep, progress: StepProgress) => {
    const now = pending.current();
    const same = now && now.step.flow === step.flow && (!('verifier' in step) || ('verifier' in now.step && now.step.verifier === step.verifier));
    if (same) pending.set({ ...now, step: { ...now.step, ...progress } });
  };
  const over = (step: PendingStep, message: string) => update(step, { outcome: 'over', message });
  const finish = async (tokens: Parameters<typeof completeSignIn>[1], after: 'start' | 'accounts') => {
    const migration = pending.current()?.migration;
    return { navigate: await completeSignIn(services, tokens, { ...(migration ? { migration } : {}), after }) };
  };
  const stepOf = <F extends PendingStep['flow']>(...flows: F[]): Extract<PendingStep, { flow: F }> => {
    const step = current();
    if (!step || !(flows as string[]).includes(step.flow)) throw new Error('This sign-in is no longer waiting for this step; sign in again.');
    return step as Extract<PendingStep, { flow: F }>;
  };

  return {
    async signInCode(input) {
      const step = stepOf('otp', 'sms');
      const otp = String(input.otp ?? '').trim();
      // The schema checks a code's form but may not require one (a token request without a code is valid): an
      // empty field must not spend one of the tries.
      if (!otp) throw new MethodCallError('VF', t('engine.validation.required'), { otp: t('engine.validation.required') });
      try {
        const tokens = await tokenService.exchange(step.code, step.verifier, otp);
        return await finish(tokens, step.flow === 'sms' ? 'accounts' : 'start');
      } catch (failure) {
        if (!(failure instanceof TokenServiceError)) throw failure;
        if (failure.field === 'otp') throw new MethodCallError('AU', failure.message, { otp: wrongCode(t, failure) });
        over(step, failure.message);
        return undefined;
      }
    },

    signInPushWait() {
      const step = stepOf('push');
      return new Promise((resolve) => {
        let close = () => undefined as void;
        // Leaving the step (sign in again) closes the channel.
        const stop = pending.subscribe(() => {
          if (current()?.flow !== 'push' || (current() as typeof step).key !== step.key) done(undefined);
        });
        const done = (result: { navigate: string } | undefined) => {
          stop();
          close();
          resolve(result);
        };
        close = factors.waitForPush(step.key, (outcome) => {
          if (outcome.status === 'approved') {
            // Signing in changes the store: that is not leaving the step.
            stop();
            update(step, { waitState: 'approved' });
            tokenService
              .exchange(outcome.code, step.verifier)
              .then((tokens) => finish(tokens, 'start'))
              .then(done, () => {
                update(step, { waitState: 'lost' });
                done(undefined);
              });
          } else if (outcome.status === 'failed') {
            update(step, { waitState: 'lost' });
            done(undefined);
          } else {
            over(step, t(outcome.status === 'declined' ? 'signin.push.declined' : 'signin.push.expired'));
            done(undefined);
          }
        });
      });
    },

    async signInPushResend() {
      const step = stepOf('push');
      try {
        await factors.resendPush(step.key);
        update(step, { waitState: 'resent', ...(step.waitState === 'lost' ? { attempt: (step.attempt ?? 0) + 1 } : {}) });
      } catch (failure) {
        if (failure instanceof TokenServiceError) over(step, t('signin.push.expired'));
        else update(step, { waitState: 'lost' });
      }
    },

    async signInDeviceMethods() {
      const step = stepOf('verifyDevice');
      try {
        update(step, { methods: await factors.approveMethods(step.key) });
      } catch (failure) {
        over(step, (failure as Error).message);
      }
    },

    async signInDeviceMethod(input) {
      const step = stepOf('verifyDevice');
      try {
        const answer = await factors.chooseApproveMethod(step.key, step.deviceId, String(input.methodId ?? ''));
        update(step, { destination: answer.destination ?? '' });
      } catch (failure) {
        over(step, (failure as Error).message);
      }
    },

    async signInDeviceOther() {
      const step = stepOf('verifyDevice');
      const { destination: _sent, ...rest } = step;
      const now = pending.current();
      if (now) pending.set({ ...now, step: rest });
    },

    async signInDeviceCode(input) {
      const step = stepOf('verifyDevice');
      let approved: { code: string };
      try {
        approved = await factors.approveDevice(step.key, step.deviceId, String(input.code ?? '').trim());
      } catch (failure) {
        if (failure instanceof TokenServiceError && failure.field === 'code') throw new MethodCallError('AU', failure.message, { code: wrongCode(t, failure) });
        over(step, (failure as Error).message);
        return undefined;
      }
      return finish(await tokenService.exchange(approved.code, step.verifier), 'start');
    },

    async signInRestart() {
      pending.set(null);
      return { navigate: LOGIN };
    },

    async signInDone(input) {
      pending.set(null);
      const to = typeof input.to === 'string' && input.to.startsWith('/') && !input.to.startsWith('//') ? input.to : LOGIN;
      return { navigate: to };
    },
  };
}
