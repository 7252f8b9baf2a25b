import common from '../schemas/entities/common.schema.json' with { type: 'json' };
import type { JsonObject } from './refs.ts';

/**
 * The limits the database puts on values (PostgreSQL `integer`, `text`), which every request must keep
 * so that bad input is a TA1 on its field and never reaches a query that fails with a 500. The shared
 * value types in schemas/entities/common.schema.json (`Id`, `Text`, `RequiredText`) state them; codegen
 * applies them to every request schema too, so a field an analyst adds is covered without remembering:
 * a text with `minLength` 1 or more gets `RequiredText`'s pattern (not blank), any other free text `Text`'s.
 */
export const DATABASE_LIMITS = {
  /** PostgreSQL `integer`, the type of every id and count column (ids start at 1: common's `Id`). */
  integerMinimum: -2147483648,
  integerMaximum: common.$defs.Id.maximum,
  /** Text PostgreSQL can store: no NUL (refused by `text` and `jsonb`), no lone UTF-16 surrogate. */
  textPattern: common.$defs.Text.pattern,
  /** The same, and not blank: a text that may not be empty and is made only of spaces would be stored as nothing. */
  requiredTextPattern: common.$defs.RequiredText.pattern,
} as const;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string from a closed list or of a known format needs no text pattern of its own. */
const closedString = (schema: JsonObject) => 'enum' in schema || 'const' in schema || 'format' in schema || 'contentEncoding' in schema;

function bound(schema: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'properties' || key === '$defs' || key === 'patternProperties') && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, isObject(inner) ? bound(inner) : inner]));
    } else if (['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'].includes(key) && isObject(value)) {
      out[key] = bound(value);
    } else if (['allOf', 'anyOf', 'oneOf', 'prefixItems'].includes(key) && Array.isArray(value)) {
      out[key] = value.map((inner) => (isObject(inner) ? bound(inner) : inner));
    } else {
      out[key] = value;
    }
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) {
    out.minimum = Math.max(typeof schema.minimum === 'number' ? schema.minimum : -Infinity, DATABASE_LIMITS.integerMinimum);
    out.maximum = Math.min(typeof schema.maximum === 'number' ? schema.maximum : Infinity, DATABASE_LIMITS.integerMaximum);
  }
  if (types.includes('string') && !closedString(schema)) {
    // A text that may not be empty may not be blank either.
    const notEmpty = typeof schema.minLength === 'number' && schema.minLength >= 1;
    const limit = notEmpty ? DATABASE_LIMITS.requiredTextPattern : DATABASE_LIMITS.textPattern;
    // A pattern of its own ("\\S", a code's shape) may still let NUL through: both must match.
    if (typeof schema.pattern === 'string') out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), { pattern: limit }];
    else out.pattern = limit;
  }
  return out;
}

/**
 * A request schema with the database's limits applied wherever it does not state tighter ones: integers
 * within PostgreSQL `integer`, free text without NUL or lone surrogates, and text that may not be empty not blank.
 *
 * @example
 * withDatabaseLimits({ type: 'object', required: ['name'], properties: { name: { type: 'string' }, id: { type: 'integer', minimum: 1 } } });
 * // name gets DATABASE_LIMITS.textPattern, id gets maximum 2147483647
 */
export function withDatabaseLimits(schema: JsonObject): JsonObject {
  return bound(schema);
}

/**
 * An OpenAPI document (the token service's, schemas/api/rest.openapi.json) with the database's limits
 * applied to every JSON request body: the component schema a `requestBody` names, or the schema written
 * in place. Responses and the other components are left as they are. The server checks REST bodies with
 * these schemas, so a free-text field there (a device's name) refuses NUL with a 400 on its field rather
 * than failing in the database with a 500.
 *
 * @example
 * restWithDatabaseLimits(refs.load('schemas/api/rest.openapi.json') as JsonObject);
 */
export function restWithDatabaseLimits(document: JsonObject): JsonObject {
  const components = isObject(document.components) ? document.components : {};
  const schemas: JsonObject = { ...(isObject(components.schemas) ? components.schemas : {}) };
  const component = '#/components/schemas/';
  const paths: JsonObject = {};
  for (const [route, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) {
      paths[route] = item;
      continue;
    }
    const operations: JsonObject = {};
    for (const [method, operation] of Object.entries(item)) {
      operations[method] = operation;
      const requestBody = isObject(operation) ? operation.requestBody : undefined;
      const content = isObject(requestBody) ? requestBody.content : undefined;
      const json = isObject(content) ? content['application/json'] : undefined;
      if (!isObject(operation) || !isObject(requestBody) || !isObject(content) || !isObject(json) || !isObject(json.schema)) continue;
      const ref = json.schema.$ref;
      if (typeof ref === 'string' && ref.startsWith(component)) {
        const name = ref.slice(component.length);
        const target = schemas[name];
        if (isObject(target)) schemas[name] = bound(target);
      } else {
        operations[method] = {
          ...operation,
          requestBody: { ...requestBody, content: { ...content, 'application/json': { ...json, schema: bound(json.schema) } } },
        };
      }
    }
    paths[route] = operations;
  }
  return { ...document, paths, components: { ...components, schemas } };
}
