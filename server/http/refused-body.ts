/** Requests carry small JSON documents; anything larger is refused before it is parsed. */
export const BODY_LIMIT_BYTES = 512 * 1024;

/** Methods declared with `uploads` carry up to three 10 MB files as base64: 42 MiB in all. */
export const UPLOAD_BODY_LIMIT_BYTES = 42 * 1024 * 1024;

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
