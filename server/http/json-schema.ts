import { Ajv2020, type ErrorObject, type SchemaObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import common from '../../schemas/entities/common.schema.json' with { type: 'json' };
import { APP_FORMATS, FORMAT_TEXTS } from '../formats/schema-formats.ts';
import { currentLanguage, requestTexts } from '../i18n/request-language.ts';
import { localeTexts, type Language, type TextValues } from '../i18n/texts.ts';

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
  // The product's own formats (a checksum), the functions the browser's precompiled validators run too.
  for (const [name, check] of Object.entries(APP_FORMATS)) ajv.addFormat(name, { type: 'string', validate: check });
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

/** A field's problem as a locale text (locales/<language>/server.json `server.validation`), or ajv's own words for a rarer keyword. */
export type Described = { field: string } & ({ key: string; values?: TextValues } | { description: string });

function describe(error: ErrorObject): Described {
  const field = dotPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const said = (key: string, values?: TextValues) => ({ field, key: `server.validation.${key}`, ...(values ? { values } : {}) });
  switch (error.keyword) {
    case 'required':
      return { field: joinPath(field, String(params.missingProperty)), key: 'server.validation.required' };
    case 'additionalProperties':
      return { field: joinPath(field, String(params.additionalProperty)), key: 'server.validation.unknownField' };
    case 'format': {
      const own = FORMAT_TEXTS[String(params.format)];
      if (own) return { field, key: own };
      return params.format === 'email' ? said('email') : said('format', { format: String(params.format) });
    }
    case 'pattern':
      if (params.pattern === TEXT_PATTERN) return said('plainText');
      if (params.pattern === REQUIRED_TEXT_PATTERN) return said('requiredText');
      return said('pattern', { pattern: String(params.pattern) });
    case 'enum':
      return said('enum', { values: (params.allowedValues as unknown[]).map(String).join(', ') });
    case 'maxLength':
    case 'minLength':
    case 'maxItems':
    case 'minItems':
    case 'minimum':
    case 'maximum':
      return said(error.keyword, { limit: Number(params.limit) });
    case 'type':
      return said('type', { type: String(params.type) });
    default:
      return { field, description: error.message ?? 'is not valid' };
  }
}

/**
 * ajv's errors as field problems, each a locale key (or ajv's words for a rarer keyword), one per field
 * and problem, in the order ajv found them: for answers worded later, in the reader's language.
 *
 * @example
 * if (!validate(row)) stored.errors = fieldProblems(validate.errors);
 */
export function fieldProblems(errors: readonly ErrorObject[] | null | undefined): Described[] {
  const seen = new Set<string>();
  const result: Described[] = [];
  for (const error of errors ?? []) {
    // An if/then/else also reports that its branch failed, on the object; the branch's own errors name the fields.
    if (error.keyword === 'if') continue;
    const found = describe(error);
    const key = `${found.field}\u0000${'key' in found ? `${found.key}${JSON.stringify(found.values ?? {})}` : found.description}`;
    if (!seen.has(key)) {
      seen.add(key);
      result.push(found);
    }
  }
  return result;
}

/**
 * Turns ajv's errors into field errors, one per field and problem, in the order ajv found them, worded
 * in `language` (English by default). A condition's (`if`) own error is left out: the fields its branch
 * requires or refuses carry the errors.
 *
 * @example
 * if (!validate(body)) reply.send({ validationErrors: fieldErrors(validate.errors, 'es') });
 */
export function fieldErrors(errors: readonly ErrorObject[] | null | undefined, language: Language = 'en'): FieldError[] {
  const t = localeTexts(language);
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const found of fieldProblems(errors)) {
    const described = { field: found.field, description: 'key' in found ? t(found.key, found.values) : found.description };
    const key = `${described.field}\u0000${described.description}`;
    if (!seen.has(key)) {
      seen.add(key);
      result.push(described);
    }
  }
  return result;
}

/** A checked REST body, or the 400 answer naming its first problem in the request's language. */
export type CheckedBody<T> = { body: T } | { refusal: { message: string; field: string } };

/**
 * Body checks for a REST route compiled from an OpenAPI document's component schemas (as codegen
 * bundles it, with the database's limits on every text and integer), so the declared contract and
 * the server's checks cannot drift apart. A refusal names the first field and its problem, worded
 * in the request's language.
 *
 * @example
 * const check = documentBodyChecks(bundle.rest, 'token-service');
 * const login = check<LoginRequest>('LoginRequest');
 * const checked = login(request.body); // { body } or { refusal: { message, field } }
 */
export function documentBodyChecks(document: SchemaObject, id: string) {
  const ajv = createSchemaValidator();
  ajv.addSchema(document, id);
  return <T>(name: string) => {
    const validate = ajv.compile<T>({ $ref: `${id}#/components/schemas/${name}` });
    return (body: unknown): CheckedBody<T> => {
      if (validate(body)) return { body };
      const t = requestTexts();
      const [first] = fieldErrors(validate.errors, currentLanguage());
      const field = first?.field ?? '';
      const problem = first?.description ?? t('server.validation.notValid');
      const message = field ? t('server.validation.field', { field, problem }) : t('server.validation.body', { problem });
      return { refusal: { message, field } };
    };
  };
}
