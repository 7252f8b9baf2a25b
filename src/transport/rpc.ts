import { MethodCallError } from '../../engine/index.ts';
import { createRpcClient, type RpcCall, type RpcMethodName } from '../../generated/methods.ts';
import { serverLanguage } from '../i18n/languages.ts';
import { cleanPayload } from './clean-payload.ts';
import { normalizeResponse } from './normalize-response.ts';

/** Sent on every call so the server can tell which build of the application is talking (section 9). */
export const CLIENT_VERSION = '2.1.2';

/** A call still unanswered after 5 minutes is given up (document 000 section 9). */
export const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;

/** What the transport needs from the rest of the application, asked afresh on every call. */
export interface RpcOptions {
  /** A valid access token (refreshed if close to expiry), or null when nobody is signed in. */
  accessToken(): Promise<string | null>;
  /** The interface language, as the application names it (`ua`, not `uk`). */
  language(): string;
  /** The business customer the user acts for, sent as Customer-Id; null when acting for themselves. */
  actingCustomerId(): number | null;
  /** Told when the server refuses the token (HTTP 401 or AU): the session is over. */
  onUnauthorized?(): void;
  /** Defaults to `/api`. */
  endpoint?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The validation error of one field, as the server reports it. */
interface ValidationError {
  field: string;
  description: string;
}

/** The envelope every answer of the main backend comes in. */
interface Envelope {
  responseCode?: string;
  responseDescription?: string;
  validationErrors?: ValidationError[];
  [field: string]: unknown;
}

/**
 * Field errors keyed by dot path (`profile.firstName`), which is how forms find the field to mark.
 * When a field has several errors they are joined, so none is lost.
 */
function fieldErrorsOf(errors: ValidationError[] | undefined): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const { field, description } of errors ?? []) {
    byField[field] = byField[field] ? `${byField[field]} ${description}` : description;
  }
  return byField;
}

function headersFor(options: RpcOptions, accessToken: string | null): Headers {
  const headers = new Headers({
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Accept-Language': serverLanguage(options.language()),
    'X-Client-Version': CLIENT_VERSION,
  });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  const actingCustomerId = options.actingCustomerId();
  if (actingCustomerId !== null) headers.set('Customer-Id', String(actingCustomerId));
  return headers;
}

async function send(options: RpcOptions, method: RpcMethodName, params: object): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    const endpoint = options.endpoint ?? '/api';
    return await (options.fetch ?? fetch)(`${endpoint}?method=${encodeURIComponent(method)}`, {
      method: 'POST',
      headers: headersFor(options, await options.accessToken()),
      // The method travels in the body as well as in the query string: the backend convention.
      body: JSON.stringify(cleanPayload({ method, ...params })),
      signal: controller.signal,
    });
  } catch (error) {
    // No answer came: marked unanswered, so a money flow asks the server what became of the call.
    if (controller.signal.aborted) throw new MethodCallError('AE', 'requestTimeout', {}, { unanswered: true });
    // Document 000 section 8: a network failure reports the error's own message, else 'networkError'.
    throw new MethodCallError('AE', error instanceof Error && error.message ? error.message : 'networkError', {}, { unanswered: true });
  } finally {
    clearTimeout(timer);
  }
}

async function readEnvelope(response: Response): Promise<Envelope> {
  if (response.status >= 500) throw new MethodCallError('UE', 'Server is not available', {});
  const text = await response.text();
  if (!text.trim()) throw new MethodCallError('UE', 'serverError', {});
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Envelope;
  } catch {
    // An answer that is not JSON is as useless as an empty one and is reported the same way.
  }
  throw new MethodCallError('UE', 'serverError', {});
}

/**
 * Makes the typed client of the main backend: `POST /api?method=<name>` with the payload (which repeats
 * `method`) in the body, the language, token, client version and acting customer in the headers.
 * Answers are normalised and unwrapped; anything but `responseCode: '00'` throws a `MethodCallError`
 * whose field errors are keyed by the field's dot path.
 *
 * @example
 * const rpc = createRpc({ accessToken: () => session.accessToken(), language: () => i18n.language, actingCustomerId: () => null });
 * const { accounts } = await rpc('balanceInquiry', {});
 */
export function createRpc(options: RpcOptions): RpcCall {
  return createRpcClient(async (method, params) => {
    const response = await send(options, method, params);
    const envelope = await readEnvelope(response);
    const { responseCode, responseDescription, validationErrors, ...payload } = envelope;
    if (response.status === 401 || responseCode === 'AU') options.onUnauthorized?.();
    if (responseCode !== '00') {
      throw new MethodCallError(responseCode ?? 'UE', responseDescription ?? 'serverError', fieldErrorsOf(validationErrors));
    }
    return normalizeResponse(payload);
  });
}
