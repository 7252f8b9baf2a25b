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

  constructor(
    public readonly code: string,
    public readonly description: string,
    public readonly fieldErrors: Record<string, string> = {},
  ) {
    super(description);
  }
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
