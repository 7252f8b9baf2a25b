import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

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

/**
 * Lets the sign-in go on (null) or stops it with a refusal. Each area writes its policy beside its own
 * rules (terms, IP access, activation); server/signin/login-policies.ts lists them in order.
 */
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
