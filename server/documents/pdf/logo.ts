/** The part of PDFKit's document the logo drawing uses. */
export interface LogoCanvas {
  save(): this;
  restore(): this;
  translate(x: number, y: number): this;
  scale(factor: number): this;
  rect(x: number, y: number, width: number, height: number): this;
  roundedRect(x: number, y: number, width: number, height: number, radius: number): this;
  circle(x: number, y: number, radius: number): this;
  path(d: string): this;
  fill(color: string): this;
  stroke(color: string): this;
  lineWidth(width: number): this;
  font(name: string): this;
  fontSize(size: number): this;
  fillColor(color: string): this;
  text(text: string, x: number, y: number, options: { lineBreak: false; baseline: 'alphabetic' }): this;
}

/** One drawing element of an SVG: its tag, attributes and text. */
interface SvgElement {
  tag: string;
  attributes: Record<string, string>;
  text: string;
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The drawing elements of an SVG (rect, circle, path, text) in document order, and its view box. */
export function svgElements(svg: string): { viewBox: [number, number, number, number]; elements: SvgElement[] } {
  const box = /viewBox="([^"]+)"/
    .exec(svg)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const viewBox: [number, number, number, number] =
    box && box.length === 4 && box.every(Number.isFinite) ? [box[0]!, box[1]!, box[2]!, box[3]!] : [0, 0, 100, 100];
  const elements: SvgElement[] = [];
  for (const match of svg.matchAll(/<(rect|circle|path|text)\b([^>]*?)(?:\/>|>([^<]*)<\/\1>)/g)) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[2] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)) attributes[attribute[1]!] = unescape(attribute[2]!);
    elements.push({ tag: match[1]!, attributes, text: unescape((match[3] ?? '').trim()) });
  }
  return { viewBox, elements };
}

/**
 * Draws a brand's logo as vectors, `width` points wide with its top left corner at (x, y): the SVG's
 * rectangles, circles and paths filled or stroked in their colours, and its text in the document's bold
 * font. The brands' logos use only these elements; anything else in an SVG is left out.
 *
 * @example
 * drawLogo(doc, readFileSync('brands/paxum/logo.svg', 'utf8'), { x: 56, y: 40, width: 160, boldFont: 'bold' });
 */
export function drawLogo(doc: LogoCanvas, svg: string, at: { x: number; y: number; width: number; boldFont: string }): { height: number } {
  const { viewBox, elements } = svgElements(svg);
  const factor = at.width / viewBox[2];
  doc.save().translate(at.x, at.y).scale(factor).translate(-viewBox[0], -viewBox[1]);
  for (const { tag, attributes, text } of elements) {
    const number = (name: string) => Number(attributes[name] ?? 0);
    const fill = attributes.fill ?? (tag === 'path' && attributes.stroke ? 'none' : '#000000');
    const stroke = attributes.stroke;
    if (tag === 'text') {
      doc
        .font(at.boldFont)
        .fontSize(number('font-size') || 16)
        .fillColor(fill === 'none' ? '#000000' : fill)
        .text(text, number('x'), number('y'), { lineBreak: false, baseline: 'alphabetic' });
      continue;
    }
    const outline = () => {
      if (tag === 'rect')
        return attributes.rx
          ? doc.roundedRect(number('x'), number('y'), number('width'), number('height'), number('rx'))
          : doc.rect(number('x'), number('y'), number('width'), number('height'));
      if (tag === 'circle') return doc.circle(number('cx'), number('cy'), number('r'));
      return doc.path(attributes.d ?? '');
    };
    if (fill !== 'none') outline().fill(fill);
    if (stroke && stroke !== 'none')
      outline()
        .lineWidth(Number(attributes['stroke-width'] ?? 1))
        .stroke(stroke);
  }
  doc.restore();
  return { height: viewBox[3] * factor };
}
