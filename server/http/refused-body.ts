import { Transform, type Readable } from 'node:stream';
import { localeTexts, type Language } from '../i18n/texts.ts';

/** Requests carry small JSON documents; anything larger is refused before it is parsed. */
export const BODY_LIMIT_BYTES = 512 * 1024;

/** Methods declared with `uploads` carry up to three 10 MB files as base64: 42 MiB in all. */
export const UPLOAD_BODY_LIMIT_BYTES = 42 * 1024 * 1024;

/**
 * Passes a request body through while counting the bytes actually received, and fails with 413 past
 * `limit`. `Content-Length` can be absent (chunked) or lie, so only counting what arrives bounds what
 * the server reads; the request is abandoned at the limit instead of being read whole.
 *
 * @example
 * app.addHook('preParsing', async (request, reply, payload) => limitReceivedBytes(payload, BODY_LIMIT_BYTES));
 */
export function limitReceivedBytes(payload: Readable, limit: number): Readable {
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      received += chunk.length;
      if (received > limit) {
        payload.unpipe(counted);
        return next(Object.assign(new Error(`Request body is larger than ${limit} bytes`), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' }));
      }
      next(null, chunk);
    },
  });
  payload.pipe(counted);
  return counted;
}

/** An error Fastify raises before a handler runs: unparsable JSON, wrong content type, too large. */
export interface RequestError {
  statusCode?: number;
  code?: string;
  message: string;
}

/**
 * What to tell the caller about a request body Fastify refused, in words that say what to send, in
 * the request's language (locales/<language>/server.json, `server.rpc.body`): Fastify's own English
 * message never reaches the caller.
 *
 * @example
 * reply.code(error.statusCode).send({ message: describeRefusedBody(error, requestLanguage(request.headers['accept-language'])) });
 */
export function describeRefusedBody(error: RequestError, language: Language): string {
  const t = localeTexts(language);
  if (error.statusCode === 413) return t('server.rpc.body.tooLarge', { size: BODY_LIMIT_BYTES / 1024 });
  if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return t('server.rpc.body.notJsonType');
  return t('server.rpc.body.notJson');
}
