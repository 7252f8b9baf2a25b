import { isMethodCallError } from '../../engine/index.ts';

/**
 * Splits a failed call into what the form shows on its fields and what goes to the error popup:
 * a refusal with field errors (validationErrors) stays on the form; anything else (network, a
 * refusal with only a description) is the popup's. Field errors are keyed by the request field.
 *
 * @example
 * const fieldErrors = fieldErrorsOf(error);
 * if (fieldErrors) setErrors(fieldErrors); else feedback.showError(error);
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) return { ...error.fieldErrors };
  return null;
}
