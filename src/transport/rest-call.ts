import createClient from 'openapi-fetch';
import { MethodCallError } from '../../engine/index.ts';
import type { paths } from '../../generated/rest.ts';
import { cleanPayload } from './clean-payload.ts';
import { normalizeResponse } from './normalize-response.ts';
import { fieldErrorsOf, headersFor, REQUEST_TIMEOUT_MS, type RpcOptions } from './rpc.ts';

/** A REST operation as a screen spec names it: the verb, a space, the path as the OpenAPI document writes it. */
const REST_OPERATION = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/;

/**
 * Whether a method name is a REST operation (`GET /public-api/apikey`) rather than an RPC method.
 *
 * @example
 * isRestOperationName('DELETE /public-api/apikey/{id}'); // true
 */
export const isRestOperationName = (name: string): boolean => REST_OPERATION.test(name);

/** What a declared REST path answers when it refuses (the Refusal schema of rest.openapi.json). */
interface Refusal {
  responseCode?: string;
  responseDescription?: string;
  errors?: Array<{ field: string; description: string }>;
}

/** The untyped face of the typed client: a spec names its operation at run time. */
type DynamicClient = {
  request(
    method: string,
    url: string,
    init: { params: { path: Record<string, unknown>; query: Record<string, unknown> }; body?: unknown; headers: Headers; signal: AbortSignal },
  ): Promise<{ data?: unknown; error?: unknown; response: Response }>;
};

export interface RestCallOptions extends RpcOptions {
  /** Where the REST paths are served (the API's origin); '' for the page's own. */
  baseUrl: string;
  /** The customer a call acts for when the spec does not say: the acting customer, else the signed-in one. */
  customerId(): Promise<number | null>;
}

/**
 * Calls a REST operation by the name a screen spec gives it (`PUT /public-api/apikey/{id}`), through
 * openapi-fetch typed by generated/rest.ts: `{name}` path parameters are filled from the params (and
 * taken out of them), a GET's or DELETE's params go in the query, the others' in a JSON body, and
 * `customerId` is added when the spec leaves it out. Refusals (the document's Refusal: responseCode,
 * responseDescription, errors) throw the same MethodCallError as an RPC refusal, field errors on their fields.
 *
 * @example
 * const call = createRestCall({ ...rpcOptions, baseUrl: apiBase, customerId: async () => 12 });
 * const { apiKeys } = await call('GET /public-api/apikey', {});
 */
export function createRestCall(options: RestCallOptions): (name: string, params: object) => Promise<unknown> {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: (request) => (options.fetch ?? globalThis.fetch)(request),
  }) as unknown as DynamicClient;
  return async (name, params) => {
    const [, verb, path] = REST_OPERATION.exec(name) ?? [];
    if (!verb || !path) throw new MethodCallError('IM', `'${name}' is not a REST operation: write it 'VERB /path'`, {});
    const rest = { ...(cleanPayload(params) as Record<string, unknown>) };
    if (rest.customerId === undefined) {
      const customerId = await options.customerId();
      if (customerId !== null) rest.customerId = customerId;
    }
    const pathParams: Record<string, unknown> = {};
    for (const [, parameter] of path.matchAll(/\{([^}]+)\}/g)) {
      pathParams[parameter!] = rest[parameter!];
      delete rest[parameter!];
    }
    const inQuery = verb === 'GET' || verb === 'DELETE';
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    let answer: Awaited<ReturnType<DynamicClient['request']>>;
    try {
      answer = await client.request(verb.toLowerCase(), path, {
        params: { path: pathParams, query: inQuery ? rest : {} },
        ...(inQuery ? {} : { body: rest }),
        headers: headersFor(options, await options.accessToken()),
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) throw new MethodCallError('AE', 'requestTimeout', {}, { unanswered: true });
      throw new MethodCallError('AE', error instanceof Error && error.message ? error.message : 'networkError', {}, { unanswered: true });
    } finally {
      clearTimeout(timer);
    }
    if (answer.response.ok) return normalizeResponse((answer.data ?? {}) as Record<string, unknown>);
    if (answer.response.status === 401) options.onUnauthorized?.();
    if (answer.response.status >= 500) throw new MethodCallError('UE', 'Server is not available', {});
    const refusal = (answer.error ?? {}) as Refusal;
    throw new MethodCallError(refusal.responseCode ?? 'UE', refusal.responseDescription ?? 'serverError', fieldErrorsOf(refusal.errors));
  };
}
