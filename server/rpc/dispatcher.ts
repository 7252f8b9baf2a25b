import type { ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { RpcHandlerMap } from '../../generated/methods.ts';
import type { ApiBundle, MethodDeclaration } from './api-bundle.ts';
import { inCallTransaction } from '../db/call-transaction.ts';
import type { Database } from '../db/schema.ts';
import { createSchemaValidator, fieldErrors, type FieldError } from '../http/json-schema.ts';
import { BODY_LIMIT_BYTES, describeRefusedBody, limitReceivedBytes, UPLOAD_BODY_LIMIT_BYTES, type RequestError } from '../http/refused-body.ts';
import { rpcMethodName } from '../http/rpc-method-name.ts';
import fastifyMultipart from '@fastify/multipart';
import { fileFieldsOf, isMultipartRequest, MULTIPART_LIMITS, multipartParams } from './multipart-params.ts';
import type { Adapters } from '../adapters/index.ts';
import type { CallerGate, RpcContext } from './context.ts';
import { auditRow, auditRpcCall, auditSuccess, markAudited, noteAuditOutcome } from '../audit/audit-log.ts';
import { codeDescription, RefusalToRecord, RpcRefusal, type ResponseCode } from './response-codes.ts';
import { requestLanguage } from '../i18n/texts.ts';
import { runIdempotentCall, runMoneyMovingCall } from './money-moving.ts';

/** A handler's answer that fails its declared response schema: a server bug, never sent. */
class AnswerOutsideSchema extends Error {
  constructor(
    method: string,
    readonly errors: ValidateFunction['errors'],
  ) {
    super(
      `The ${method} handler answered outside its declared response schema: fix the handler or the declaration. Its transaction, where it has one, was rolled back.`,
    );
  }
}

/** What the dispatcher needs. */
export interface DispatcherOptions {
  db: Kysely<Database>;
  bundle: ApiBundle;
  /** Who calls and for whom (server/customers/caller.ts): the transport knows no sessions or customers. */
  gate: CallerGate;
  handlers: RpcHandlerMap<RpcContext>;
  adapters: Adapters;
  /** The brand the server runs as, handed to handlers for the documents they write. */
  brand?: string;
  /** The server's public base URL (PUBLIC_URL): handlers' `origin`, where e-mailed links point, instead of the request's. */
  publicUrl?: string;
}

type AnyHandler = (params: Record<string, unknown>, ctx: RpcContext) => Promise<object>;

/** A declared method ready to serve: its declaration, validators (compiled at the method's first call) and handler. */
interface ServedMethod {
  declaration: MethodDeclaration;
  validateRequest: () => ValidateFunction;
  validateResponse: () => ValidateFunction;
  handler: AnyHandler;
}

/**
 * `ajv.compile(schema)` at the first call of the result, then that validator on every call. Compiling the 650
 * schemas of every method took 2.5 s of each server's start, mostly for methods a process never serves.
 */
function compiledOnFirstUse(ajv: Ajv2020, schema: object): () => ValidateFunction {
  let validate: ValidateFunction | undefined;
  return () => (validate ??= ajv.compile(schema));
}

/**
 * Runs what a call queued for after its commit. The answer is already decided, so a failing effect
 * (an SMS gateway down) is logged rather than turned into a refusal; the screens offer a resend.
 */
async function runEffects(effects: Array<() => Promise<void>>, log: FastifyBaseLogger): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      log.error({ err: error }, 'An effect after the commit failed');
    }
  }
}

const HTTP_STATUS: Partial<Record<ResponseCode, number>> = { AU: 401, UE: 500 };

/** The language the request reads (its Accept-Language; the application sends the customer's choice), English by default. */
const languageOf = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);

/**
 * Sends an answer in the backend's envelope, its standard description in the request's language; the
 * HTTP status is 401 for AU, 500 for UE, else as set (200).
 */
function answer(reply: FastifyReply, code: ResponseCode, extra: object = {}): FastifyReply {
  noteAuditOutcome(reply.request, code);
  const status = HTTP_STATUS[code];
  if (status) reply.code(status);
  return reply.send({ responseCode: code, responseDescription: codeDescription(code, languageOf(reply.request)), ...extra });
}

/** Answers a refusal worded in the request's language. */
const refuse = (reply: FastifyReply, refusal: RpcRefusal) => answer(reply, refusal.code, refusal.bodyIn(languageOf(reply.request)));

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Pairs every declared method with its handler. A declaration without a handler (a bundle newer
 * than this server) or a handler without a declaration is logged and not served.
 */
function serveMethods(bundle: ApiBundle, handlers: RpcHandlerMap<RpcContext>, log: FastifyBaseLogger): Map<string, ServedMethod> {
  const ajv = createSchemaValidator();
  const byName = handlers as unknown as Record<string, AnyHandler>;
  const served = new Map<string, ServedMethod>();
  for (const [name, declaration] of Object.entries(bundle.methods)) {
    const handler = byName[name];
    if (!handler) {
      log.warn({ method: name }, `Method ${name} is declared but this server has no handler for it: it answers IM until one is written.`);
      continue;
    }
    served.set(name, {
      declaration,
      validateRequest: compiledOnFirstUse(ajv, declaration.request),
      validateResponse: compiledOnFirstUse(ajv, declaration.response),
      handler,
    });
  }
  for (const name of Object.keys(byName)) {
    if (!served.has(name) && !(name in bundle.methods)) {
      log.warn({ method: name }, `Handler ${name} has no declaration in the API bundle: run \`npm run codegen\`.`);
    }
  }
  return served;
}

/**
 * The main backend's single endpoint: `POST /api?method=<name>` with the params (and `method`
 * again) in the body. Checks in order: the method exists (IM), the caller is signed in (AU, HTTP
 * 401), the caller may act for the customer and holds the declared business right (13), the params
 * match the declared request schema (TA1 with field errors). The handler then checks the objects it
 * names belong to that customer. Its payload is checked against the declared response schema
 * before it leaves: a mismatch is a server bug, answered UE (HTTP 500). Other refusals are HTTP 200.
 *
 * @example
 * await app.register(rpcDispatcher, { db, bundle, adapters, gate: callerGate(db, tokenKey), handlers: createRpcHandlers(bundle, onboarding) });
 */
export async function rpcDispatcher(app: FastifyInstance, options: DispatcherOptions): Promise<void> {
  const methods = serveMethods(options.bundle, options.handlers, app.log);
  // Every call, answered or refused, leaves a row in the audit log: who acted for whom, what, how it ended.
  app.addHook('onResponse', auditRpcCall(options.db));

  // Bodies Fastify refuses before the handler runs (not JSON, too large) still get the envelope.
  app.setErrorHandler((error: RequestError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'RPC request failed');
      return answer(reply, 'UE');
    }
    // The rest of an oversized body is never read: the connection closes after this answer.
    if (status === 413) reply.header('connection', 'close');
    return answer(reply.code(status), 'TA1', {
      validationErrors: [{ field: '', description: describeRefusedBody(error, requestLanguage(request.headers['accept-language'])) }],
    });
  });

  // Only methods declared with `uploads` may send large bodies; the rest are refused before parsing:
  // at once when Content-Length says so, else as soon as the bytes received pass the limit (chunked).
  const limitOf = (request: FastifyRequest) => {
    const name = rpcMethodName(request);
    return name !== undefined && methods.get(name)?.declaration.uploads === true ? UPLOAD_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (Number(request.headers['content-length'] ?? 0) > limitOf(request)) {
      return answer(reply.code(413), 'TA1', {
        validationErrors: [
          { field: '', description: describeRefusedBody({ statusCode: 413, message: '' }, requestLanguage(request.headers['accept-language'])) },
        ],
      });
    }
  });
  // A multipart body is read by busboy from the request itself, within MULTIPART_LIMITS (file size,
  // number of parts): counting it here as well would hold the stream nobody reads.
  app.addHook('preParsing', async (request, _reply, payload) => (isMultipartRequest(request) ? payload : limitReceivedBytes(payload, limitOf(request))));
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

  // One handler, two addresses: `POST /api?method=<name>` with the method repeated in the body (the
  // browser's convention), and `POST /api/<name>` for generated clients, where the body may leave it out.
  //
  // A method declared with `uploads` may also be sent as `multipart/form-data`: a `data` part with the
  // JSON params and its files as file parts named by their fields (read by multipartParams), so a
  // browser sends a file as it is instead of as base64. A declaration's `multipart.path` serves it at
  // an address of its own too, `data` naming params as its document does (`multipart.dataNames`).
  const call = async (request: FastifyRequest, reply: FastifyReply, methodInPath: boolean, named?: { name: string; dataNames?: Record<string, string> }) => {
    const name = named?.name ?? rpcMethodName(request);
    const method = name !== undefined ? methods.get(name) : undefined;
    if (!method) return answer(reply, 'IM');
    const multipart = isMultipartRequest(request);
    if (multipart && !method.declaration.uploads) {
      return refuse(reply, new RpcRefusal('TA1', { validationErrors: [{ field: '', key: 'server.uploads.jsonOnly' }] }));
    }

    // Who calls and for whom (AU, 13), an admin viewing a customer only reading: see DispatcherOptions.gate.
    // A multipart body is read after: nobody's file is read before the caller is known.
    const gated = multipart ? await options.gate(method.declaration, request) : undefined;
    if (gated?.refusal) return refuse(reply, gated.refusal);

    let body: unknown = request.body;
    if (multipart) {
      try {
        body = await multipartParams(request, {
          fileFields: fileFieldsOf(method.declaration.request),
          ...(named?.dataNames ? { dataNames: named.dataNames } : {}),
        });
        // The audit row summarises the params as a JSON call's body.
        request.body = body;
      } catch (error) {
        if (error instanceof RpcRefusal) return refuse(reply, error);
        throw error;
      }
    }
    if (!isPlainObject(body)) return refuse(reply, new RpcRefusal('TA1', { validationErrors: [{ field: '', key: 'server.validation.jsonObject' }] }));
    // A body naming another method than the address is a confused client.
    if (body.method !== name && !((methodInPath || multipart) && body.method === undefined)) return answer(reply, 'IM');

    const { caller, refusal } = gated ?? (await options.gate(method.declaration, request));
    if (refusal) return refuse(reply, refusal);

    const { method: _method, ...params } = body;
    const validateRequest = method.validateRequest();
    if (!validateRequest(params)) {
      const validationErrors: FieldError[] = fieldErrors(validateRequest.errors, languageOf(request));
      return answer(reply, 'TA1', { validationErrors });
    }

    try {
      const context = {
        log: request.log,
        adapters: options.adapters,
        ip: request.ip,
        origin: options.publicUrl ?? `${request.protocol}://${request.host}`,
        ...(options.brand ? { brand: options.brand } : {}),
        ...(typeof request.headers['accept-language'] === 'string' ? { acceptLanguage: request.headers['accept-language'] } : {}),
        ...(caller ? { caller } : {}),
      };
      let payload: object;
      let effects: Array<() => Promise<void>> = [];
      const queue = (effect: () => Promise<void>) => effects.push(effect);
      // The answer is checked against its schema and the success audited before anything commits
      // where the call has one transaction (money-moving), and before the answer leaves otherwise.
      const checked = (answered: object) => {
        const validateResponse = method.validateResponse();
        if (!validateResponse(answered)) throw new AnswerOutsideSchema(String(name), validateResponse.errors);
        return answered;
      };
      if (method.declaration.moneyMoving && method.declaration.ownTransactions && caller) {
        // Claimed before, answered after; the handler's own transactions in between: see runIdempotentCall.
        ({ payload } = await runIdempotentCall(options.db, { customerId: caller.customerId, method: name as string, params }, async () =>
          checked(await method.handler(params, { ...context, db: options.db, afterCommit: queue })),
        ));
        await auditSuccess(options.db, request);
      } else if (method.declaration.moneyMoving && caller) {
        // One transaction per call with its idempotency key and its audit row: see server/rpc/money-moving.ts.
        const outcome = await runMoneyMovingCall(
          options.db,
          { customerId: caller.customerId, method: name as string, params, audit: auditRow(request, '00') },
          async ({ trx, afterCommit }) => checked(await method.handler(params, { ...context, db: trx, afterCommit })),
        );
        ({ payload, effects } = outcome);
        // A replay ran nothing in a transaction: its own audit row says it was answered again.
        if (outcome.replayed) await auditSuccess(options.db, request);
      } else {
        // One transaction for the call and its audit row: an answer outside its schema or a crash
        // undoes everything; a refusal keeps what it counted (a wrong code, a failed attempt).
        payload = await inCallTransaction(
          options.db,
          async () => {
            const answered = checked(await method.handler(params, { ...context, db: options.db, afterCommit: queue }));
            await auditSuccess(options.db, request);
            return answered;
          },
          (error) => error instanceof RpcRefusal,
        );
      }
      markAudited(request);
      await runEffects(effects, request.log);
      return answer(reply, '00', payload);
    } catch (thrown) {
      // A wrong second-factor code counts although the call rolled back: see RefusalToRecord.
      const error = thrown instanceof RefusalToRecord ? await thrown.record(options.db) : thrown;
      if (error instanceof RpcRefusal) return refuse(reply, error);
      if (error instanceof AnswerOutsideSchema) {
        request.log.error({ method: name, errors: error.errors }, error.message);
        return answer(reply, 'UE');
      }
      request.log.error({ err: error, method: name }, 'RPC handler failed');
      return answer(reply, 'UE');
    }
  };
  app.post('/api', { bodyLimit: UPLOAD_BODY_LIMIT_BYTES }, (request, reply) => call(request, reply, false));
  app.post('/api/:method', { bodyLimit: UPLOAD_BODY_LIMIT_BYTES }, (request, reply) => call(request, reply, true));
  for (const { declaration } of methods.values()) {
    const own = declaration.multipart;
    if (!own) continue;
    const named = { name: declaration.name, ...(own.dataNames ? { dataNames: own.dataNames } : {}) };
    app.post(own.path, { config: { rpcMethod: declaration.name } }, (request, reply) => {
      if (!isMultipartRequest(request)) return refuse(reply, new RpcRefusal('TA1', { validationErrors: [{ field: '', key: 'server.uploads.notMultipart' }] }));
      return call(request, reply, true, named);
    });
  }
}
