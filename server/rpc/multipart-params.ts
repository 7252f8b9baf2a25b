import type { FastifyRequest } from 'fastify';
import { RpcRefusal } from './response-codes.ts';

/** The largest file a multipart call may carry, as an UploadedFile may (common.schema.json). */
export const MULTIPART_FILE_LIMIT_BYTES = 10 * 1024 * 1024;

/** Busboy's limits for a multipart call: a few files, one `data` part, no more parts than those. */
export const MULTIPART_LIMITS = { fileSize: MULTIPART_FILE_LIMIT_BYTES, files: 3, fields: 1, parts: 4, fieldSize: 1024 * 1024 };

/** True when `request` carries `multipart/form-data`. */
export const isMultipartRequest = (request: FastifyRequest) => /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');

/** What a multipart call's parts may be: `data` (JSON params) and files on the request's file fields. */
export interface MultipartShape {
  /** The request schema's properties that are files (UploadedFile data URLs). */
  fileFields: ReadonlySet<string>;
  /** Names in `data` to hand on under another name (document 001's `method` is the RPC's `transferType`). */
  dataNames?: Readonly<Record<string, string>>;
}

const refusal = (field: string, key: string, values?: Record<string, string | number>) =>
  new RpcRefusal('TA1', { validationErrors: [{ field, key, ...(values ? { values } : {}) }] });

/** The fields of a request schema whose values are files: strings that must be base64 data URLs. */
export function fileFieldsOf(request: Record<string, unknown>): Set<string> {
  const properties = (request.properties ?? {}) as Record<string, { pattern?: unknown }>;
  return new Set(
    Object.keys(properties).filter((name) => typeof properties[name]?.pattern === 'string' && String(properties[name].pattern).startsWith('^data:')),
  );
}

/**
 * Reads a `multipart/form-data` call into the params a JSON call would send: the `data` part is the
 * JSON object of the other params, each file part becomes the base64 data URL
 * (`data:<type>;name=<name>;base64,…`) of its field (a part named `<field>[]` counts as `<field>`), which
 * the method's schema then checks as
 * usual. A part that is not JSON, a file on a field that takes none, a file twice or a file over
 * 10 MB is refused TA1 on its field.
 *
 * @example
 * const params = await multipartParams(request, { fileFields: new Set(['file']), dataNames: { method: 'transferType' } });
 */
export async function multipartParams(request: FastifyRequest, shape: MultipartShape): Promise<Record<string, unknown>> {
  let data: Record<string, unknown> | undefined;
  const files: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'data') throw refusal(part.fieldname, 'server.uploads.unexpectedPart');
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(part.value));
        } catch {
          throw refusal('data', 'server.uploads.dataNotJson');
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw refusal('data', 'server.uploads.dataNotJson');
        data = parsed as Record<string, unknown>;
        continue;
      }
      // `file[]`, the form convention for a file field (document 002's logo upload), is the field `file`.
      const bracketed = part.fieldname.endsWith('[]') ? part.fieldname.slice(0, -2) : undefined;
      const field = bracketed !== undefined && shape.fileFields.has(bracketed) ? bracketed : part.fieldname;
      if (!shape.fileFields.has(field)) {
        part.file.resume();
        throw refusal(field, 'server.uploads.unexpectedPart');
      }
      if (field in files) {
        part.file.resume();
        throw refusal(field, 'server.uploads.oneFile');
      }
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refusal(field, 'server.uploads.tooLarge');
        throw error;
      }
      const type = /^[A-Za-z0-9.+/-]+$/.test(part.mimetype) ? part.mimetype : 'application/octet-stream';
      files[field] = `data:${type};name=${encodeURIComponent(part.filename || field)};base64,${content.toString('base64')}`;
    }
  } catch (error) {
    if (error instanceof RpcRefusal) throw error;
    const code = (error as { code?: string }).code ?? '';
    // Busboy may tell of a file over the limit while the parts are being read rather than in toBuffer.
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusal((error as { part?: { fieldname?: string } }).part?.fieldname ?? '', 'server.uploads.tooLarge');
    // Busboy's limits (too many parts, files or fields) and a body that is not multipart at all.
    if (/^FST_(PARTS|FILES|FIELDS)_LIMIT$/.test(code)) throw refusal('', 'server.uploads.tooManyParts');
    if (code.startsWith('FST_') || /multipart|boundary|unexpected end/i.test((error as Error).message ?? '')) throw refusal('', 'server.uploads.notMultipart');
    throw error;
  }
  if (!data) throw refusal('data', 'server.uploads.dataMissing');
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    const renamed = shape.dataNames?.[name] ?? name;
    if (shape.fileFields.has(renamed) && renamed in files) throw refusal(renamed, 'server.uploads.oneFile');
    params[renamed] = value;
  }
  return { ...params, ...files };
}
