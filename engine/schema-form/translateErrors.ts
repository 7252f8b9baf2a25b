import type { TFunction } from 'i18next';
import type { ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import { formatNumber } from '../format/numbers';

/** The field an error belongs to: the last segment of rjsf's property path (`.address.city` -> `city`). */
function fieldOf(error: RJSFValidationError): string {
  const property = error.property ?? '';
  const segments = property.split(/[.[\]'"]+/).filter(Boolean);
  return segments[segments.length - 1] ?? '';
}

/**
 * Replaces ajv's English messages with the UI language's. For an error of keyword `k` on field `f`, the
 * first key that exists wins:
 * 1. `fieldErrors.f.k`: a message an analyst writes for one field (`fieldErrors.postcode.pattern`);
 * 2. `engine.validation.format_<format>` for format errors (`format_email`), `engine.validation.type_<type>`
 *    for type errors (`type_number`);
 * 3. `engine.validation.k`;
 * 4. `engine.validation.invalid`: never ajv's English.
 * Messages interpolate the limits of the compiled schema that ajv reports (`{{limit}}` of a length or a
 * bound, `{{multipleOf}}`), numbers written as the locale writes them (`1 000 000` in ru).
 *
 * @example
 * ```ts
 * <Form transformErrors={translateErrors(t, 'ru')} ... />
 * ```
 */
export function translateErrors(t: TFunction, locale = 'en'): ErrorTransformer {
  return (errors) =>
    errors.map((error) => {
      const keyword = error.name ?? 'invalid';
      const params = Object.fromEntries(
        Object.entries((error.params ?? {}) as Record<string, unknown>).map(([name, value]) => [
          name,
          typeof value === 'number' ? formatNumber(value, locale) : value,
        ]),
      );
      const keys = [`fieldErrors.${fieldOf(error)}.${keyword}`];
      if (keyword === 'format' && typeof params.format === 'string') {
        keys.push(`engine.validation.format_${params.format.replace(/-/g, '_')}`);
      }
      if (keyword === 'type' && typeof params.type === 'string') keys.push(`engine.validation.type_${params.type}`);
      keys.push(`engine.validation.${keyword}`, 'engine.validation.invalid');
      const message = t(keys, params);
      return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
    });
}
