import type { TFunction } from 'i18next';
import type { ErrorTransformer, RJSFValidationError } from '@rjsf/utils';

/** The field an error belongs to: the last segment of rjsf's property path (`.address.city` -> `city`). */
function fieldOf(error: RJSFValidationError): string {
  const property = error.property ?? '';
  const segments = property.split(/[.[\]'"]+/).filter(Boolean);
  return segments[segments.length - 1] ?? '';
}

/**
 * Replaces ajv's English messages with translated ones. For an error of keyword `k` on field `f`, the first
 * key that exists wins:
 * 1. `fieldErrors.f.k`: a message an analyst writes for one field (`fieldErrors.postcode.pattern`);
 * 2. `engine.validation.format_<format>` for format errors (`format_email`);
 * 3. `engine.validation.k`;
 * and ajv's own message when none does. Messages can use `{{limit}}` (lengths, bounds).
 *
 * @example
 * ```ts
 * <Form transformErrors={translateErrors(t)} ... />
 * ```
 */
export function translateErrors(t: TFunction): ErrorTransformer {
  return (errors) =>
    errors.map((error) => {
      const keyword = error.name ?? 'invalid';
      const params = (error.params ?? {}) as Record<string, unknown>;
      const keys = [`fieldErrors.${fieldOf(error)}.${keyword}`];
      if (keyword === 'format' && typeof params.format === 'string') {
        keys.push(`engine.validation.format_${params.format.replace(/-/g, '_')}`);
      }
      keys.push(`engine.validation.${keyword}`);
      const message = t(keys, { ...params, defaultValue: error.message ?? keyword });
      return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
    });
}
