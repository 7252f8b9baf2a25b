/**
 * Idempotency keys for money-moving calls. Each new submission gets a fresh key; a retry of the same
 * submission (same values, no answer yet or a network failure) sends the same key again, so the
 * server answers with the first result instead of moving the money twice.
 */

/** A fresh key for one submission. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Remembers the key of the last submission until it is answered. `keyFor(values)` gives the same key
 * for the same values while the last attempt is unanswered, and a new one otherwise; call
 * `answered()` once the server has answered (success or refusal), so the next submission is new.
 *
 * @example
 * const keys = submissionKeys();
 * const key = keys.keyFor(values); // send it; on a network error the user retries and gets the same key
 * keys.answered();
 */
export function submissionKeys(): { keyFor(values: unknown): string; answered(): void } {
  let last: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(values) {
      const fingerprint = JSON.stringify(values);
      if (!last || last.fingerprint !== fingerprint) last = { fingerprint, key: newIdempotencyKey() };
      return last.key;
    },
    answered() {
      last = null;
    },
  };
}
