import type { components } from '../../generated/rest.ts';

export type MigrationRequirement = components['schemas']['MigrationRequirement'];
type PushDevice = NonNullable<components['schemas']['LoginResult']['devices']>[number];

export type ApproveMethod = components['schemas']['ApproveMethods']['methods'][number];

/**
 * Where a step stands, which the step screen (screens/login-step.yaml) reads from the store `signIn`:
 * `outcome` and `message` once the step can go no further (a spent code, a declined push: sign in
 * again); for push, `waitState` and `attempt` (a new live channel per attempt); for a new
 * device, the `methods` offered and the `destination` the code went to.
 */
export interface StepProgress {
  outcome?: 'over';
  message?: string;
  waitState?: 'waiting' | 'resent' | 'approved' | 'lost';
  attempt?: number;
  methods?: ApproveMethod[];
  destination?: string;
}

/** The step a sign-in waits on after the password, with what it needs to finish. */
export type PendingStep = (
  | { flow: 'otp'; code: string; verifier: string }
  | { flow: 'sms'; code: string; verifier: string; phone: string; smsId: string }
  | { flow: 'push'; key: string; verifier: string; devices: PushDevice[]; qrLink: string }
  | { flow: 'verifyDevice'; key: string; verifier: string; deviceId: number }
  /** Signed in already: the migration notice, then `next`. */
  | { flow: 'migration'; migration: MigrationRequirement; next: string }
) &
  StepProgress;

export interface PendingSignIn {
  step: PendingStep;
  migration?: MigrationRequirement;
}

/** Holds the sign-in of this tab between the password and its last step. Memory only: the PKCE verifier never touches storage. */
export interface PendingStore {
  current(): PendingSignIn | null;
  set(next: PendingSignIn | null): void;
  subscribe(listener: () => void): () => void;
}

/**
 * @example
 * const pending = createPendingStore();
 * pending.set({ step: { flow: 'otp', code, verifier } });
 */
export function createPendingStore(): PendingStore {
  let current: PendingSignIn | null = null;
  const listeners = new Set<() => void>();
  return {
    current: () => current,
    set(next) {
      current = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The application's pending sign-in (one per tab). */
export const pendingSignIn = createPendingStore();
