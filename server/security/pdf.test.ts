import { describe, expect, it } from 'vitest';
import { writePdf } from './pdf.ts';

/** Reads the cross-reference table and checks every offset points at 'n 0 obj'. */
function checkStructure(pdf: Buffer): { objects: number; pages: number } {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n?$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  expect(Number(first)).toBe(0);
  const tableStart = startxref + `xref\n0 ${count}\n`.length;
  for (let id = 1; id < Number(count); id += 1) {
    const entry = text.slice(tableStart + id * 20, tableStart + (id + 1) * 20);
    expect(entry).toMatch(/^\d{10} 00000 n \n$/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
  }
  const trailer = text.slice(text.indexOf('trailer', startxref));
  expect(trailer).toContain(`/Size ${count}`);
  // Each stream's /Length is its byte length.
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = match.index! + match[0].length;
    expect(text.slice(start + Number(match[1]), start + Number(match[1]) + '\nendstream'.length)).toBe('\nendstream');
  }
  return { objects: Number(count) - 1, pages: Number(/\/Type \/Pages .*\/Count (\d+)/.exec(text)?.[1]) };
}

describe('writePdf', () => {
  it('writes a valid PDF 1.4 whose cross-reference offsets point at the objects', () => {
    const pdf = writePdf({
      title: 'Terms (test)',
      blocks: [
        { kind: 'title', text: 'Terms of Service' },
        { kind: 'paragraph', text: 'A back\\slash, (brackets) and café – “quotes”.' },
      ],
    });
    const { pages } = checkStructure(pdf);
    expect(pages).toBe(1);
    const text = pdf.toString('latin1');
    expect(text).toContain('/BaseFont /Helvetica');
    expect(text).toContain('(A back\\\\slash, \\(brackets\\) and caf\\351 \\226 \\223quotes\\224.) Tj');
  });

  it('breaks long text into lines and pages, numbering them', () => {
    const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40);
    const pdf = writePdf({ title: 'Long', footer: 'Long 1', blocks: Array.from({ length: 12 }, () => ({ kind: 'paragraph' as const, text: paragraph })) });
    const { pages } = checkStructure(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(pdf.toString('latin1')).toContain(`(Long 1   Page ${pages} of ${pages}) Tj`);
  });

  it('replaces characters the standard fonts cannot show', () => {
    const text = writePdf({ title: 'x', blocks: [{ kind: 'paragraph', text: 'Анна 漢字' }] }).toString('latin1');
    expect(text).toContain('(???? ??) Tj');
  });
});
