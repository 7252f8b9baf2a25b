import { Transform, type Readable } from 'node:stream';

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
  message: string;
}

/**
 * What to tell the caller about a request body Fastify refused, in words that say what to send.
 *
 * @example
 * reply.code(error.statusCode).send({ message: describeRefusedBody(error) });
 */
export function describeRefusedBody(error: RequestError): string {
  if (error.statusCode === 413) return `The request is larger than ${BODY_LIMIT_BYTES / 1024} KiB: send less.`;
  return `${error.message}: send the request as a JSON object.`;
}
