import type { JsonSchema } from '../spec/types';

/**
 * Whether a typed code meets the rules the application gives from its request schema (`pattern`,
 * `minLength`, `maxLength`), so a code that cannot be right is said at once instead of sent.
 *
 * @example
 * ```ts
 * codeMeetsRules('12345', { type: 'string', pattern: '^[0-9]{4,8}$' }); // true
 * codeMeetsRules('12a', { type: 'string', pattern: '^[0-9]{4,8}$' }); // false
 * ```
 */
export function codeMeetsRules(code: string, schema: JsonSchema | undefined): boolean {
  if (code === '') return false;
  if (!schema) return true;
  if (typeof schema.minLength === 'number' && code.length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && code.length > schema.maxLength) return false;
  return typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(code);
}

/**
 * The longest code the rules allow, for the field's `maxLength`: the schema's, else the largest count a
 * `{min,max}` of the pattern names.
 *
 * @example
 * ```ts
 * longestCode({ type: 'string', pattern: '^[0-9]{4,8}$' }); // 8
 * ```
 */
export function longestCode(schema: JsonSchema | undefined): number | undefined {
  if (typeof schema?.maxLength === 'number') return schema.maxLength;
  const counts = typeof schema?.pattern === 'string' ? /^\^\[[^\]]+\]\{(?:\d+,)?(\d+)\}\$$/.exec(schema.pattern) : null;
  return counts ? Number(counts[1]) : undefined;
}
