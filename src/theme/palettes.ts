import type { Brand } from '../../generated/entities.ts';
import { contrastRatio, mix, withContrast } from './contrast.ts';

/** The brand's design tokens, as brand.json spells them. */
export type BrandTheme = Brand['theme'];
/** The colour tokens: what differs between the light and the dark palette (radius and font stay). */
export type ColorToken = Exclude<keyof BrandTheme, 'radius' | 'fontFamily'>;
export type Palette = Record<ColorToken, string>;

export const COLOR_TOKENS: readonly ColorToken[] = [
  'colorPrimary',
  'colorPrimaryText',
  'colorBackground',
  'colorSurface',
  'colorText',
  'colorMuted',
  'colorDanger',
  'colorSuccess',
];

/** Body text needs this contrast against what it sits on (WCAG 2.2 AA, 1.4.3). */
export const TEXT_CONTRAST = 4.5;
/** A little above the bar, so rounding in a browser never drops a derived colour under it. */
const MARGIN = 0.2;

/** The light palette: the brand's `theme` as written. */
export function lightPalette(theme: BrandTheme): Palette {
  return Object.fromEntries(COLOR_TOKENS.map((token) => [token, theme[token]])) as Palette;
}

/**
 * The dark palette of a brand: each colour its `darkTheme` names, the rest derived from its light theme so
 * the brand stays recognisable. Backgrounds are near-black tinted with the brand's primary colour; text is
 * near-white; the primary, danger and success colours are lightened until they read on both backgrounds;
 * the text on a primary button is whichever of the background and white reads better on it.
 *
 * @example
 * darkPalette(brand.theme, brand.darkTheme).colorBackground; // '#101720' for a blue brand
 */
export function darkPalette(theme: BrandTheme, overrides: Partial<Palette> = {}): Palette {
  const tint = theme.colorPrimary;
  const background = overrides.colorBackground ?? mix('#0d1014', tint, 0.08);
  const surface = overrides.colorSurface ?? mix('#191d23', tint, 0.1);
  const grounds = [background, surface];
  const readable = (color: string) => withContrast(color, grounds, TEXT_CONTRAST + MARGIN, '#ffffff');
  const text = overrides.colorText ?? mix('#f2f4f7', tint, 0.04);
  const primary = overrides.colorPrimary ?? readable(mix(tint, '#ffffff', 0.25));
  const primaryText = overrides.colorPrimaryText ?? (contrastRatio(primary, background) >= contrastRatio(primary, '#ffffff') ? background : '#ffffff');
  return {
    colorPrimary: primary,
    colorPrimaryText: primaryText,
    colorBackground: background,
    colorSurface: surface,
    colorText: text,
    colorMuted: overrides.colorMuted ?? readable(mix('#9aa3ae', tint, 0.08)),
    colorDanger: overrides.colorDanger ?? readable(theme.colorDanger),
    colorSuccess: overrides.colorSuccess ?? readable(theme.colorSuccess),
  };
}

/**
 * The pairs of a palette that carry text, each as [what is read, what it is read on]: text and muted text
 * on the page and on a surface, links (primary), errors (danger) and confirmations (success) on both,
 * and a primary button's label on the button. A unit test holds every brand's to {@link TEXT_CONTRAST}.
 *
 * @example
 * textPairs(lightPalette(brand.theme)).every(([fg, bg]) => contrastRatio(fg, bg) >= 4.5);
 */
export function textPairs(palette: Palette): Array<[string, ColorToken, ColorToken]> {
  const grounds: ColorToken[] = ['colorBackground', 'colorSurface'];
  const readers: ColorToken[] = ['colorText', 'colorMuted', 'colorPrimary', 'colorDanger', 'colorSuccess'];
  const pairs: Array<[string, ColorToken, ColorToken]> = readers.flatMap((reader) =>
    grounds.map((ground): [string, ColorToken, ColorToken] => [`${reader} on ${ground}`, reader, ground]),
  );
  pairs.push(['colorPrimaryText on colorPrimary', 'colorPrimaryText', 'colorPrimary']);
  pairs.push(['colorSurface on colorDanger (a danger button)', 'colorSurface', 'colorDanger']);
  return pairs.filter(([, fg, bg]) => palette[fg] !== undefined && palette[bg] !== undefined);
}
