import schedule from '../../schemas/webhooks/retry-schedule.json' with { type: 'json' };

/** The delays of the retry schedule (schemas/webhooks/retry-schedule.json), in milliseconds: attempt n waits DELAYS[n - 1]. */
export const RETRY_DELAYS_MS: readonly number[] = schedule.delaysSeconds.map((seconds) => seconds * 1000);

/** How long one attempt waits for the endpoint's answer. */
export const ATTEMPT_TIMEOUT_MS = schedule.attemptTimeoutSeconds * 1000;

/** How many attempts a delivery gets before it gives up. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;

/**
 * When the next attempt of a delivery is due after its attempt number `attempt` (1-based) failed at `failedAt`,
 * or null when that was the last one (the delivery has failed for good).
 *
 * @example
 * nextAttemptAt(1, new Date('2026-01-01T00:00:00Z')); // 2026-01-01T00:00:05Z (the second attempt, 5 s later)
 * nextAttemptAt(8, new Date()); // null
 */
export function nextAttemptAt(attempt: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempt];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
