import { describe, expect, it } from 'vitest';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { MAX_DOCUMENT_FILE_BYTES, readUploadedFile } from './uploads.ts';

const dataUrl = (content: Buffer, name = 'passport.pdf', type = 'application/pdf') =>
  `data:${type};name=${encodeURIComponent(name)};base64,${content.toString('base64')}`;

function refusalOf(run: () => unknown): RpcRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof RpcRefusal) return error;
  }
  throw new Error('expected a refusal');
}

describe('readUploadedFile', () => {
  it('reads a PDF with its name, judging the type by content', () => {
    const file = readUploadedFile(dataUrl(Buffer.from('%PDF-1.7 body'), 'my scan.pdf', 'application/octet-stream'), 'files.main');
    expect(file).toMatchObject({ fileName: 'my scan.pdf', mediaType: 'application/pdf' });
    expect(file.content.toString()).toBe('%PDF-1.7 body');
  });

  it('refuses a file whose content is not a PDF, JPEG or PNG, whatever it is called', () => {
    const refusal = refusalOf(() => readUploadedFile(dataUrl(Buffer.from('MZ executable'), 'photo.png', 'image/png'), 'files.main'));
    expect(refusal.code).toBe('TA1');
    expect(refusal.body.validationErrors).toEqual([{ field: 'files.main', description: 'This file type is not accepted. Upload a PDF, JPEG or PNG file.' }]);
    expect(refusal.bodyIn('ru').validationErrors).toEqual([
      { field: 'files.main', description: 'Этот тип файла не принимается. Загрузите файл PDF, JPEG или PNG.' },
    ]);
  });

  it('refuses empty and oversized files on their field', () => {
    expect(refusalOf(() => readUploadedFile(dataUrl(Buffer.alloc(0)), 'files.relationship')).details.validationErrors?.[0]?.field).toBe('files.relationship');
    const big = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(MAX_DOCUMENT_FILE_BYTES)]);
    expect(refusalOf(() => readUploadedFile(dataUrl(big), 'files.main')).body).toMatchObject({
      validationErrors: [{ field: 'files.main', description: expect.stringContaining('larger than 10 MB') }],
    });
  });

  it('names an unnamed file by its type and strips path separators from a given name', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
    expect(readUploadedFile(`data:image/png;base64,${png.toString('base64')}`, 'f').fileName).toBe('document.png');
    expect(readUploadedFile(dataUrl(png, '../../etc/passwd'), 'f').fileName).toBe('.._.._etc_passwd');
  });
});
