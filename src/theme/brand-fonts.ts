/** One `@font-face` of a brand's font: a weight of one script's subset, in woff2. */
export interface BrandFontFace {
  family: string;
  weight: number;
  unicodeRange: string;
  url: string;
}

/** A local font scaled to take the same room as the brand's font while that one loads. */
export interface BrandFallbackFace {
  family: string;
  src: string;
  ascentOverride: string;
  descentOverride: string;
  lineGapOverride: string;
  sizeAdjust: string;
}

/** What a brand ships: the stack for `--font-family` (with the fallback after the brand's font) and the faces. */
export interface BrandFonts {
  fontFamily: string;
  fallback: BrandFallbackFace | null;
  faces: BrandFontFace[];
}

/**
 * Adds a brand's faces to the page's font set, as `@font-face` rules would (the application's Content
 * Security Policy allows no inline stylesheet): each face is fetched only once text in its weight and
 * script is drawn, and text shows at once in the size-adjusted fallback until it arrives (`swap`).
 *
 * @example
 * registerBrandFonts(await loadBrandFonts.paxum(), document.fonts);
 * document.fonts.check('16px Inter'); // true once the regular face has loaded
 */
export function registerBrandFonts(fonts: BrandFonts, fontSet: FontFaceSet = document.fonts): void {
  if (fonts.fallback) {
    const { family, src, ascentOverride, descentOverride, lineGapOverride, sizeAdjust } = fonts.fallback;
    // size-adjust is a descriptor of FontFace in every current browser, not yet in TypeScript's DOM types.
    const descriptors: FontFaceDescriptors & { sizeAdjust: string } = { ascentOverride, descentOverride, lineGapOverride, sizeAdjust };
    fontSet.add(new FontFace(family, src, descriptors));
  }
  for (const face of fonts.faces) {
    fontSet.add(
      new FontFace(face.family, `url(${JSON.stringify(face.url)}) format('woff2')`, {
        weight: String(face.weight),
        style: 'normal',
        unicodeRange: face.unicodeRange,
        display: 'swap',
      }),
    );
  }
}
