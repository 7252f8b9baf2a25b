import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { CodegenError } from './errors.ts';
import { displayPath, type CodegenPaths } from './files.ts';
import type { BundledMethod } from './methods.ts';
import type { JsonObject, SchemaResolver } from './refs.ts';
import { createAjv } from './validate.ts';

/** The REST document of the direct paths (token service now; more as issues add them). */
export function restDocumentFile(paths: CodegenPaths): string {
  return path.join(paths.schemasDir, 'api/rest.openapi.json');
}

/** TypeScript `paths` and `components` of the REST document, for openapi-fetch. */
export async function restTypes(paths: CodegenPaths, refs: SchemaResolver): Promise<string> {
  const file = restDocumentFile(paths);
  const doc = refs.load(file) as JsonObject;
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new CodegenError(displayPath(paths, file), '/openapi', "must be '3.1.x'");
  }
  try {
    return astToString(await openapiTS(doc as never));
  } catch (error) {
    throw new CodegenError(displayPath(paths, file), '', `is not a valid OpenAPI 3.1 document: ${(error as Error).message}`);
  }
}

const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/** The session-rules document: the sign-in's terms, third-party authorization and the mobile steps. */
function sessionRulesDocumentFile(paths: CodegenPaths): string {
  return path.join(paths.schemasDir, 'api/session-rules.openapi.json');
}

/** What each catalogue code means, for the operations' descriptions (server/rpc/response-codes.ts). */
const CODE_MEANINGS: Record<string, string> = {
  VF: 'verification failed',
  TE: 'terms to accept first',
  AE: 'the request could not be completed',
  ENOA: 'no access',
  CA: 'the account is closed',
  AU: 'not signed in, or the session ended',
  '13': "access denied (another customer's object, or a right the user lacks)",
  TA1: 'invalid parameters, with validationErrors per field',
  IM: 'no such method',
  UE: 'server error',
};

const WHO: Record<BundledMethod['access'], string> = {
  public: 'Anyone may call it, without a session.',
  customer: 'A signed-in customer (the access token of a personal or business user).',
  admin: 'An administrator.',
};

const TAGS = [
  { name: 'Public', description: 'Methods anyone may call: sign-up, recovery, dictionaries.' },
  { name: 'Customer', description: 'Methods of a signed-in customer, personal or business (a business user needs the right named).' },
  { name: 'Admin', description: "The administrators' methods." },
  { name: 'Sign-in', description: 'The token service and the rules of a session (REST paths).' },
];

/**
 * A request that fits `schema`, built from its `examples`, `const`, `enum`, `default` and formats, or
 * undefined when one of its required values cannot be made up (a pattern with no example); the caller
 * keeps it only if the schema accepts it.
 */
function exampleOf(schema: JsonObject | undefined, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 6) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if ('default' in schema) return schema.default;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length) return exampleOf(options[0] as JsonObject, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
      const example: Record<string, unknown> = {};
      for (const name of (schema.required as string[] | undefined) ?? []) {
        const value = exampleOf(properties[name], depth + 1);
        if (value === undefined) return undefined;
        example[name] = value;
      }
      return example;
    }
    case 'array': {
      const minItems = Number(schema.minItems ?? 0);
      if (minItems === 0) return [];
      const item = exampleOf(schema.items as JsonObject | undefined, depth + 1);
      return item === undefined ? undefined : Array.from({ length: minItems }, () => item);
    }
    case 'integer':
    case 'number':
      return Math.max(Number(schema.minimum ?? 1), 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.pattern) return undefined;
      const byFormat: Record<string, string> = {
        email: 'anna@example.com',
        date: '2026-01-31',
        'date-time': '2026-01-31T09:30:00Z',
        uuid: '3f0c2a9e-8d4b-4c1e-9a57-2b6d0e4f7a10',
        uri: 'https://example.com/',
      };
      const text = byFormat[String(schema.format)] ?? 'text';
      return text.padEnd(Number(schema.minLength ?? 0), 'x');
    }
    default:
      return undefined;
  }
}

/**
 * One OpenAPI 3.1 document for the whole surface: the REST paths as written (the token service and the
 * session rules), and each RPC method as its own operation, `POST /api/<name>`, with who may call it,
 * its request, its answer, the refusal codes it may give and an example request; so a generated client
 * has one function per method. (The browser calls the same handler as `POST /api?method=<name>`.)
 */
export function surfaceDocument(paths: CodegenPaths, refs: SchemaResolver, methods: BundledMethod[]): JsonObject {
  const rest = refs.load(restDocumentFile(paths)) as JsonObject;
  const sessionRules = refs.load(sessionRulesDocumentFile(paths)) as JsonObject;
  const componentsOf = (doc: JsonObject) => (doc.components ?? {}) as JsonObject;
  const schemas: JsonObject = { ...(componentsOf(sessionRules).schemas as JsonObject), ...(componentsOf(rest).schemas as JsonObject) };
  const securitySchemes: JsonObject = { ...(componentsOf(sessionRules).securitySchemes as JsonObject), ...(componentsOf(rest).securitySchemes as JsonObject) };
  const envelope = {
    responseCode: { const: '00', description: "'00': the method succeeded (a refusal is an RpcError)" },
    responseDescription: { type: 'string' },
  };
  schemas.RpcError = {
    type: 'object',
    description: 'A refusal: the code of the catalogue, what it means, and for TA1 the problem of each field.',
    required: ['responseCode', 'responseDescription'],
    properties: {
      responseCode: { enum: Object.keys(CODE_MEANINGS) },
      responseDescription: { type: 'string' },
      validationErrors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['field', 'description'],
          properties: { field: { type: 'string' }, description: { type: 'string' } },
        },
      },
    },
  };
  const refusal = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/RpcError' } } } });
  const ajv = createAjv();
  const rpcPaths: JsonObject = {};
  for (const method of methods) {
    const name = pascal(method.name);
    const request: JsonObject = {
      ...method.request,
      description: method.summary,
      properties: {
        method: { const: method.name, description: 'May repeat the method; another name is refused with IM.' },
        ...((method.request.properties as JsonObject) ?? {}),
      },
    };
    schemas[`${name}Request`] = request;
    schemas[`${name}Response`] = {
      ...method.response,
      properties: { ...envelope, ...((method.response.properties as JsonObject) ?? {}) },
      required: ['responseCode', 'responseDescription', ...((method.response.required as string[]) ?? [])],
    };
    const example = exampleOf(method.request);
    const exampleFits = example !== undefined && ajv.validate(method.request, example);
    const refusals = method.errors.map((code) => `\`${code}\` (${CODE_MEANINGS[code] ?? 'see the catalogue'})`).join(', ');
    const who = `${WHO[method.access]}${method.businessRight ? ` A business user needs the right \`${method.businessRight}\`.` : ''}`;
    const money = method.moneyMoving ? ' Moves money: a retry with the same `idempotencyKey` is answered with the first answer and moves nothing again.' : '';
    // An uploads method also takes multipart/form-data: `data` (the JSON params) and its files as parts.
    const fileFields = Object.entries((method.request.properties as Record<string, JsonObject>) ?? {}).filter(([, field]) =>
      String(field.pattern ?? '').startsWith('^data:'),
    );
    const multipartBody = (dataNames: Record<string, string> = {}) => {
      const named = Object.fromEntries(Object.entries(dataNames).map(([documentName, param]) => [param, documentName]));
      const dataProperties = Object.fromEntries(
        Object.entries((method.request.properties as Record<string, JsonObject>) ?? {})
          .filter(([field]) => !fileFields.some(([file]) => file === field))
          .map(([field, schema]) => [named[field] ?? field, schema]),
      );
      return {
        schema: {
          type: 'object',
          required: ['data'],
          properties: {
            data: {
              type: 'object',
              description: `The other params as JSON${
                Object.keys(dataNames).length
                  ? ` (${Object.entries(dataNames)
                      .map(([documentName, param]) => `\`${documentName}\` is \`${param}\``)
                      .join(', ')})`
                  : ''
              }.`,
              properties: dataProperties,
            },
            ...Object.fromEntries(
              fileFields.map(([field, schema]) => [field, { type: 'string', format: 'binary', description: String(schema.title ?? field) }]),
            ),
          },
        },
        encoding: { data: { contentType: 'application/json' } },
      };
    };
    if (method.multipart) {
      rpcPaths[method.multipart.path] = {
        post: {
          operationId: `${method.name}Multipart`,
          summary: `${method.summary} Sent as multipart/form-data.`,
          description: `${who} The same call as \`POST /api/${method.name}\`, its params as a \`data\` part (JSON) and the file as a part of its own; up to 10 MB a file. A part that is not JSON or a file over the limit is refused TA1 on its field. Refusals come with HTTP 200 and their code: ${refusals || 'none besides TA1'}.`,
          tags: [pascal(method.access)],
          security: method.access === 'public' ? [] : [{ bearer: [] }],
          'x-access': { access: method.access, ...(method.businessRight ? { businessRight: method.businessRight } : {}) },
          requestBody: { required: true, content: { 'multipart/form-data': multipartBody(method.multipart.dataNames) } },
          responses: {
            '200': {
              description: "The method's answer with responseCode '00', or a refusal with its code.",
              content: {
                'application/json': { schema: { oneOf: [{ $ref: `#/components/schemas/${name}Response` }, { $ref: '#/components/schemas/RpcError' }] } },
              },
            },
            ...(method.access === 'public' ? {} : { '401': refusal('No valid session (AU).') }),
            '500': refusal('Server error (UE).'),
          },
        },
      };
    }
    rpcPaths[`/api/${method.name}`] = {
      post: {
        operationId: method.name,
        summary: method.summary,
        description: `${who}${money} Refusals come with HTTP 200 and their code: ${refusals || 'none besides TA1'}.`,
        tags: [pascal(method.access)],
        security: method.access === 'public' ? [] : [{ bearer: [] }],
        'x-access': { access: method.access, ...(method.businessRight ? { businessRight: method.businessRight } : {}) },
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: `#/components/schemas/${name}Request` }, ...(exampleFits ? { example: example as JsonObject } : {}) },
            ...(method.uploads && fileFields.length ? { 'multipart/form-data': multipartBody() } : {}),
          },
        },
        responses: {
          '200': {
            description: "The method's answer with responseCode '00', or a refusal with its code.",
            content: {
              'application/json': { schema: { oneOf: [{ $ref: `#/components/schemas/${name}Response` }, { $ref: '#/components/schemas/RpcError' }] } },
            },
          },
          '400': refusal('The body is not a JSON object (TA1).'),
          ...(method.access === 'public' ? {} : { '401': refusal('No valid session (AU).') }),
          '413': refusal('The body is larger than the method accepts (TA1).'),
          '500': refusal('Server error (UE).'),
        },
      },
    };
  }
  const tagged = (doc: JsonObject) =>
    Object.fromEntries(
      Object.entries(doc.paths as JsonObject).map(([route, operations]) => [
        route,
        Object.fromEntries(Object.entries(operations as JsonObject).map(([verb, operation]) => [verb, { tags: ['Sign-in'], ...(operation as JsonObject) }])),
      ]),
    );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Online payments and banking API',
      version: '1.0.0',
      description:
        'Every path the browser application calls. Each RPC method is `POST /api/<name>` with its parameters as the JSON body (the browser sends the same as `POST /api?method=<name>` with `method` in the body). A readable reference is served at `/docs`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: 'http://127.0.0.1:8080', description: 'The server `npm start` runs on this machine' }],
    tags: TAGS,
    paths: { ...tagged(rest), ...tagged(sessionRules), ...rpcPaths },
    components: { schemas, securitySchemes },
    'x-rpc-methods': methods.map((m) => ({
      name: m.name,
      access: m.access,
      businessRight: m.businessRight ?? null,
      errors: m.errors,
      ...(m.multipart ? { multipartPath: m.multipart.path } : {}),
    })),
  } as JsonObject;
}

/**
 * The REST operations a screen spec may name as its method, written `VERB /path` as the document writes
 * them (`GET /public-api/apikey`): those that declare who may call them (`x-access`), but the merchant
 * API's (`apiKey`), which an API key calls, not a signed-in screen.
 *
 * @example
 * restOperationNames(refs.load(restDocumentFile(paths)) as JsonObject); // ['GET /public-api/apikey', …]
 */
export function restOperationNames(document: JsonObject): string[] {
  const names: string[] = [];
  for (const [route, item] of Object.entries((document.paths ?? {}) as JsonObject)) {
    for (const [verb, operation] of Object.entries((item ?? {}) as JsonObject)) {
      const access = (operation as JsonObject | undefined)?.['x-access'];
      if (typeof access === 'string' && access !== 'apiKey') names.push(`${verb.toUpperCase()} ${route}`);
    }
  }
  return names;
}
