import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { documentBrand, type DocumentBrand } from './brand.ts';
import { documentFonts } from './fonts.ts';
import { drawLogo } from './logo.ts';
import { formatDate, localeTexts, isoLanguage, type Language } from '../../i18n/texts.ts';

/** One column of a table: its header, its share of the width (they are scaled to fill it) and alignment. */
export interface DocumentColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * One block of a document, tagged in the PDF's structure as what it is: a heading (H2), a paragraph
 * (P), a note (P, small), label-value rows (a table of row headers and values) or a table with a
 * header row.
 */
export type DocumentBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'fields'; rows: Array<{ label: string; value: string; strong?: boolean }> }
  | { kind: 'table'; columns: DocumentColumn[]; rows: string[][]; strongRows?: string[][] };

/** A document the product issues. */
export interface DocumentSpec {
  /** The brand issuing it (brands/<id>): letterhead, logo, colours and font. The server's brand when absent. */
  brand?: string;
  language: Language;
  /** The title: the first heading (H1) and the PDF's title. */
  title: string;
  /** A line under the title (a period, a reference). */
  subtitle?: string;
  /** Who the document is made out to (the PDF's author field). */
  author?: string;
  blocks: DocumentBlock[];
  /** Written at the foot of every page beside the page number (a statement's account and month). */
  reference?: string;
  now?: Date;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 56, right: 56, top: 56, bottom: 72 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const SIZE = { title: 20, heading: 12, paragraph: 10, note: 8, table: 9, footer: 7.5 };
const RULE = '#d0d5dd';
const CELL_PADDING = { x: 4, y: 3.5 };

type Doc = PDFKit.PDFDocument;

const fontFiles = new Map<string, Buffer>();
/** A font file's bytes, read once per process. */
function fontFile(file: string): Buffer {
  let bytes = fontFiles.get(file);
  if (!bytes) {
    bytes = readFileSync(file);
    fontFiles.set(file, bytes);
  }
  return bytes;
}
type Struct = PDFKit.PDFStructureElement;

/** Every text of the document, for choosing a font that draws all of it. */
function allText(spec: DocumentSpec, brand: DocumentBrand, extra: string[]): string {
  const parts = [spec.title, spec.subtitle ?? '', spec.author ?? '', spec.reference ?? '', brand.name, ...brand.contact, ...brand.footerLines, ...extra];
  for (const block of spec.blocks) {
    if (block.kind === 'fields') parts.push(...block.rows.flatMap((row) => [row.label, row.value]));
    else if (block.kind === 'table') parts.push(...block.columns.map((column) => column.header), ...block.rows.flat(), ...(block.strongRows ?? []).flat());
    else parts.push(block.text);
  }
  return parts.join('');
}

/** Draws what is not content (rules, repeated headers, page furniture) marked as an artifact for screen readers. */
function artifact(doc: Doc, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
}

/** Lays out a table's rows, breaking pages between rows and repeating the header row (as an artifact) on the next page. */
function drawTable(
  doc: Doc,
  parent: Struct,
  colors: { text: string; muted: string; primary: string },
  columns: Array<{ header?: string; width: number; align?: 'left' | 'right' }>,
  body: Array<{ cells: string[]; header?: boolean; strong?: boolean; rowHeader?: boolean }>,
): void {
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / total) * CONTENT_WIDTH);
  const xs = widths.map((_, index) => MARGIN.left + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const table = doc.struct('Table');
  parent.add(table);
  const headerRow = body.find((row) => row.header);
  const limit = () => doc.page.height - MARGIN.bottom;

  const rowHeight = (row: { cells: string[]; header?: boolean; strong?: boolean }) =>
    Math.max(
      ...row.cells.map((cell, index) =>
        doc
          .font(row.header || row.strong ? 'bold' : 'regular')
          .fontSize(SIZE.table)
          .heightOfString(cell || ' ', { width: widths[index]! - 2 * CELL_PADDING.x }),
      ),
    ) +
    2 * CELL_PADDING.y;

  const paint = (row: { cells: string[]; header?: boolean; strong?: boolean; rowHeader?: boolean }, y: number, tagged: Struct | undefined) => {
    const height = rowHeight(row);
    if (row.header) artifact(doc, () => doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fill('#f2f4f7'));
    row.cells.forEach((cell, index) => {
      const draw = () =>
        doc
          .font(row.header || row.strong ? 'bold' : 'regular')
          .fontSize(SIZE.table)
          .fillColor(row.header || (row.rowHeader && index === 0 && !row.strong) ? colors.muted : colors.text)
          .text(cell, xs[index]! + CELL_PADDING.x, y + CELL_PADDING.y, {
            width: widths[index]! - 2 * CELL_PADDING.x,
            align: columns[index]!.align ?? 'left',
          });
      if (tagged) tagged.add(doc.struct(row.header || (row.rowHeader && index === 0) ? 'TH' : 'TD', {}, [draw]));
      else artifact(doc, draw);
    });
    artifact(doc, () =>
      doc
        .moveTo(MARGIN.left, y + height)
        .lineTo(MARGIN.left + CONTENT_WIDTH, y + height)
        .lineWidth(row.strong || row.header ? 0.8 : 0.4)
        .stroke(row.strong ? colors.primary : RULE),
    );
    return height;
  };

  for (const row of body) {
    if (doc.y + rowHeight(row) > limit()) {
      doc.addPage();
      if (headerRow && !row.header) doc.y += paint(headerRow, doc.y, undefined);
    }
    const tr = doc.struct('TR');
    table.add(tr);
    const y = doc.y;
    const height = paint(row, y, tr);
    tr.end();
    doc.x = MARGIN.left;
    doc.y = y + height;
  }
  table.end();
  doc.y += 10;
}

/** The letterhead at the top of the first page: the logo, then the brand's name, contact lines and support address. */
function letterhead(doc: Doc, root: Struct, brand: DocumentBrand, supportLine: string): void {
  const top = 36;
  const logoWidth = Math.min(brand.logoWidth, 170);
  let logoHeight = 0;
  root.add(
    doc.struct('Figure', { alt: brand.name }, [
      () => {
        logoHeight = drawLogo(doc, brand.logoSvg, { x: MARGIN.left - 4, y: top, width: logoWidth, boldFont: 'bold' }).height;
      },
    ]),
  );
  const lines = [...brand.contact, supportLine];
  const columnX = MARGIN.left + CONTENT_WIDTH / 2;
  const columnWidth = CONTENT_WIDTH / 2;
  root.add(
    doc.struct('P', {}, [
      () => {
        doc
          .font('bold')
          .fontSize(9)
          .fillColor(brand.colorText)
          .text(brand.name, columnX, top + 4, { width: columnWidth, align: 'right' });
        doc
          .font('regular')
          .fontSize(7.5)
          .fillColor(brand.colorMuted)
          .text(lines.join('\n'), columnX, doc.y + 1, { width: columnWidth, align: 'right', lineGap: 1 });
      },
    ]),
  );
  const below = Math.max(top + logoHeight, doc.y) + 10;
  artifact(doc, () =>
    doc
      .moveTo(MARGIN.left, below)
      .lineTo(MARGIN.left + CONTENT_WIDTH, below)
      .lineWidth(1.5)
      .stroke(brand.colorPrimary),
  );
  doc.x = MARGIN.left;
  doc.y = below + 18;
}

/**
 * Writes a document as a tagged PDF (PDF 1.7, PDF/UA identified): the brand's letterhead and logo, the
 * title, the blocks, and on every page the brand's footer lines, the reference and "Page n of m" in the
 * document's language. Text is in the brand's font where it draws every character (else a fallback
 * with Cyrillic), embedded as a subset, so any language prints and can be copied or read aloud. The
 * structure tree tags the title (H1), headings (H2), paragraphs (P), tables (Table, TR, TH, TD) and
 * the logo (Figure, with the brand's name as its alternative text); the catalog says the language and
 * viewers show the title.
 *
 * @example
 * const bytes = await renderDocument({ language: 'ru', title: 'Выписка', blocks: [{ kind: 'paragraph', text: 'Анна Смирнова' }] });
 */
export async function renderDocument(spec: DocumentSpec): Promise<Buffer> {
  const brand = documentBrand(spec.brand);
  const t = localeTexts(spec.language);
  const now = spec.now ?? new Date();
  const supportLine = t('pdf.support', { email: brand.supportEmail });
  const issued = t('pdf.issued', { date: formatDate(spec.language, now) });
  const fonts = documentFonts(brand, allText(spec, brand, [supportLine, issued, t('pdf.page', { page: 0, pages: 0 })]));
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: MARGIN,
    pdfVersion: '1.7',
    subset: 'PDF/UA',
    tagged: true,
    displayTitle: true,
    lang: isoLanguage(spec.language),
    bufferPages: true,
    font: fontFile(fonts.regular),
    info: {
      Title: spec.title,
      ...(spec.author ? { Author: spec.author } : {}),
      Subject: spec.subtitle ?? spec.title,
      Creator: brand.name,
      Producer: `${brand.name} (PDFKit)`,
      CreationDate: now,
    },
    // PDF/UA-1 identification: PDFKit supports it; its type definitions list only the PDF/A subsets.
  } as unknown as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fontFile(fonts.regular));
  doc.registerFont('bold', fontFile(fonts.bold));

  const root = doc.struct('Document');
  doc.addStructure(root);
  letterhead(doc, root, brand, supportLine);
  root.add(
    doc.struct('H1', {}, [
      () => doc.font('bold').fontSize(SIZE.title).fillColor(brand.colorText).text(spec.title, MARGIN.left, doc.y, { width: CONTENT_WIDTH }),
    ]),
  );
  if (spec.subtitle) {
    const subtitle = spec.subtitle;
    root.add(
      doc.struct('P', {}, [
        () =>
          doc
            .font('regular')
            .fontSize(SIZE.paragraph)
            .fillColor(brand.colorMuted)
            .text(subtitle, MARGIN.left, doc.y + 2, { width: CONTENT_WIDTH }),
      ]),
    );
  }
  doc.y += 12;
  const colors = { text: brand.colorText, muted: brand.colorMuted, primary: brand.colorPrimary };
  for (const block of spec.blocks) {
    if (block.kind === 'heading') {
      if (doc.y + 60 > doc.page.height - MARGIN.bottom) doc.addPage();
      doc.y += 6;
      root.add(
        doc.struct('H2', {}, [
          () => doc.font('bold').fontSize(SIZE.heading).fillColor(brand.colorPrimary).text(block.text, MARGIN.left, doc.y, { width: CONTENT_WIDTH }),
        ]),
      );
      doc.y += 4;
    } else if (block.kind === 'paragraph' || block.kind === 'note') {
      const size = block.kind === 'note' ? SIZE.note : SIZE.paragraph;
      const color = block.kind === 'note' ? brand.colorMuted : brand.colorText;
      root.add(
        doc.struct('P', {}, [
          () => doc.font('regular').fontSize(size).fillColor(color).text(block.text, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 2 }),
        ]),
      );
      doc.y += block.kind === 'note' ? 4 : 8;
    } else if (block.kind === 'fields') {
      drawTable(
        doc,
        root,
        colors,
        [{ width: 2 }, { width: 3 }],
        block.rows.map((row) => ({ cells: [row.label, row.value], strong: row.strong, rowHeader: true })),
      );
    } else {
      drawTable(doc, root, colors, block.columns, [
        { cells: block.columns.map((column) => column.header), header: true },
        ...block.rows.map((cells) => ({ cells })),
        ...(block.strongRows ?? []).map((cells) => ({ cells, strong: true })),
      ]);
    }
  }
  root.add(
    doc.struct('P', {}, [
      () =>
        doc
          .font('regular')
          .fontSize(SIZE.note)
          .fillColor(brand.colorMuted)
          .text(issued, MARGIN.left, doc.y + 6, { width: CONTENT_WIDTH }),
    ]),
  );
  root.end();

  // Page furniture, once the number of pages is known: the footer lines, the reference and "Page n of m".
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - MARGIN.bottom + 22;
    artifact(
      doc,
      () => {
        doc
          .moveTo(MARGIN.left, y - 8)
          .lineTo(MARGIN.left + CONTENT_WIDTH, y - 8)
          .lineWidth(0.5)
          .stroke(RULE);
        const left = [[brand.name, spec.reference].filter(Boolean).join(' · '), ...brand.footerLines].join('\n');
        doc
          .font('regular')
          .fontSize(SIZE.footer)
          .fillColor(brand.colorMuted)
          .text(left, MARGIN.left, y, { width: CONTENT_WIDTH * 0.75, lineGap: 1 });
        doc.text(t('pdf.page', { page: index - range.start + 1, pages: range.count }), MARGIN.left + CONTENT_WIDTH * 0.75, y, {
          width: CONTENT_WIDTH * 0.25,
          align: 'right',
        });
        if (index > range.start) {
          doc.text(`${brand.name} · ${spec.title}`, MARGIN.left, 30, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
        }
      },
      'Pagination',
    );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return finished;
}
