/**
 * Idempotency keys for money-moving calls. Each new intent gets a fresh key; a retry of the same intent
 * (same values, no answer yet or a network failure) sends the same key again, so the server answers with
 * the first result instead of moving the money twice.
 */

/**
 * A fresh key for one intent.
 *
 * @example
 * ```ts
 * callMethod('orderCancel', { idempotencyKey: newIdempotencyKey(), orderId: 7 });
 * ```
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** What {@link submissionKeys} gives: the key of an intent, and the end of it. */
export interface SubmissionKeys {
  /** The same key for the same values while the last attempt is unanswered, a new one otherwise. */
  keyFor(values: unknown): string;
  /** The server has answered (a success or a refusal): the next submission is a new intent. */
  answered(): void;
}

/**
 * Remembers the key of the last submission until it is answered. A changed form is a new intent, and so
 * is anything sent after an answer.
 *
 * @example
 * ```ts
 * const keys = submissionKeys();
 * const key = keys.keyFor(values); // send it; on a network error the user retries and gets the same key
 * keys.answered();
 * ```
 */
export function submissionKeys(): SubmissionKeys {
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
