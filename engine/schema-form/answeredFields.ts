import { useMemo } from 'react';
import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import useSWR from 'swr';
import { getPath } from '../data/paths';
import { useEngine } from '../provider/EngineProvider';
import type { FieldListSource, JsonSchema } from '../spec/types';
import { sourceParams } from './sources';

/**
 * One field of an answered list: its name, its JSON Schema and whether it must be filled in. The schema is
 * a string's, of the keywords the engine checks itself (`minLength`, `maxLength`, `pattern`, `enum`): the
 * page's content security policy forbids compiling a schema in the browser, and no build knows it.
 */
interface AnsweredField {
  name: string;
  schema: JsonSchema;
  required?: boolean;
}

/** The top-level fields whose `ui:options.fieldsFrom` names the call answering their list of fields. */
export function fieldListSources(uiSchema: Record<string, unknown> | undefined): Array<[string, FieldListSource]> {
  return Object.entries(uiSchema ?? {}).flatMap(([field, ui]) => {
    const source = ((ui as { 'ui:options'?: { fieldsFrom?: FieldListSource } } | null)?.['ui:options'] ?? {}).fieldsFrom;
    return source && typeof source.method === 'string' ? [[field, source] as [string, FieldListSource]] : [];
  });
}

/** The items of an answer's list that are fields: a name and a schema object. */
function answeredFieldsOf(list: unknown): AnsweredField[] {
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is AnsweredField =>
      typeof item === 'object' && item !== null && typeof (item as AnsweredField).name === 'string' && typeof (item as AnsweredField).schema === 'object',
  );
}

/**
 * The form's schema with each `fieldsFrom` field made an object of the fields its call answered (each
 * `{ name, schema, required }`; `required` ones in its `required`), or left out while the call has not
 * answered, while a field its params read is empty, or when the list is empty: the form then neither
 * draws nor sends it.
 *
 * @example
 * ```ts
 * withAnsweredFields(schema, { extra: [{ name: 'taxId', schema: { type: 'string' }, required: true }] });
 * // schema.properties.extra: { type: 'object', properties: { taxId: { type: 'string' } }, required: ['taxId'], additionalProperties: false }
 * ```
 */
export function withAnsweredFields(schema: JsonSchema, answered: Readonly<Record<string, unknown>>): JsonSchema {
  const names = Object.keys(answered);
  if (names.length === 0) return schema;
  const properties = { ...(schema.properties as Record<string, JsonSchema> | undefined) };
  let required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  for (const name of names) {
    const fields = answeredFieldsOf(answered[name]);
    if (fields.length === 0) {
      delete properties[name];
      required = required.filter((field) => field !== name);
      continue;
    }
    properties[name] = {
      type: 'object',
      ...(properties[name]?.title ? { title: properties[name].title } : {}),
      properties: Object.fromEntries(fields.map((field) => [field.name, field.schema])),
      required: fields.filter((field) => field.required).map((field) => field.name),
      additionalProperties: false,
    };
  }
  return { ...schema, properties, ...(Array.isArray(schema.required) ? { required } : {}) };
}

/**
 * The data with each `fieldsFrom` field keeping only the fields `schema` asks now: a value typed for
 * another country's list is not sent.
 *
 * @example
 * ```ts
 * withoutUnaskedFields({ extra: { taxId: '1', ifsc: 'X' } }, schema, ['extra']); // { extra: { taxId: '1' } } where only taxId is asked
 * ```
 */
export function withoutUnaskedFields(data: Record<string, unknown>, schema: JsonSchema, names: readonly string[]): Record<string, unknown> {
  if (names.length === 0) return data;
  const result = { ...data };
  for (const name of names) {
    const asked = (schema.properties as Record<string, JsonSchema> | undefined)?.[name]?.properties as Record<string, unknown> | undefined;
    const value = result[name];
    if (!asked) delete result[name];
    else if (typeof value === 'object' && value !== null) result[name] = Object.fromEntries(Object.entries(value).filter(([field]) => field in asked));
  }
  return result;
}

/**
 * The form's schema with the fields each `ui:options.fieldsFrom` call answered (see
 * {@link withAnsweredFields}): the calls follow the form's values their `':name'` params read, through
 * the same cache as the screens' data.
 *
 * @example
 * ```tsx
 * const { schema: shown, fieldLists } = useAnsweredFields(schema, uiSchema, formData);
 * ```
 */
export function useAnsweredFields(
  schema: JsonSchema,
  uiSchema: Record<string, unknown> | undefined,
  formData: Record<string, unknown>,
): { schema: JsonSchema; fieldLists: string[] } {
  const { callMethod } = useEngine();
  const sources = useMemo(() => fieldListSources(uiSchema), [uiSchema]);
  const requests = sources.map(([field, source]) => [field, source.method, sourceParams(source, formData)] as const);
  const key = requests.length > 0 ? JSON.stringify(requests) : null;
  const { data } = useSWR(key, async () =>
    Object.fromEntries(
      await Promise.all(
        requests.map(
          async ([field, method, params], index) => [field, params ? getPath(await callMethod(method, params), sources[index]![1].path) : []] as const,
        ),
      ),
    ),
  );
  const fieldLists = useMemo(() => sources.map(([field]) => field), [sources]);
  const answered = useMemo(() => data ?? Object.fromEntries(fieldLists.map((field) => [field, []])), [data, fieldLists]);
  const shown = useMemo(() => withAnsweredFields(schema, answered), [schema, answered]);
  return { schema: shown, fieldLists };
}

/** One error as rjsf reports ajv's, so that it is translated and placed as theirs are. */
const answeredError = (property: string, name: string, params: Record<string, unknown>): RJSFValidationError => ({
  name,
  property,
  params,
  message: name,
  stack: `${property} ${name}`,
  schemaPath: '',
});

/**
 * The errors of the answered fields (see {@link withAnsweredFields}) in `data`, checked by their schemas'
 * `minLength`, `maxLength`, `pattern` and `enum`, a missing required one as `required`: each on its own
 * field (`.extras.customsCode`).
 *
 * @example
 * ```ts
 * answeredFieldErrors({ extras: { customsCode: '12' } }, shown, ['extras']); // [{ name: 'pattern', property: '.extras.customsCode', ... }]
 * ```
 */
export function answeredFieldErrors(data: Record<string, unknown>, schema: JsonSchema, names: readonly string[]): RJSFValidationError[] {
  const errors: RJSFValidationError[] = [];
  for (const name of names) {
    const list = (schema.properties as Record<string, JsonSchema> | undefined)?.[name];
    const values = (data[name] ?? {}) as Record<string, unknown>;
    for (const [field, rule] of Object.entries((list?.properties ?? {}) as Record<string, JsonSchema>)) {
      const property = `.${name}.${field}`;
      const value = values[field];
      if (value === undefined || value === '') {
        if ((list?.required as string[] | undefined)?.includes(field)) errors.push(answeredError(property, 'required', { missingProperty: field }));
        continue;
      }
      const text = String(value);
      if (typeof rule.minLength === 'number' && text.length < rule.minLength) errors.push(answeredError(property, 'minLength', { limit: rule.minLength }));
      if (typeof rule.maxLength === 'number' && text.length > rule.maxLength) errors.push(answeredError(property, 'maxLength', { limit: rule.maxLength }));
      if (typeof rule.pattern === 'string' && !new RegExp(rule.pattern, 'u').test(text))
        errors.push(answeredError(property, 'pattern', { pattern: rule.pattern }));
      if (Array.isArray(rule.enum) && !rule.enum.includes(value)) errors.push(answeredError(property, 'enum', { allowedValues: rule.enum }));
    }
  }
  return errors;
}

/**
 * The form's validator (of its schema as built, `given`) made to validate the schema with the answered
 * fields (`shown`): the precompiled validator checks what the build knew, with `given` in place of `shown`,
 * and {@link answeredFieldErrors} adds the answered fields' errors before they are translated and placed.
 *
 * @example
 * ```ts
 * const validator = withAnsweredChecks(useSchemaValidator(schema), schema, shown, ['extras']);
 * ```
 */
export function withAnsweredChecks(inner: ValidatorType, given: JsonSchema, shown: JsonSchema, names: readonly string[]): ValidatorType {
  if (names.length === 0) return inner;
  const asBuilt = (schema: RJSFSchema) => (schema === shown ? (given as RJSFSchema) : schema);
  return {
    validateFormData: (formData, schema, customValidate, transformErrors, uiSchema) => {
      const answered = answeredFieldErrors((formData ?? {}) as Record<string, unknown>, shown, names);
      return inner.validateFormData(
        formData,
        asBuilt(schema),
        customValidate,
        (errors, ui) => (transformErrors ? transformErrors([...errors, ...answered], ui) : [...errors, ...answered]),
        uiSchema,
      );
    },
    isValid: (schema, formData, rootSchema) => inner.isValid(asBuilt(schema), formData, asBuilt(rootSchema)),
    rawValidation: (schema, formData) => inner.rawValidation(asBuilt(schema), formData),
    reset: inner.reset ? () => inner.reset!() : undefined,
  } as ValidatorType;
}
