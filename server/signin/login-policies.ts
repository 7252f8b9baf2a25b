import type { LoginAttempt, LoginEvent, LoginPolicy, LoginRefusal } from '../auth/login-attempt.ts';
import { termsPolicy } from '../terms/terms.ts';
import { ipAllowListPolicy } from '../security/ip-access.ts';
import { recordLoginAttempt } from '../security/login-history.ts';
import { activationRequired } from '../registration/activation.ts';

/**
 * What a sign-in must pass after the password and before the second factor, in order; the first
 * refusal wins (an IP outside the allow-list before pending terms). Each area adds its policy here.
 */
export const loginPolicies: LoginPolicy[] = [ipAllowListPolicy, activationRequired, termsPolicy];

/** Told of every sign-in attempt's outcome, after the answer is decided. */
export const loginListeners: ((event: LoginEvent) => Promise<void>)[] = [recordLoginAttempt];

/**
 * Runs the policies in order and answers the first refusal, or null when the sign-in may go on.
 *
 * @example
 * const refusal = await checkLoginPolicies(attempt);
 * if (refusal) return reply.code(refusal.status).send(refusal.body);
 */
export async function checkLoginPolicies(attempt: LoginAttempt, policies: LoginPolicy[] = loginPolicies): Promise<LoginRefusal | null> {
  for (const policy of policies) {
    const refusal = await policy(attempt);
    if (refusal) return refusal;
  }
  return null;
}

/** Tells every listener; a listener's failure is the listener's problem, never the sign-in's. */
export async function announceLogin(event: LoginEvent, log: { error(object: object, message: string): void }): Promise<void> {
  for (const listener of loginListeners) {
    try {
      await listener(event);
    } catch (error) {
      log.error({ err: error }, 'a sign-in listener failed');
    }
  }
}
