/**
 * A small PDF 1.4 writer for text documents (agreements, statements): A4 pages, Helvetica in the
 * standard 14 fonts (no embedding), headings and wrapped paragraphs, page numbers. Text outside
 * Windows-1252 is replaced, since the standard fonts cannot show it.
 */

/** One cell of a table row: its text, where it starts (or ends, right-aligned) in points from the left margin. */
export type PdfCell = { text: string; x: number; align?: 'left' | 'right' };

/** One block of a document: text that wraps, or a table row of cells on one line (statements). */
export type PdfBlock = { kind: 'title' | 'heading' | 'paragraph' | 'small'; text: string } | { kind: 'row'; cells: PdfCell[]; bold?: boolean };

export interface PdfDocument {
  title: string;
  author?: string;
  blocks: PdfBlock[];
  /** Written at the foot of every page before 'Page n of m'. */
  footer?: string;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const STYLE: Record<PdfBlock['kind'], { font: 'F1' | 'F2'; size: number; before: number; after: number }> = {
  title: { font: 'F2', size: 18, before: 0, after: 10 },
  heading: { font: 'F2', size: 12, before: 10, after: 4 },
  paragraph: { font: 'F1', size: 10, before: 0, after: 6 },
  small: { font: 'F1', size: 8, before: 0, after: 4 },
  row: { font: 'F1', size: 9, before: 0, after: 1 },
};

// Windows-1252 code points 0x80-0x9F that differ from Latin-1.
const CP1252: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** Text as Windows-1252 bytes; what the encoding lacks becomes '?'. */
function encode(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (CP1252[char] !== undefined) bytes.push(CP1252[char]!);
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(0x3f);
  }
  return bytes;
}

/** A PDF literal string of the bytes, with (, ) and \ escaped and the high half octal-escaped. */
function literal(bytes: number[]): string {
  let out = '(';
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

// Helvetica advance widths (per 1000 em) of the ASCII letters; other characters count as 556.
const NARROW = new Set([...'iljI.,;:!|\'" ']);
const WIDE = new Set([...'mwMW@%']);
function textWidth(text: string, size: number): number {
  let units = 0;
  for (const char of text) units += NARROW.has(char) ? 278 : WIDE.has(char) ? 833 : /[A-Z]/.test(char) ? 667 : 556;
  return (units * size) / 1000;
}

function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraphLine of text.split('\n')) {
    let line = '';
    for (const word of paragraphLine.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

interface PlacedLine {
  font: 'F1' | 'F2';
  size: number;
  y: number;
  text: string;
  /** Points from the left margin; 0 unless a table cell. */
  x?: number;
}

function layout(blocks: PdfBlock[]): PlacedLine[][] {
  const pages: PlacedLine[][] = [[]];
  const bottom = MARGIN + 24;
  let y = PAGE_HEIGHT - MARGIN;
  for (const block of blocks) {
    const style = STYLE[block.kind];
    y -= style.before;
    if (block.kind === 'row') {
      const leading = style.size * 1.35;
      if (y - leading < bottom) {
        pages.push([]);
        y = PAGE_HEIGHT - MARGIN;
      }
      y -= leading;
      const font = block.bold ? 'F2' : style.font;
      for (const cell of block.cells) {
        const x = cell.align === 'right' ? cell.x - textWidth(cell.text, style.size) : cell.x;
        pages.at(-1)!.push({ font, size: style.size, y, text: cell.text, x });
      }
      y -= style.after;
      continue;
    }
    for (const text of wrap(block.text, style.size, PAGE_WIDTH - 2 * MARGIN)) {
      const leading = style.size * 1.35;
      if (y - leading < bottom) {
        pages.push([]);
        y = PAGE_HEIGHT - MARGIN;
      }
      y -= leading;
      pages.at(-1)!.push({ font: style.font, size: style.size, y, text });
    }
    y -= style.after;
  }
  return pages;
}

function pdfDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `D:${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/**
 * Writes a document as PDF 1.4 bytes: catalog, page tree, two fonts, one content stream per page,
 * an info dictionary and a cross-reference table whose offsets point at each object.
 *
 * @example
 * const bytes = writePdf({ title: 'Terms of service', blocks: [{ kind: 'title', text: 'Terms of service' }] });
 */
export function writePdf(document: PdfDocument, now: Date = new Date()): Buffer {
  const pages = layout(document.blocks);
  const objects: string[] = [];
  // 1 catalog, 2 pages, 3 regular font, 4 bold font, 5 info; then a page and its content per page.
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${literal(encode(document.title))}${document.author ? ` /Author ${literal(encode(document.author))}` : ''} /Producer (bank pdf writer) /CreationDate (${pdfDate(now)}) >>`;
  pages.forEach((lines, index) => {
    const footer = `${document.footer ? `${document.footer}   ` : ''}Page ${index + 1} of ${pages.length}`;
    const commands = [
      ...lines.map(
        (line) => `BT /${line.font} ${line.size} Tf ${(MARGIN + (line.x ?? 0)).toFixed(2)} ${line.y.toFixed(2)} Td ${literal(encode(line.text))} Tj ET`,
      ),
      `BT /F1 8 Tf ${MARGIN} ${MARGIN - 20} Td ${literal(encode(footer))} Tj ET`,
    ].join('\n');
    const stream = Buffer.from(commands, 'latin1');
    objects[pageIds[index]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`;
    objects[pageIds[index]! + 1] = `<< /Length ${stream.length} >>\nstream\n${commands}\nendstream`;
  });

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = length;
    const chunk = Buffer.from(`${id} 0 obj\n${objects[id]}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    length += chunk.length;
  }
  const xref = [
    'xref',
    `0 ${objects.length}`,
    '0000000000 65535 f ',
    ...offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
