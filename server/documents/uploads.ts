import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, DocumentFilesTable } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** The most a single document file may hold: 10 MB (decimal, as file sizes are shown). */
export const MAX_DOCUMENT_FILE_BYTES = 10_000_000;

/** The file types documents are accepted in, recognised by their first bytes, not by their name. */
const SIGNATURES: { mediaType: string; extension: string; matches: (bytes: Buffer) => boolean }[] = [
  { mediaType: 'application/pdf', extension: 'pdf', matches: (bytes) => bytes.subarray(0, 5).toString('latin1') === '%PDF-' },
  { mediaType: 'image/jpeg', extension: 'jpg', matches: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  {
    mediaType: 'image/png',
    extension: 'png',
    matches: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
];

/** A checked file, ready to store. */
export interface UploadedFile {
  fileName: string;
  mediaType: string;
  content: Buffer;
}

/** A file the caller sent, refused with a message for the field it came in. */
function refuse(field: string, key: string): never {
  throw new RpcRefusal('TA1', { validationErrors: [{ field, key }] });
}

/** A file field's data URL decoded: its content and the name the browser gave, made safe to store. */
export interface DecodedFile {
  /** The given name without path separators or control characters, at most 200 characters; '' when none. */
  fileName: string;
  content: Buffer;
}

/**
 * Decodes the data URL of a file field: not empty and at most 10 MB, else refused on `field`.
 *
 * @example
 * const { fileName, content } = decodeDataUrl(params.file, 'file');
 */
export function decodeDataUrl(dataUrl: string, field: string): DecodedFile {
  const match = /^data:([^;,]*)((?:;[^;,]*)*);base64,(.*)$/s.exec(dataUrl);
  if (!match) refuse(field, 'server.uploads.chooseFile');
  const nameParameter = match[2]!.split(';').find((part) => part.startsWith('name='));
  const content = Buffer.from(match[3]!, 'base64');
  if (content.length === 0) refuse(field, 'server.uploads.empty');
  if (content.length > MAX_DOCUMENT_FILE_BYTES) refuse(field, 'server.uploads.tooLarge');
  const given = nameParameter ? decodeURIComponent(nameParameter.slice('name='.length)) : '';
  // eslint-disable-next-line no-control-regex -- control characters are what a stored file name must lose.
  return { fileName: given.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200), content };
}

/**
 * Decodes a data URL from a file field and checks it: not empty, at most 10 MB, and really a PDF,
 * JPEG or PNG by its content. A refusal names `field`, so the form shows it there.
 *
 * @example
 * const file = readUploadedFile(params.files.main, 'files.main');
 */
export function readUploadedFile(dataUrl: string, field: string): UploadedFile {
  const { fileName, content } = decodeDataUrl(dataUrl, field);
  const kind = SIGNATURES.find((signature) => signature.matches(content));
  if (!kind) refuse(field, 'server.uploads.type');
  return { fileName: fileName || `document.${kind.extension}`, mediaType: kind.mediaType, content };
}

/** One file of a document, with its role. */
export interface DocumentFileInput extends UploadedFile {
  role: DocumentFilesTable['role'];
  passwordProtected?: boolean;
}

/** A document to store for a customer. */
export interface NewDocument {
  customerId: number;
  category: string;
  documentTypeId: number;
  createdByUserId: number | null;
  addressId?: number | null;
  /** A business representative the document proves, instead of the customer itself. */
  representativeId?: number | null;
  parentDocumentId?: number | null;
  issuedDate?: string | null;
  expiresDate?: string | null;
  /** Starts as submitted (0) unless said otherwise. */
  statusId?: number;
  attributes?: Record<string, unknown>;
  files: DocumentFileInput[];
}

/**
 * Stores a document and its files in one database transaction (pass the transaction when the
 * caller has one), so a document never exists without its files. Answers the new document's id.
 *
 * @example
 * const id = await storeDocument(db, { customerId, category: 'address', documentTypeId: 3, createdByUserId: user.userId, files: [{ role: 'main', ...file }] });
 */
export async function storeDocument(db: Kysely<Database>, document: NewDocument): Promise<number> {
  const write = async (trx: Kysely<Database>) => {
    const { id } = await trx
      .insertInto('documents')
      .values({
        customer_id: document.customerId,
        category: document.category,
        document_type_id: document.documentTypeId,
        status_id: document.statusId ?? 0,
        address_id: document.addressId ?? null,
        representative_id: document.representativeId ?? null,
        parent_document_id: document.parentDocumentId ?? null,
        issued_date: document.issuedDate ?? null,
        expires_date: document.expiresDate ?? null,
        reject_reason: null,
        created_by_user_id: document.createdByUserId,
        attributes: JSON.stringify(document.attributes ?? {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const file of document.files) {
      await trx
        .insertInto('document_files')
        .values({
          document_id: id,
          role: file.role,
          file_name: file.fileName,
          media_type: file.mediaType,
          size_bytes: file.content.length,
          sha256: createHash('sha256').update(file.content).digest('hex'),
          content: file.content,
          password_protected: file.passwordProtected ?? false,
        })
        .execute();
    }
    return id;
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}
