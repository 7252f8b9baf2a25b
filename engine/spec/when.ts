import { getPath } from '../data/paths';

/**
 * A test on one field (a dot path, `owner.status`): equals a value, is one of some, is none of some
 * (`notIn`: a missing value is none of them), or is present.
 */
export type FieldCondition =
  | { field: string; equals: unknown }
  | { field: string; in: readonly unknown[] }
  | { field: string; notIn: readonly unknown[] }
  | { field: string; present: boolean };

/**
 * A condition a spec writes as data, evaluated against a row, a section's data or the route parameters:
 * a field test, or `all`, `any`, `not` over field tests. The meta-schema allows one level of them, so a
 * condition stays readable in a spec.
 *
 * @example
 * ```yaml
 * when: { field: status, in: [active, paused] }
 * when: { all: [{ field: enabled, equals: true }, { field: endsAt, present: false }] }
 * when: { all: [{ field: status, in: [open] }, { field: hold, notIn: [review, appeal] }] }
 * ```
 */
export type When =
  | FieldCondition
  | { all: readonly FieldCondition[] }
  | { any: readonly FieldCondition[] }
  | { not: FieldCondition };

const isPresent = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Whether `values` meet `when`; no condition always holds. Values are compared as JSON values
 * (`equals: 1` does not match `"1"`), because the schemas type them.
 *
 * @example
 * ```ts
 * matchesWhen({ field: 'status', in: ['active'] }, { status: 'active' }); // true
 * matchesWhen({ not: { field: 'toIp', present: true } }, { toIp: '' }); // true
 * matchesWhen(undefined, {}); // true
 * ```
 */
export function matchesWhen(when: When | undefined, values: unknown): boolean {
  if (!when) return true;
  if ('all' in when) return when.all.every((part) => matchesWhen(part, values));
  if ('any' in when) return when.any.some((part) => matchesWhen(part, values));
  if ('not' in when) return !matchesWhen(when.not, values);
  const value = getPath(values, when.field);
  if ('equals' in when) return value === when.equals;
  if ('in' in when) return when.in.includes(value);
  if ('notIn' in when) return !when.notIn.includes(value);
  return isPresent(value) === when.present;
}
