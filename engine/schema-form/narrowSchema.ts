import type { JsonSchema } from '../spec/types';

/** Keywords that identify a schema document; see {@link withoutIdentity}. */
const IDENTITY_KEYWORDS = new Set(['$id', '$schema']);

/**
 * A deep copy of a schema without `$id` and `$schema`.
 *
 * Why: the ajv validator caches compiled schemas by `$id`, so two forms narrowing the same entity to different
 * fields would share the first one's validator; and one inlined sub-schema appearing twice (two addresses)
 * would carry the same `$id` twice, which ajv rejects. Without `$id`, a form's precompiled validator is
 * found by the schema's content hash, which no stale one can match. The dialect needs no `$schema`: the
 * validator is always 2020-12.
 *
 * @example
 * ```ts
 * withoutIdentity({ $id: 'x', type: 'object' }); // { type: 'object' }
 * ```
 */
export function withoutIdentity<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item: unknown) => withoutIdentity(item)) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!IDENTITY_KEYWORDS.has(key)) copy[key] = withoutIdentity(value);
  }
  return copy as T;
}

/**
 * The schema of a form that shows only `fields`, in that order: other properties are dropped, `required`
 * keeps only the shown ones, and the properties are inserted in field order, which is the order rjsf
 * renders them in. Codegen already narrows form schemas; the engine narrows again because a wizard
 * validates one step's fields at a time.
 *
 * @example
 * ```ts
 * narrowSchema(profileSchema, ['lastName', 'firstName']); // properties { lastName, firstName }, required filtered
 * ```
 */
export function narrowSchema(schema: JsonSchema, fields: readonly string[]): JsonSchema {
  const source = withoutIdentity(schema);
  const properties: Record<string, JsonSchema> = {};
  for (const field of fields) {
    const property = source.properties?.[field];
    if (property) properties[field] = property;
  }
  const narrowed: JsonSchema = { ...source, type: 'object', properties };
  const required = (source.required ?? []).filter((name) => name in properties);
  if (required.length > 0) narrowed.required = required;
  else delete narrowed.required;
  return narrowed;
}

/**
 * Only the listed fields of `data`. Initial data from the server holds more than the form shows (ids,
 * timestamps); kept, they would fail `additionalProperties: false` on no visible field and be sent back.
 *
 * @example
 * ```ts
 * pickFields({ id: 1, firstName: 'Ada' }, ['firstName']); // { firstName: 'Ada' }
 * ```
 */
export function pickFields(data: unknown, fields: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  if (typeof data !== 'object' || data === null) return picked;
  for (const field of fields) {
    const value = (data as Record<string, unknown>)[field];
    if (value !== undefined && value !== null) picked[field] = value;
  }
  return picked;
}
