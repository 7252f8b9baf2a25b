import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import common from '../../schemas/entities/common.schema.json' with { type: 'json' };

/** One field's problem, as forms show it: `field` is a dot path such as 'profile.firstName'. */
export interface FieldError {
  field: string;
  description: string;
}

/**
 * A JSON Schema 2020-12 validator configured like codegen's and the browser's (all errors, formats),
 * so a value the form accepts is a value the server accepts. Defaults declared in a request schema
 * are filled in, so handlers see them.
 *
 * @example
 * const validate = createSchemaValidator().compile(schema);
 */
export function createSchemaValidator(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: true });
  // ajv-formats is CommonJS; under ESM its default export is the plugin function itself.
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  return ajv;
}

/** The database's text limits as codegen applies them (codegen/database-limits.ts), told apart for a clear message. */
const TEXT_PATTERN = common.$defs.Text.pattern;
const REQUIRED_TEXT_PATTERN = common.$defs.RequiredText.pattern;

function dotPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

const joinPath = (parent: string, child: string) => (parent ? `${parent}.${child}` : child);

function describe(error: ErrorObject): FieldError {
  const field = dotPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: joinPath(field, String(params.missingProperty)), description: 'is required' };
    case 'additionalProperties':
      return { field: joinPath(field, String(params.additionalProperty)), description: 'is not a known field: remove it' };
    case 'format':
      return { field, description: params.format === 'email' ? 'must be a valid e-mail address' : `must be a valid ${String(params.format)}` };
    case 'pattern':
      if (params.pattern === TEXT_PATTERN) return { field, description: 'must be plain text: remove control characters (NUL) and broken characters' };
      if (params.pattern === REQUIRED_TEXT_PATTERN)
        return { field, description: 'must not be blank, nor hold control characters (NUL) or broken characters: type some text' };
      return { field, description: error.message ?? 'is not valid' };
    case 'enum':
      return { field, description: `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}` };
    default:
      return { field, description: error.message ?? 'is not valid' };
  }
}

/**
 * Turns ajv's errors into field errors, one per field and problem, in the order ajv found them.
 *
 * @example
 * if (!validate(body)) reply.send({ validationErrors: fieldErrors(validate.errors) });
 */
export function fieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors ?? []) {
    const described = describe(error);
    const key = `${described.field}\u0000${described.description}`;
    if (!seen.has(key)) {
      seen.add(key);
      result.push(described);
    }
  }
  return result;
}
