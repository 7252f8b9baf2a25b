import type { JsonSchema } from '../spec/types';

type Data = Record<string, unknown>;
type Ui = Record<string, unknown> | undefined;

const isObject = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The form's data with every field the uiSchema hides (`ui:widget: hidden`) whose schema has a `const`
 * holding that value, at any depth of objects. The forms never take a `const` as a default (rjsf's
 * `constAsDefaults: 'never'`): a box a person must tick (`{ const: true }`, "I accept the terms") starts
 * unticked and is refused until ticked. A fixed flag the form sends unasked is a hidden field, filled here.
 *
 * @example
 * ```ts
 * withHiddenConsts({ properties: { flag: { const: true }, accept: { const: true } } }, { flag: { 'ui:widget': 'hidden' } }, {});
 * // { flag: true }: `accept` stays for the person to tick
 * ```
 */
export function withHiddenConsts(schema: JsonSchema, uiSchema: Ui, data: Data): Data {
  if (!uiSchema) return data;
  let filled: Data | undefined;
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    const ui = uiSchema[field];
    if (!isObject(ui)) continue;
    if (ui['ui:widget'] === 'hidden' && 'const' in property && data[field] !== property.const) {
      filled ??= { ...data };
      filled[field] = property.const;
    } else if (property.properties && (data[field] === undefined || isObject(data[field]))) {
      const inner = (data[field] ?? {}) as Data;
      const innerFilled = withHiddenConsts(property, ui, inner);
      if (innerFilled !== inner) {
        filled ??= { ...data };
        filled[field] = innerFilled;
      }
    }
  }
  return filled ?? data;
}
