/**
 * The error `callMethod` rejects with when the server answers with a declared error code.
 *
 * `fieldErrors` is keyed by the dot path of the request payload (`profile.firstName`); forms strip their
 * `wrap` prefix and show each message on its field. Every other rejection goes to `EngineOptions.onError`.
 *
 * @example
 * ```ts
 * throw new MethodCallError('VF', 'Validation failed', { 'profile.firstName': 'Too long' });
 * ```
 */
export class MethodCallError extends Error {
  override readonly name = 'MethodCallError';
  /**
   * True when no answer came (the network failed, the request timed out): the server may or may not have
   * done what was asked, so a flow with an idempotency key looks the call up instead of taking this as a refusal.
   */
  readonly unanswered: boolean;
  /** The refusal's other values (a date, the id of what it is about), which a question about it may show. */
  readonly values: Record<string, unknown>;

  constructor(
    public readonly code: string,
    public readonly description: string,
    public readonly fieldErrors: Record<string, string> = {},
    { unanswered = false, values = {} }: { unanswered?: boolean; values?: Record<string, unknown> } = {},
  ) {
    super(description);
    this.unanswered = unanswered;
    this.values = values;
  }
}

/**
 * Whether `error` is the server's answer (a declared refusal) rather than a call that got none: a
 * {@link MethodCallError} not marked `unanswered`.
 *
 * @example
 * ```ts
 * isAnswer(new MethodCallError('TA1', 'Too much')); // true
 * isAnswer(new MethodCallError('AE', 'Failed to fetch', {}, { unanswered: true })); // false
 * isAnswer(new TypeError('Failed to fetch')); // false
 * ```
 */
export function isAnswer(error: unknown): error is MethodCallError {
  return isMethodCallError(error) && (error as { unanswered?: unknown }).unanswered !== true;
}

/**
 * Whether `error` is a {@link MethodCallError}. Checks the shape too, not only `instanceof`, because the
 * application and the engine may end up with two copies of the class in different bundles.
 *
 * @example
 * ```ts
 * if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) showOnFields(error.fieldErrors);
 * ```
 */
export function isMethodCallError(error: unknown): error is MethodCallError {
  if (error instanceof MethodCallError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Partial<MethodCallError>;
  return (
    candidate.name === 'MethodCallError' && typeof candidate.code === 'string' && typeof candidate.fieldErrors === 'object' && candidate.fieldErrors !== null
  );
}
