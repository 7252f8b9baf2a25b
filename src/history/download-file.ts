import { MethodCallError, type EngineOptions } from '../../engine/index.ts';

/** What a server-made file download needs from the application, asked afresh on every download. */
export interface DownloadOptions {
  accessToken(): Promise<string | null>;
  actingCustomerId(): number | null;
  onUnauthorized?(): void;
  /** Prefix of server paths (the application's API base), '' when same origin. */
  base?: string;
  fetch?: typeof fetch;
}

/**
 * The engine's `downloadFile`: GETs a server path with the bearer token and Customer-Id header (the
 * same rules as every call), reading the body as it streams. Progress counts CSV rows (CRLF line ends)
 * against the server's `X-Total-Count` when it sends one, else bytes. Refusals come back in the
 * backend's envelope and reject with a `MethodCallError`, which the application shows in its popup.
 *
 * @example
 * createScreenRouter({ …, downloadFile: createDownloadFile({ accessToken: () => session.accessToken(), actingCustomerId: () => null }) });
 */
export function createDownloadFile(options: DownloadOptions): NonNullable<EngineOptions['downloadFile']> {
  return async (url, { signal, onProgress }) => {
    const headers = new Headers({ Accept: 'text/csv, application/json' });
    const token = await options.accessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const acting = options.actingCustomerId();
    if (acting !== null) headers.set('Customer-Id', String(acting));
    const response = await (options.fetch ?? fetch)(`${options.base ?? ''}${url}`, { headers, signal });
    if (!response.ok || !response.body) {
      const body = (await response.json().catch(() => ({}))) as {
        responseCode?: string;
        responseDescription?: string;
        validationErrors?: Array<{ field: string; description: string }>;
      };
      if (response.status === 401) options.onUnauthorized?.();
      const fields = Object.fromEntries((body.validationErrors ?? []).map(({ field, description }) => [field, description]));
      throw new MethodCallError(body.responseCode ?? 'UE', body.responseDescription ?? `HTTP ${response.status}`, fields);
    }
    const totalRows = Number(response.headers.get('X-Total-Count') ?? '');
    const countRows = Number.isFinite(totalRows) && totalRows >= 0 && response.headers.has('X-Total-Count');
    const reader = response.body.getReader();
    const parts: Uint8Array[] = [];
    let bytes = 0;
    // The header line ends with CRLF too; it is not a row.
    let lineEnds = -1;
    let lastByte = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.length;
      for (const byte of value) {
        if (byte === 0x0a && lastByte === 0x0d) lineEnds += 1;
        lastByte = byte;
      }
      if (countRows) onProgress(Math.min(Math.max(lineEnds, 0), totalRows), totalRows);
      else onProgress(bytes, 0);
    }
    return new Blob(parts as BlobPart[], { type: response.headers.get('Content-Type') ?? 'application/octet-stream' });
  };
}
