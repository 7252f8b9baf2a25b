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
export function fieldErrorsOf(errors: ValidationError[] | undefined): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const { field, description } of errors ?? []) {
    byField[field] = byField[field] ? `${byField[field]} ${description}` : description;
  }
  return byField;
}

export function headersFor(options: RpcOptions, accessToken: string | null, multipart = false): Headers {
  const headers = new Headers({
    // A multipart body's type (with its boundary) is set by fetch from the FormData.
    ...(multipart ? {} : { 'Content-Type': 'application/json' }),
    Accept: 'application/json',
    'Accept-Language': serverLanguage(options.language()),
    'X-Client-Version': CLIENT_VERSION,
  });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  const actingCustomerId = options.actingCustomerId();
  if (actingCustomerId !== null) headers.set('Customer-Id', String(actingCustomerId));
  return headers;
}

/** A base64 data URL as the browser's file picker reads it (`data:<type>;name=<name>;base64,…`). */
const DATA_URL = /^data:([A-Za-z0-9.+/-]*)((?:;[A-Za-z0-9_.=%+-]*)*);base64,([A-Za-z0-9+/]*={0,2})$/;

/**
 * The params as a `multipart/form-data` body: each top-level data URL as a file part on its field (its
 * name and type kept), everything else as the JSON part `data` (with the method, the backend convention).
 *
 * @example
 * multipartBody('massTransferUpload', { batchName: 'May', file: 'data:text/csv;name=may.csv;base64,YQ==' });
 * // FormData { data: '{"method":"massTransferUpload","batchName":"May"}', file: File may.csv }
 */
export function multipartBody(method: string, params: object): FormData {
  const form = new FormData();
  const data: Record<string, unknown> = { method };
  const files: Array<[string, File]> = [];
  for (const [field, value] of Object.entries(cleanPayload(params) as Record<string, unknown>)) {
    const match = typeof value === 'string' ? DATA_URL.exec(value) : null;
    if (!match) {
      data[field] = value;
      continue;
    }
    const name = /;name=([^;]*)/.exec(match[2] ?? '')?.[1];
    const bytes = Uint8Array.from(atob(match[3] ?? ''), (char) => char.charCodeAt(0));
    files.push([field, new File([bytes], name ? decodeURIComponent(name) : field, { type: match[1] || 'application/octet-stream' })]);
  }
  form.append('data', JSON.stringify(data));
  for (const [field, file] of files) form.append(field, file, file.name);
  return form;
}

async function send(options: RpcOptions, method: RpcMethodName, params: object, multipart = false): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    const endpoint = options.endpoint ?? '/api';
    return await (options.fetch ?? fetch)(`${endpoint}?method=${encodeURIComponent(method)}`, {
      method: 'POST',
      headers: headersFor(options, await options.accessToken(), multipart),
      // The method travels in the body as well as in the query string: the backend convention.
      body: multipart ? multipartBody(method, params) : JSON.stringify(cleanPayload({ method, ...params })),
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
  return createRpcClient(createRpcSend(options));
}

/**
 * The untyped sender under {@link createRpc}: the same call, and with `{ multipart: true }` the params'
 * files (data URLs) sent as file parts of a `multipart/form-data` body, the rest as its JSON part `data`.
 * A refusal's other fields (a 92's batchId and date) are the `MethodCallError`'s `values`.
 *
 * @example
 * const send = createRpcSend(options);
 * await send('massTransferUpload', { transferType: 'p2p', file }, { multipart: true });
 */
export function createRpcSend(options: RpcOptions) {
  return async (method: RpcMethodName, params: object, { multipart = false }: { multipart?: boolean } = {}): Promise<unknown> => {
    const response = await send(options, method, params, multipart);
    const envelope = await readEnvelope(response);
    const { responseCode, responseDescription, validationErrors, ...payload } = envelope;
    if (response.status === 401 || responseCode === 'AU') options.onUnauthorized?.();
    if (responseCode !== '00') {
      throw new MethodCallError(responseCode ?? 'UE', responseDescription ?? 'serverError', fieldErrorsOf(validationErrors), {
        values: normalizeResponse(payload) as Record<string, unknown>,
      });
    }
    return normalizeResponse(payload);
  };
}
