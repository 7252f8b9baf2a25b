import { getPath } from '../data/paths';
import type { JsonSchema } from '../spec/types';
import { matchesWhen, type FieldCondition, type When } from '../spec/when';

/**
 * The `ui:options.when` of each field of a uiSchema that has one, by the field's dot path: a top-level
 * field by its name, a field inside an object by its path (`checks.lawsuits.details`). A `when` reads the
 * form's values from their root wherever it sits (`{ field: checks.lawsuits.answer, equals: true }`).
 *
 * @example
 * ```ts
 * fieldConditions({ website: { 'ui:options': { when: { field: 'kind', equals: 'company' } } },
 *   checks: { details: { 'ui:options': { when: { field: 'checks.answer', equals: true } } } } });
 * // { website: { field: 'kind', … }, 'checks.details': { field: 'checks.answer', … } }
 * ```
 */
export function fieldConditions(uiSchema: Record<string, unknown> | undefined, prefix = ''): Record<string, When> {
  const conditions: Record<string, When> = {};
  for (const [field, ui] of Object.entries(uiSchema ?? {})) {
    if (field.startsWith('ui:') || !ui || typeof ui !== 'object') continue;
    const when = (ui as { 'ui:options'?: { when?: When } })['ui:options']?.when;
    if (when && typeof when === 'object') conditions[`${prefix}${field}`] = when;
    Object.assign(conditions, fieldConditions(ui as Record<string, unknown>, `${prefix}${field}.`));
  }
  return conditions;
}

/** `data` without the value at a dot path, copied along the path only; `data` itself when nothing is there. */
function withoutPath(data: Record<string, unknown>, path: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (head === undefined || !(head in data)) return data;
  if (rest.length === 0) {
    const kept = { ...data };
    delete kept[head];
    return kept;
  }
  const inner = data[head];
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return data;
  const trimmed = withoutPath(inner as Record<string, unknown>, rest.join('.'));
  return trimmed === inner ? data : { ...data, [head]: trimmed };
}

/** A schema holding where the value at a dot path meets `test` (and is there). */
function atPath(path: string, test: JsonSchema): JsonSchema {
  return path
    .split('.')
    .reverse()
    .reduce<JsonSchema>((inner, key) => ({ type: 'object', required: [key], properties: { [key]: inner } }), test);
}

const PRESENT: JsonSchema = { not: { enum: [null, ''] } };

function fieldTestSchema(test: FieldCondition): JsonSchema {
  if ('equals' in test) return atPath(test.field, { const: test.equals });
  if ('in' in test) return atPath(test.field, { enum: [...test.in] });
  if ('notIn' in test) return { not: atPath(test.field, { enum: [...test.notIn] }) };
  if (!('present' in test)) {
    // A JSON Schema cannot compare a decimal string, nor with another field: the form cannot require by it.
    throw new Error(`ui:options.when on a form field cannot compare (gt/gte/lt/lte) "${test.field}"; use equals, in, notIn or present`);
  }
  return test.present ? atPath(test.field, PRESENT) : { not: atPath(test.field, PRESENT) };
}

/**
 * A spec's `when` as the JSON Schema that holds exactly where it holds, so that ajv, in the browser and
 * in codegen's precompiled validators, requires a field only while it is shown.
 *
 * @example
 * ```ts
 * whenSchema({ field: 'kind', equals: 'company' });
 * // { type: 'object', required: ['kind'], properties: { kind: { const: 'company' } } }
 * whenSchema({ any: [{ field: 'kind', equals: 'letter' }, { all: [{ field: 'kind', equals: 'parcel' }, { field: 'island', equals: true }] }] });
 * // { anyOf: [{ …kind const 'letter' }, { allOf: [{ …kind const 'parcel' }, { …island const true }] }] }
 * ```
 */
export function whenSchema(when: When): JsonSchema {
  if ('all' in when) return { allOf: when.all.map(whenSchema) };
  if ('any' in when) return { anyOf: when.any.map(whenSchema) };
  if ('not' in when) return { not: whenSchema(when.not) };
  return fieldTestSchema(when);
}

/**
 * A form schema with its conditions applied:
 * - a field whose uiSchema says `ui:options: { when }` is required (if the schema requires it) only
 *   where `when` holds, through `if`/`then`; the form hides it and drops its value elsewhere;
 * - `dependentSchemas` is also given as `dependencies`, the keyword rjsf reads to show the fields a
 *   value brings (ajv reads both alike), so dependent fields show as `if`/`then`/`else` ones do.
 *
 * @example
 * ```ts
 * conditionalSchema({ type: 'object', required: ['website'], properties: { kind: {}, website: {} } },
 *   { website: { 'ui:options': { when: { field: 'kind', equals: 'company' } } } });
 * // required [] and allOf [{ if: { …kind const 'company' }, then: { required: ['website'] } }]
 * ```
 */
export function conditionalSchema(schema: JsonSchema, uiSchema: Record<string, unknown> | undefined): JsonSchema {
  const conditions = Object.entries(fieldConditions(uiSchema)).filter(([field]) => schema.properties?.[field]);
  const dependent = schema.dependentSchemas as Record<string, JsonSchema> | undefined;
  if (conditions.length === 0 && !dependent) return schema;
  const result: JsonSchema = { ...schema };
  if (dependent && !result.dependencies) result.dependencies = dependent;
  const required = schema.required ?? [];
  const conditional = conditions.filter(([field]) => required.includes(field));
  if (conditional.length > 0) {
    const kept = required.filter((field) => !conditional.some(([name]) => name === field));
    if (kept.length > 0) result.required = kept;
    else delete result.required;
    result.allOf = [
      ...((schema.allOf as JsonSchema[] | undefined) ?? []),
      ...conditional.map(([field, when]) => ({ if: whenSchema(when), then: { required: [field] } })),
    ];
  }
  return result;
}

/**
 * The data without the values of fields hidden by their `when` (at any depth, by dot path), so a hidden
 * field never sends a stale value nor fails a rule the user cannot see. Returns `data` itself when
 * nothing is dropped.
 *
 * @example
 * ```ts
 * withoutHiddenFields({ kind: 'person', website: 'x' }, { website: { field: 'kind', equals: 'company' } }); // { kind: 'person' }
 * ```
 */
export function withoutHiddenFields(data: Record<string, unknown>, conditions: Record<string, When>): Record<string, unknown> {
  const hidden = Object.entries(conditions).filter(([field, when]) => getPath(data, field) !== undefined && !matchesWhen(when, data));
  if (hidden.length === 0) return data;
  return hidden.reduce((kept, [field]) => withoutPath(kept, field), data);
}

/**
 * The top-level fields whose uiSchema says `ui:options: { sent: false }`: choices that only narrow other
 * fields' options (virtual or physical, to list the items of that kind), never sent.
 *
 * @example
 * ```ts
 * unsentFields({ kind: { 'ui:options': { sent: false } }, itemId: {} }); // ['kind']
 * ```
 */
export function unsentFields(uiSchema: Record<string, unknown> | undefined): string[] {
  return Object.entries(uiSchema ?? {})
    .filter(([, ui]) => (ui as { 'ui:options'?: { sent?: unknown } } | null)?.['ui:options']?.sent === false)
    .map(([field]) => field);
}

/**
 * The data without the fields that are never sent (see {@link unsentFields}); `data` itself when there
 * are none.
 *
 * @example
 * ```ts
 * withoutUnsentFields({ kind: 'digital', itemId: 7 }, ['kind']); // { itemId: 7 }
 * ```
 */
export function withoutUnsentFields(data: Record<string, unknown>, unsent: readonly string[]): Record<string, unknown> {
  if (!unsent.some((field) => field in data)) return data;
  const kept = { ...data };
  for (const field of unsent) delete kept[field];
  return kept;
}
