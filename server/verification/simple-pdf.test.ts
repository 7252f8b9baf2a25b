import { describe, expect, it } from 'vitest';
import { readUploadedFile } from '../documents/uploads.ts';
import { textPdf } from './simple-pdf.ts';

describe('textPdf', () => {
  it('writes a PDF whose cross-reference offsets point at its objects', () => {
    const pdf = textPdf('Form W-9', ['Name: Anna (Novak)', 'Łódź is written with ?']).toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
    expect(pdf).toContain('(Name: Anna \\(Novak\\))');
  });

  it('is accepted by the document upload check', () => {
    const dataUrl = `data:application/pdf;base64,${textPdf('T', ['x']).toString('base64')}`;
    expect(readUploadedFile(dataUrl, 'file').mediaType).toBe('application/pdf');
  });
});
