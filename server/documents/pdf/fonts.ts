import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/** The regular and bold TrueType files of one family. */
export interface FontPair {
  family: string;
  regular: string;
  bold: string;
}

const require = createRequire(import.meta.url);

/** A family's files in its @expo-google-fonts package, which ships Google Fonts' full TrueType files. */
function pair(family: string, packageName: string, prefix: string): FontPair {
  const folder = path.dirname(require.resolve(`@expo-google-fonts/${packageName}/package.json`));
  return {
    family,
    regular: path.join(folder, '400Regular', `${prefix}_400Regular.ttf`),
    bold: path.join(folder, '700Bold', `${prefix}_700Bold.ttf`),
  };
}

const FAMILIES: Record<string, () => FontPair> = {
  Inter: () => pair('Inter', 'inter', 'Inter'),
  Manrope: () => pair('Manrope', 'manrope', 'Manrope'),
  'IBM Plex Sans': () => pair('IBM Plex Sans', 'ibm-plex-sans', 'IBMPlexSans'),
  'Work Sans': () => pair('Work Sans', 'work-sans', 'WorkSans'),
  Nunito: () => pair('Nunito', 'nunito', 'Nunito'),
  // Georgia is not free to ship: PT Serif is a serif of the same sturdy kind, with Cyrillic.
  Georgia: () => pair('PT Serif', 'pt-serif', 'PTSerif'),
  'PT Serif': () => pair('PT Serif', 'pt-serif', 'PTSerif'),
};

const coverage = new Map<string, fontkit.Font>();
function opened(file: string): fontkit.Font {
  let font = coverage.get(file);
  if (!font) {
    font = fontkit.openSync(file) as fontkit.Font;
    coverage.set(file, font);
  }
  return font;
}

/** Whether both weights of the family draw every character of the text (spaces and line breaks aside). */
export function covers(fonts: FontPair, text: string): boolean {
  const regular = opened(fonts.regular);
  const bold = opened(fonts.bold);
  for (const char of new Set(text.replace(/\s/g, ''))) {
    const code = char.codePointAt(0)!;
    if (!regular.hasGlyphForCodePoint(code) || !bold.hasGlyphForCodePoint(code)) return false;
  }
  return true;
}

/**
 * The fonts a document is written in: the brand's own family when it draws every character of the
 * document, else the fallback of its kind (PT Serif for a serif brand, Inter otherwise), both of which
 * draw Latin, Cyrillic and the currency signs. The fonts are embedded, subset, by pdfkit.
 *
 * @example
 * documentFonts({ fontFamily: 'Work Sans', serif: false }, 'Анна').family; // 'Inter': Work Sans has no Cyrillic
 */
export function documentFonts(brand: { fontFamily: string; serif: boolean }, text: string): FontPair {
  const own = FAMILIES[brand.fontFamily]?.();
  if (own && covers(own, text)) return own;
  return (brand.serif ? FAMILIES['PT Serif']! : FAMILIES.Inter!)();
}
