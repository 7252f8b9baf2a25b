import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { CodegenError } from './errors.ts';
import { displayPath, type CodegenPaths } from './files.ts';
import type { BundledMethod } from './methods.ts';
import type { JsonObject, SchemaResolver } from './refs.ts';

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

/**
 * One OpenAPI 3.1 document for the whole surface: the REST paths as written, and the RPC endpoint
 * `POST /api?method=<name>` whose body is one of the declared requests, told apart by `method`.
 */
export function surfaceDocument(paths: CodegenPaths, refs: SchemaResolver, methods: BundledMethod[]): JsonObject {
  const rest = refs.load(restDocumentFile(paths)) as JsonObject;
  const restComponents = ((rest.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
  const schemas: JsonObject = { ...restComponents };
  const envelope = {
    responseCode: { type: 'string', description: "'00' on success, otherwise an error code of the catalogue" },
    responseDescription: { type: 'string' },
  };
  schemas.RpcError = {
    type: 'object',
    required: ['responseCode', 'responseDescription'],
    properties: {
      responseCode: { enum: ['VF', 'TE', 'AE', 'AU', 'ENOA', 'UE', 'CA', '13', 'TA1', 'IM'] },
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
  const mapping: JsonObject = {};
  for (const method of methods) {
    const name = pascal(method.name);
    const request = method.request;
    schemas[`${name}Request`] = {
      ...request,
      description: method.summary,
      properties: { method: { const: method.name }, ...((request.properties as JsonObject) ?? {}) },
      required: ['method', ...((request.required as string[]) ?? [])],
    };
    schemas[`${name}Response`] = {
      ...method.response,
      properties: { ...envelope, ...((method.response.properties as JsonObject) ?? {}) },
      required: ['responseCode', 'responseDescription', ...((method.response.required as string[]) ?? [])],
    };
    mapping[method.name] = `#/components/schemas/${name}Request`;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Online payments and banking API',
      version: '1.0.0',
      description: 'Every path the browser application calls. RPC methods are POST /api?method=<name> with the method repeated in the body.',
    },
    paths: {
      ...(rest.paths as JsonObject),
      '/api': {
        post: {
          operationId: 'rpc',
          summary: 'Calls one RPC method of the main backend.',
          parameters: [{ name: 'method', in: 'query', required: true, schema: { enum: methods.map((m) => m.name) } }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  oneOf: methods.map((m) => ({ $ref: `#/components/schemas/${pascal(m.name)}Request` })),
                  discriminator: { propertyName: 'method', mapping },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'The method answered: its payload with responseCode 00, or an error of the catalogue.',
              content: {
                'application/json': {
                  schema: {
                    oneOf: [...methods.map((m) => ({ $ref: `#/components/schemas/${pascal(m.name)}Response` })), { $ref: '#/components/schemas/RpcError' }],
                  },
                },
              },
            },
            '401': { description: 'No valid session (AU).', content: { 'application/json': { schema: { $ref: '#/components/schemas/RpcError' } } } },
            '500': { description: 'Server error (UE).', content: { 'application/json': { schema: { $ref: '#/components/schemas/RpcError' } } } },
          },
        },
      },
    },
    components: { schemas },
    'x-rpc-methods': methods.map((m) => ({ name: m.name, access: m.access, businessRight: m.businessRight ?? null, errors: m.errors })),
  } as JsonObject;
}
