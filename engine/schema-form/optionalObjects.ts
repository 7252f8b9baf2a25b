import type { JsonSchema } from '../spec/types';

type Data = Record<string, unknown>;

const isObject = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a value holds nothing a person gave: undefined, an empty text, or objects of such. */
const holdsNothing = (value: unknown): boolean => value === undefined || value === '' || (isObject(value) && Object.values(value).every(holdsNothing));

/**
 * The data without the optional objects that hold nothing (an optional phone left empty, or emptied), at
 * any depth: such an object is not an answer, so its own required fields are not asked. One with any value
 * is kept, and then asks all it requires.
 *
 * @example
 * ```ts
 * withoutEmptyOptionalObjects(personSchema, { name: 'Ada', phone: { number: '' } }); // { name: 'Ada' }
 * ```
 */
export function withoutEmptyOptionalObjects(schema: JsonSchema, data: Data): Data {
  let pruned: Data | undefined;
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    const value = data[field];
    if (!isObject(value) || !property.properties) continue;
    const optional = !(schema.required ?? []).includes(field);
    if (optional && holdsNothing(value)) {
      pruned ??= { ...data };
      delete pruned[field];
      continue;
    }
    const inner = withoutEmptyOptionalObjects(property, value);
    if (inner !== value) {
      pruned ??= { ...data };
      pruned[field] = inner;
    }
  }
  return pruned ?? data;
}
