import { getPath } from '../data/paths';
import { compareDecimals } from '../format/numbers';

/**
 * A bound for a numeric comparison: a number, a decimal string (`"1000.00"`), or `":other.field"` naming
 * another field of the same values.
 */
export type CompareBound = number | string;

/**
 * A test on one field (a dot path, `owner.status`): equals a value, is one of some, is none of some
 * (`notIn`: a missing value is none of them), is present, or compares as a number with `gt`, `gte`, `lt`,
 * `lte` (several together must all hold). Numbers and decimal strings are compared exactly as decimals;
 * a value or bound that is not a decimal (missing, empty, text) makes the comparison fail.
 */
export type FieldCondition =
  | { field: string; equals: unknown }
  | { field: string; in: readonly unknown[] }
  | { field: string; notIn: readonly unknown[] }
  | { field: string; present: boolean }
  | { field: string; gt?: CompareBound; gte?: CompareBound; lt?: CompareBound; lte?: CompareBound };

/**
 * A condition a spec writes as data, evaluated against a row, a section's data or the route parameters:
 * a field test, or `all`, `any`, `not` over conditions, which nest ("a letter, or a parcel to an island":
 * `any` of a test and an `all`).
 *
 * @example
 * ```yaml
 * when: { field: status, in: [active, paused] }
 * when: { all: [{ field: enabled, equals: true }, { field: endsAt, present: false }] }
 * when: { all: [{ field: status, in: [open] }, { field: hold, notIn: [review, appeal] }] }
 * when: { field: amount, gt: ':limits.remaining' }
 * when: { field: count, gte: 1, lte: 10 }
 * when: { any: [{ field: kind, equals: letter }, { all: [{ field: kind, equals: parcel }, { field: island, equals: true }] }] }
 * ```
 */
export type When = FieldCondition | { all: readonly When[] } | { any: readonly When[] } | { not: When };

const isPresent = (value: unknown) => value !== undefined && value !== null && value !== '';

const COMPARISONS = {
  gt: (order: number) => order > 0,
  gte: (order: number) => order >= 0,
  lt: (order: number) => order < 0,
  lte: (order: number) => order <= 0,
} as const;

function boundValue(bound: CompareBound, values: unknown): unknown {
  return typeof bound === 'string' && bound.startsWith(':') ? getPath(values, bound.slice(1)) : bound;
}

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
  if ('present' in when) return isPresent(value) === when.present;
  const tests = (Object.keys(COMPARISONS) as (keyof typeof COMPARISONS)[]).filter((key) => when[key] !== undefined);
  if (tests.length === 0) return false;
  return tests.every((key) => {
    const order = compareDecimals(value, boundValue(when[key] as CompareBound, values));
    return order !== null && COMPARISONS[key](order);
  });
}
