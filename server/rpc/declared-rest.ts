import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import { auditRow, auditRpcCall, auditSuccess, markAudited, noteAuditOutcome } from '../audit/audit-log.ts';
import { inCallTransaction } from '../db/call-transaction.ts';
import type { BusinessRight, Database } from '../db/schema.ts';
import { createSchemaValidator, fieldErrors } from '../http/json-schema.ts';
import { describeRefusedBody, type RequestError } from '../http/refused-body.ts';
import { requestLanguage } from '../i18n/texts.ts';
import type { MethodDeclaration } from './api-bundle.ts';
import type { Caller, CallerGate, KeyCaller, KeyGate, RestHandler } from './context.ts';
import { runMoneyMovingCall } from './money-moving.ts';
import { codeDescription, RestNotFound, RpcRefusal, type ResponseCode } from './response-codes.ts';

/** Who may call a declared REST operation (`x-access` in the OpenAPI document). */
export type RestAccess = 'public' | 'customer' | 'admin' | 'apiKey';

/** One operation of an OpenAPI document that declares its access, ready to serve. */
export interface DeclaredOperation {
  /** `GET /public-api/apikey`: the verb and the path as the document writes them, as screen specs name it. */
  name: string;
  operationId: string;
  verb: string;
  /** The path as the document writes it (`/public-api/apikey/{id}`). */
  path: string;
  access: RestAccess;
  businessRight?: BusinessRight | 'any';
  readOnly: boolean;
  moneyMoving: boolean;
}

export interface DeclaredRestOptions {
  db: Kysely<Database>;
  adapters: Adapters;
  /** An OpenAPI document whose operations may declare `x-access` (the others are served elsewhere). */
  document: { paths: Record<string, Record<string, unknown>> };
  gate: CallerGate;
  keyGate?: KeyGate;
  /** A handler for every declared operation, by operationId. */
  handlers: Record<string, RestHandler>;
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const HTTP_STATUS: Partial<Record<ResponseCode, number>> = { TA1: 400, AU: 401, '13': 403, AE: 429, UE: 500, IM: 404 };

/**
 * The operations of an OpenAPI document that declare `x-access`, in document order.
 *
 * @example
 * declaredOperations(bundle.rest).map((operation) => operation.name); // ['GET /public-api/apikey', …]
 */
export function declaredOperations(document: { paths: Record<string, Record<string, unknown>> }): DeclaredOperation[] {
  const found: DeclaredOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [verb, operation] of Object.entries(item)) {
      if (!isObject(operation) || typeof operation['x-access'] !== 'string') continue;
      found.push({
        name: `${verb.toUpperCase()} ${path}`,
        operationId: String(operation.operationId),
        verb: verb.toUpperCase(),
        path,
        access: operation['x-access'] as RestAccess,
        ...(typeof operation['x-business-right'] === 'string' ? { businessRight: operation['x-business-right'] as BusinessRight } : {}),
        readOnly: operation['x-read-only'] === true,
        moneyMoving: operation['x-money-moving'] === true,
      });
    }
  }
  return found;
}

/** Query and path values arrive as text: read each as its parameter's schema type before validating. */
function typedValue(value: unknown, schema: JsonObject | undefined): unknown {
  if (typeof value !== 'string' || !schema) return value;
  if (schema.type === 'integer' && /^-?[0-9]{1,16}$/.test(value)) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** The schemas of an operation's input: its path and query parameters as one object, and its JSON body. */
function inputSchemas(document: JsonObject, operation: JsonObject): { params: JsonObject; body?: JsonObject; parameters: Map<string, JsonObject> } {
  const properties: JsonObject = {};
  const required: string[] = [];
  const parameters = new Map<string, JsonObject>();
  for (const parameter of (operation.parameters as JsonObject[] | undefined) ?? []) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const name = String(parameter.name);
    properties[name] = parameter.schema;
    parameters.set(name, parameter.schema as JsonObject);
    if (parameter.required) required.push(name);
  }
  const body = (((operation.requestBody as JsonObject | undefined)?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema;
  return {
    params: { type: 'object', properties, required, additionalProperties: false },
    ...(isObject(body) ? { body: { ...body, components: document.components } } : {}),
    parameters,
  };
}

/** The first 200-range response schema of an operation. */
function answerSchema(document: JsonObject, operation: JsonObject): JsonObject {
  const ok = (operation.responses as JsonObject | undefined)?.['200'] as JsonObject | undefined;
  const schema = ((ok?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema;
  return { ...(isObject(schema) ? schema : {}), components: document.components };
}

const languageOf = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);

/** Sends a refusal in the Refusal shape: code, description, the fields at fault in `errors`. */
function refuse(reply: FastifyReply, refusal: RpcRefusal, status?: number): FastifyReply {
  const language = languageOf(reply.request);
  noteAuditOutcome(reply.request, refusal.code);
  const { validationErrors, responseDescription, ...extra } = refusal.bodyIn(language);
  return reply.code(status ?? HTTP_STATUS[refusal.code] ?? 400).send({
    ...extra,
    responseCode: refusal.code,
    responseDescription: (responseDescription as string | undefined) ?? codeDescription(refusal.code, language),
    ...(validationErrors ? { errors: validationErrors } : {}),
  });
}

/**
 * Serves the operations of an OpenAPI document that declare `x-access` with the guarantees of the RPC
 * methods: who may call is checked before the handler (`customer` with `x-business-right` through the
 * same gate as the RPC methods, the customer named by the input's `customerId`; `apiKey` through
 * `keyGate`), the input (path, query and JSON body) is validated against the document (TA1 naming the
 * field, HTTP 400), the answer against its 200 schema (a mismatch is a server bug: UE, rolled back),
 * and every success is audited in the call's transaction. `x-money-moving` operations take the
 * `Idempotency-Key` header and run once per key (server/rpc/money-moving.ts).
 *
 * @example
 * await declaredRestRoutes(app, { db, adapters, document: bundle.rest, gate, keyGate, handlers: publicApiHandlers });
 */
export async function declaredRestRoutes(app: FastifyInstance, options: DeclaredRestOptions): Promise<void> {
  const ajv = createSchemaValidator();
  const document = options.document as unknown as JsonObject;
  // Every call, answered or refused, leaves a row in the audit log, as the RPC methods do.
  app.addHook('onResponse', auditRpcCall(options.db));
  app.setErrorHandler((error: RequestError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'declared REST request failed');
      return refuse(reply, new RpcRefusal('UE'));
    }
    return refuse(reply, new RpcRefusal('TA1', { validationErrors: [{ field: '', description: describeRefusedBody(error, languageOf(request)) }] }), status);
  });

  for (const operation of declaredOperations(options.document)) {
    const declared = (options.document.paths[operation.path] as JsonObject)[operation.verb.toLowerCase()] as JsonObject;
    const handler = options.handlers[operation.operationId];
    if (!handler) {
      app.log.warn({ operation: operation.name }, `${operation.name} is declared but has no handler: it is not served.`);
      continue;
    }
    const schemas = inputSchemas(document, declared);
    const validateParams: ValidateFunction = ajv.compile(schemas.params);
    const validateBody: ValidateFunction | undefined = schemas.body ? ajv.compile(schemas.body) : undefined;
    const validateAnswer: ValidateFunction = ajv.compile(answerSchema(document, declared));
    // The gate reads a method declaration: the operation's access in those words.
    const declaration: MethodDeclaration = {
      name: operation.name,
      summary: String(declared.summary ?? ''),
      access: operation.access === 'apiKey' ? 'public' : operation.access,
      ...(operation.businessRight ? { businessRight: operation.businessRight } : {}),
      readOnly: operation.readOnly,
      errors: [],
      request: {},
      response: {},
    };
    const url = operation.path.replace(/\{([^}]+)\}/g, ':$1');

    app.route({
      method: operation.verb as 'GET',
      url,
      config: { rpcMethod: operation.name },
      handler: async (request, reply) => {
        const body: unknown = validateBody ? (request.body ?? {}) : {};
        if (!isObject(body)) return refuse(reply, new RpcRefusal('TA1', { validationErrors: [{ field: '', key: 'server.validation.jsonObject' }] }));
        const params: JsonObject = {};
        for (const source of [request.query, request.params]) {
          if (!isObject(source)) continue;
          for (const [name, value] of Object.entries(source)) params[name] = typedValue(value, schemas.parameters.get(name));
        }
        const input: JsonObject = { ...body, ...params };

        let caller: Caller | undefined;
        let key: KeyCaller | undefined;
        if (operation.access === 'apiKey') {
          if (!options.keyGate) return refuse(reply, new RpcRefusal('AU'));
          const gated = await options.keyGate(request);
          if (gated.retryAfter !== undefined) reply.header('retry-after', String(gated.retryAfter));
          if (gated.refusal) return refuse(reply, gated.refusal);
          key = gated.key;
        } else if (operation.access !== 'public') {
          // The customer the call names is the one it acts for: the gate checks it as a Customer-Id header.
          // Named where the operation declares it: a query parameter, else a field of the body.
          const named = schemas.parameters.has('customerId') ? params.customerId : body.customerId;
          const header = request.headers['customer-id'];
          if (named !== undefined && !(Number.isInteger(named) && (named as number) >= 1 && (named as number) <= 2_147_483_647)) {
            return refuse(reply, new RpcRefusal('TA1', { validationErrors: [{ field: 'customerId', key: 'server.publicApi.customerId' }] }));
          }
          if (named !== undefined) {
            if (header !== undefined && header !== String(named)) return refuse(reply, new RpcRefusal('13'));
            request.headers['customer-id'] = String(named);
          }
          const gated = await options.gate(declaration, request);
          if (gated.refusal) return refuse(reply, gated.refusal);
          caller = gated.caller;
        }

        const paramsValid = validateParams(params);
        const bodyValid = !validateBody || validateBody(body);
        if (!paramsValid || !bodyValid) {
          const errors = [...(paramsValid ? [] : (validateParams.errors ?? [])), ...(bodyValid ? [] : (validateBody?.errors ?? []))];
          return refuse(reply, new RpcRefusal('TA1', { validationErrors: fieldErrors(errors, languageOf(request)) }));
        }
        // Defaults the body's schema filled in (useDefaults) are part of the input.
        Object.assign(input, body, params);

        const checked = (answered: object) => {
          if (!validateAnswer(answered)) {
            request.log.error({ operation: operation.name, errors: validateAnswer.errors }, `${operation.name} answered outside its declared schema`);
            throw new RpcRefusal('UE');
          }
          return answered;
        };
        const context = { log: request.log, adapters: options.adapters, ip: request.ip, ...(caller ? { caller } : {}), ...(key ? { key } : {}) };
        const effects: Array<() => Promise<void>> = [];
        try {
          let payload: object;
          if (operation.moneyMoving) {
            const idempotencyKey = request.headers['idempotency-key'];
            if (typeof idempotencyKey !== 'string' || !/^[A-Za-z0-9_-]{8,100}$/.test(idempotencyKey)) {
              return refuse(reply, new RpcRefusal('TA1', { validationErrors: [{ field: 'Idempotency-Key', key: 'server.publicApi.idempotencyKey' }] }));
            }
            const customerId = caller?.customerId ?? key?.customerId;
            if (customerId === undefined) throw new Error(`${operation.name} moves money but has no acting customer: declare it for a customer or an API key.`);
            const outcome = await runMoneyMovingCall(
              options.db,
              { customerId, method: operation.name, params: { ...input, idempotencyKey }, audit: auditRow(request, '00') },
              async ({ trx, afterCommit }) => checked(await handler(input, { ...context, db: trx, afterCommit })),
            );
            payload = outcome.payload;
            effects.push(...outcome.effects);
            if (outcome.replayed) await auditSuccess(options.db, request);
          } else {
            payload = await inCallTransaction(
              options.db,
              async () => {
                const answered = checked(await handler(input, { ...context, db: options.db, afterCommit: (effect) => effects.push(effect) }));
                await auditSuccess(options.db, request);
                return answered;
              },
              (error) => error instanceof RpcRefusal && error.code !== 'UE',
            );
          }
          markAudited(request);
          noteAuditOutcome(request, '00');
          for (const effect of effects) await effect().catch((error: unknown) => request.log.error({ err: error }, 'An effect after the commit failed'));
          return reply.send(payload);
        } catch (error) {
          if (error instanceof RestNotFound) return refuse(reply, error, 404);
          if (error instanceof RpcRefusal) return refuse(reply, error);
          request.log.error({ err: error, operation: operation.name }, 'declared REST handler failed');
          return refuse(reply, new RpcRefusal('UE'));
        }
      },
    });
  }
}
