import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import productFormats from '../schemas/meta/product-formats.json' with { type: 'json' };
import { CodegenError } from './errors.ts';

/**
 * A JSON Schema 2020-12 validator configured like the server's and the browser's (all errors, formats),
 * so what codegen accepts is what runs.
 *
 * @example
 * const ajv = createAjv();
 * const validate = ajv.compile({ type: 'string', format: 'email' });
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  // The product's own formats run on the server and in the browser (server/formats/schema-formats.ts);
  // codegen knows their names, not their functions, and does not check values by them.
  for (const name of Object.keys(productFormats.formats)) ajv.addFormat(name, true);
  return ajv;
}

/** Validators of schemas compiled earlier in this process, by the schema's text; the oldest leave first. */
const compiledSchemas = new Map<string, ValidateFunction>();

/**
 * `createAjv().compile(schema)`, reusing the validator when the same schema was compiled before in this
 * process: the screen meta-schema takes seconds to compile, and the codegen tests run codegen many times.
 *
 * @example
 * const validateSpec = compileCached(refs.dereference('schemas/meta/screen-spec.schema.json'));
 */
export function compileCached(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  const known = compiledSchemas.get(key);
  if (known) return known;
  const validate = createAjv().compile(schema);
  if (compiledSchemas.size >= 50) compiledSchemas.delete(compiledSchemas.keys().next().value!);
  compiledSchemas.set(key, validate);
  return validate;
}

/** The texts of schemas `compiles` compiled earlier in this process. */
const schemasThatCompile = new Set<string>();

/**
 * Compiles `schema` with `ajv` to prove it can be, unless the same schema was compiled before in this process:
 * compiling every schema is most of a codegen run, and the codegen tests run codegen many times over mostly
 * unchanged schemas. Throws what ajv throws.
 *
 * @example
 * compiles(ajv, refs.dereference(file));
 */
export function compiles(ajv: Ajv2020, schema: object): void {
  const key = JSON.stringify(schema);
  if (schemasThatCompile.has(key)) return;
  ajv.compile(schema);
  schemasThatCompile.add(key);
}

/** Describes one ajv error in a sentence an analyst can act on. */
export function describeAjvError(error: ErrorObject): { path: string; message: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    return { path: error.instancePath, message: `'${String(params.missingProperty)}' is required here` };
  }
  if (error.keyword === 'additionalProperties') {
    return {
      path: `${error.instancePath}/${String(params.additionalProperty)}`,
      message: `'${String(params.additionalProperty)}' is not allowed here (check the spelling against the schema)`,
    };
  }
  if (error.keyword === 'enum') {
    return { path: error.instancePath, message: `must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
  }
  return { path: error.instancePath, message: error.message ?? 'is invalid' };
}

/**
 * Runs `validate` and throws a CodegenError for the most specific error (the deepest path),
 * which is the one an analyst needs to fix first.
 */
export function assertValid(validate: ValidateFunction, data: unknown, file: string, lineOf?: (jsonPath: string) => number | undefined): void {
  if (validate(data)) return;
  const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'if' && e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  const chosen = [...(errors.length ? errors : (validate.errors ?? []))].sort((a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length)[0];
  if (!chosen) throw new CodegenError(file, '', 'is invalid');
  const { path, message } = describeAjvError(chosen);
  throw new CodegenError(file, path, message, lineOf?.(path));
}
