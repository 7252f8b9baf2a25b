import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentFonts } from './fonts.ts';
import { svgElements } from './logo.ts';
import { renderDocument } from './render.ts';
import { requestLanguage, localeTexts } from '../../i18n/texts.ts';

/** The PDF's objects as text, its compressed streams inflated, so that the tags and structure can be read. */
function readable(bytes: Buffer): string {
  const latin = bytes.toString('latin1');
  const parts: string[] = [latin];
  for (const match of latin.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    try {
      parts.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (a font program): nothing to read in it.
    }
  }
  return parts.join('\n');
}

describe('documents as PDF', () => {
  it("takes the customer's language from Accept-Language, Ukrainian's 'uk' as the product's 'ua', else the brand's", () => {
    expect(requestLanguage('ru-RU,ru;q=0.9,en;q=0.8', 'en')).toBe('ru');
    expect(requestLanguage('uk', 'en')).toBe('ua');
    expect(requestLanguage('de-DE,es;q=0.5', 'en')).toBe('es');
    expect(requestLanguage('en;q=0.2,pt;q=0.8', 'en')).toBe('pt');
    expect(requestLanguage('de', 'ro')).toBe('ro');
    expect(requestLanguage(undefined, 'en')).toBe('en');
  });

  it('words documents from the locale files in every language, and enumerations with their raw value when unworded', () => {
    expect(localeTexts('ru')('pdf.page', { page: 2, pages: 3 })).toBe('Страница 2 из 3');
    expect(localeTexts('ua')('pdf.statement.title')).toBe('Виписка по рахунку');
    expect(localeTexts('es')('pdf.receipt.total')).toBe('Total cargado');
    expect(localeTexts('ru').value('enums.transferStatus', 'completed')).not.toBe('completed');
    expect(localeTexts('ru').value('enums.transferStatus', 'somethingNew')).toBe('somethingNew');
    expect(() => localeTexts('en')('pdf.noSuchKey')).toThrow(/pdf\.noSuchKey/);
  });

  it("writes in the brand's font when it draws every character, else in a fallback of its kind that draws Cyrillic", () => {
    expect(documentFonts({ fontFamily: 'Work Sans', serif: false }, 'Anna Novak').family).toBe('Work Sans');
    expect(documentFonts({ fontFamily: 'Work Sans', serif: false }, 'Анна Смирнова').family).toBe('Inter');
    expect(documentFonts({ fontFamily: 'Manrope', serif: false }, 'Анна Смирнова').family).toBe('Manrope');
    expect(documentFonts({ fontFamily: 'Georgia', serif: true }, 'Анна Смирнова').family).toBe('PT Serif');
  });

  it("reads the brands' logos as rectangles, circles, paths and text", () => {
    const { viewBox, elements } = svgElements(
      '<svg viewBox="0 0 131 48"><circle cx="22" cy="24" r="16" fill="#0b5cad"/><path d="M16 16h9" fill="#fff"/><text x="48" y="32">Paxum &amp; Co</text></svg>',
    );
    expect(viewBox).toEqual([0, 0, 131, 48]);
    expect(elements.map((element) => element.tag)).toEqual(['circle', 'path', 'text']);
    expect(elements[2]).toMatchObject({ text: 'Paxum & Co', attributes: { x: '48', y: '32' } });
  });

  it('writes a tagged PDF with its language, title, headings, paragraphs, tables and embedded fonts', async () => {
    const bytes = await renderDocument({
      brand: 'paxumbank',
      language: 'ua',
      title: 'Виписка',
      blocks: [
        { kind: 'heading', text: 'Підсумки' },
        { kind: 'paragraph', text: 'Ганна Шевченко' },
        {
          kind: 'table',
          columns: [
            { header: 'Дата', width: 1 },
            { header: 'Сума', width: 1, align: 'right' },
          ],
          rows: [['2026-11-01', '12.50']],
        },
      ],
      now: new Date('2026-11-26T10:00:00Z'),
    });
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const text = readable(bytes);
    expect(text).toMatch(/\/Lang \(uk\)/);
    expect(text).toMatch(/\/Marked true/);
    expect(text).toMatch(/\/DisplayDocTitle true/);
    for (const tag of ['Document', 'Figure', 'H1', 'H2', 'P', 'Table', 'TR', 'TH', 'TD']) expect(text).toContain(`/S /${tag}`);
    expect(text).toMatch(/\/FontFile2/);
    expect(text).toMatch(/PTSerif-Regular/);
    expect(text).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(text).toContain('/Artifact');
  });
});
