import path from 'node:path';
import { withDatabaseLimits } from './database-limits.ts';
import { CodegenError } from './errors.ts';
import { displayPath, listFiles, type CodegenPaths } from './files.ts';
import type { JsonObject, SchemaResolver } from './refs.ts';
import { typeOptions, typeSource, type EntitySchema } from './schemas.ts';
import { assertValid, compileCached, compiles, createAjv } from './validate.ts';

/** A method declaration with its request and response schemas made self-contained. */
export interface BundledMethod {
  name: string;
  summary: string;
  access: 'public' | 'customer' | 'admin';
  businessRight?: string;
  moneyMoving?: boolean;
  ownTransactions?: boolean;
  uploads?: boolean;
  multipart?: { path: string; dataNames?: Record<string, string> };
  readOnly?: boolean;
  errors: string[];
  request: JsonObject;
  response: JsonObject;
}

/** A money-moving request must carry a required idempotency key, so every retry can be recognised. */
function moneyMovingRequestOk(request: JsonObject): boolean {
  const properties = request.properties as Record<string, unknown> | undefined;
  const required = request.required as unknown[] | undefined;
  return Boolean(properties?.idempotencyKey) && Array.isArray(required) && required.includes('idempotencyKey');
}

/**
 * Reads every declaration in schemas/api/methods, checks it against the declaration meta-schema
 * (the file name must equal the method name) and inlines its schemas.
 */
export function readMethods(paths: CodegenPaths, refs: SchemaResolver): BundledMethod[] {
  const ajv = createAjv();
  const meta = refs.dereference(path.join(paths.schemasDir, 'meta/method-declaration.schema.json'));
  const validateDeclaration = compileCached(meta);
  const methods: BundledMethod[] = [];
  for (const file of listFiles(path.join(paths.schemasDir, 'api/methods'), '.json')) {
    const shown = displayPath(paths, file);
    const declaration = refs.load(file) as JsonObject;
    assertValid(validateDeclaration, declaration, shown);
    const name = declaration.name as string;
    if (path.basename(file, '.json') !== name) {
      throw new CodegenError(shown, '/name', `is '${name}' but the file is named ${path.basename(file)}: rename one so they match`);
    }
    const request = withDatabaseLimits(refs.dereferenceNode(declaration.request!, file, ['request']));
    const response = refs.dereferenceNode(declaration.response!, file, ['response']);
    for (const [part, schema] of [
      ['request', request],
      ['response', response],
    ] as const) {
      try {
        compiles(ajv, schema);
      } catch (error) {
        throw new CodegenError(shown, `/${part}`, `cannot be compiled: ${(error as Error).message}`);
      }
    }
    if (declaration.moneyMoving && !moneyMovingRequestOk(request)) {
      throw new CodegenError(
        shown,
        '/request',
        'moves money, so it must require \'idempotencyKey\' ({ "$ref": "../../entities/common.schema.json#/$defs/IdempotencyKey" } in properties and in required)',
      );
    }
    methods.push({
      name,
      summary: declaration.summary as string,
      access: declaration.access as BundledMethod['access'],
      ...(declaration.businessRight ? { businessRight: declaration.businessRight as string } : {}),
      ...(declaration.moneyMoving ? { moneyMoving: true } : {}),
      ...(declaration.ownTransactions ? { ownTransactions: true } : {}),
      ...(declaration.uploads ? { uploads: true } : {}),
      ...(declaration.multipart ? { multipart: declaration.multipart as NonNullable<BundledMethod['multipart']> } : {}),
      ...(declaration.readOnly ? { readOnly: true } : {}),
      errors: declaration.errors as string[],
      request,
      response,
    });
  }
  return methods;
}

const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);
/** The type name json-schema-to-typescript emits: it also capitalises a letter after a digit ('P2p' → 'P2P'). */
const typeNameOf = (method: string, part: 'request' | 'response') =>
  `${pascal(method)}${pascal(part)}`.replace(/([0-9])([a-z])/g, (_match, digit: string, letter: string) => digit + letter.toUpperCase());

/**
 * The typed surface of the RPC methods: request and response types, the `RpcMethods` map, the
 * client signature, and the handler map the server must implement in full.
 */
export async function methodTypes(paths: CodegenPaths, refs: SchemaResolver, entities: EntitySchema[], methods: BundledMethod[]): Promise<string> {
  const options = typeOptions(entities);
  const parts: string[] = [];
  const used = new Set<string>();
  for (const method of methods) {
    const file = path.join(paths.schemasDir, 'api/methods', `${method.name}.json`);
    const declaration = refs.load(file) as JsonObject;
    for (const part of ['request', 'response'] as const) {
      const schema = refs.dereferenceNode(declaration[part]!, file, [part], options);
      const typeName = typeNameOf(method.name, part);
      const source = await typeSource({ ...schema, title: typeName }, typeName);
      parts.push(source);
    }
  }
  for (const entity of entities) {
    if (parts.some((p) => new RegExp(`\\b${entity.typeName}\\b`).test(p))) used.add(entity.typeName);
  }
  const imports = used.size ? `import type { ${[...used].sort().join(', ')} } from './entities.ts';\n\n` : '';
  const map = methods
    .map(
      (m) =>
        `  /** ${m.summary} Access: ${m.access}${m.businessRight ? ` (${m.businessRight})` : ''}. */\n  ${m.name}: { request: ${typeNameOf(m.name, 'request')}; response: ${typeNameOf(m.name, 'response')} };`,
    )
    .join('\n');
  return `${imports}${parts.join('\n')}
/** Every RPC method of the main backend, by name. */
export interface RpcMethods {
${map}
}

export type RpcMethodName = keyof RpcMethods;
export type RpcRequest<M extends RpcMethodName> = RpcMethods[M]['request'];
export type RpcResponse<M extends RpcMethodName> = RpcMethods[M]['response'];

/** The names of all declared methods, in file order. */
export const rpcMethodNames = ${JSON.stringify(methods.map((m) => m.name))} as const;

/** A type-checked call of one method: \`rpc('balanceInquiry', {})\`. */
export type RpcCall = <M extends RpcMethodName>(method: M, params: RpcRequest<M>) => Promise<RpcResponse<M>>;

/**
 * Makes a typed RPC client from a transport that sends one call and resolves with the answer's payload.
 *
 * @example
 * const rpc = createRpcClient((method, params) => post(\`/api?method=\${method}\`, { method, ...params }));
 * const { accounts } = await rpc('balanceInquiry', {});
 */
export function createRpcClient(send: (method: RpcMethodName, params: object) => Promise<unknown>): RpcCall {
  return ((method: RpcMethodName, params: object) => send(method, params)) as RpcCall;
}

/** What the server implements: one handler per declared method; a missing one fails the type check. */
export type RpcHandlerMap<Ctx> = {
  [M in RpcMethodName]: (params: RpcRequest<M>, ctx: Ctx) => Promise<RpcResponse<M>>;
};
`;
}
