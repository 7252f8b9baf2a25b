import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { termsPolicy } from '../terms/terms.ts';
import { ipAllowListPolicy } from '../security/ip-access.ts';
import { recordLoginAttempt } from '../security/login-history.ts';
import { activationRequired } from '../registration/activation.ts';

/** A sign-in whose password was right, before the second factor and before any code is issued. */
export interface LoginAttempt {
  db: Kysely<Database>;
  userId: number;
  /** The login name, lower-case. */
  login: string;
  client: string;
  /** The caller's address as the server sees it. */
  ip: string;
  userAgent: string;
  /** The login request's body, for policies that read their own optional fields (e.g. accepted terms). */
  body: Record<string, unknown>;
}

/** A policy's refusal: the HTTP status and the body the token service answers with. */
export interface LoginRefusal {
  status: number;
  body: { message: string } & Record<string, unknown>;
}

/** Lets the sign-in go on (null) or stops it with a refusal. */
export type LoginPolicy = (attempt: LoginAttempt) => Promise<LoginRefusal | null>;

/** What happened to a sign-in, for those who record it (login history, audit). */
export interface LoginEvent {
  db: Kysely<Database>;
  /** Absent when the login name matched no user. */
  userId?: number;
  login: string;
  ip: string;
  userAgent: string;
  outcome: 'succeeded' | 'wrongPassword' | 'refused';
  /** For 'refused': the refusing policy's message. */
  reason?: string;
}

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
