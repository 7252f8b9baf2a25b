import type { Brand } from '../../generated/entities.ts';
import { applyTheme } from '../theme/apply-theme.ts';
import { registerBrandFonts, type BrandFonts } from '../theme/brand-fonts.ts';
import { startColorScheme, type ColorSchemeController, type DarkSchemeQuery } from '../theme/color-scheme.ts';
import { darkPalette, lightPalette } from '../theme/palettes.ts';

/**
 * The brand this page is for. The server writes the configured brand id into
 * `<meta name="brand" content="…">`; when the tag is missing, still holds the `%BRAND%` placeholder
 * (the Vite dev server does not replace it) or names an unknown brand, the first brand is used.
 *
 * @example
 * chosenBrandId(document, ['aplus', 'paxum']); // 'paxum' under <meta name="brand" content="paxum">
 */
export function chosenBrandId<Id extends string>(doc: Document, brandIds: readonly [Id, ...Id[]]): Id {
  const named = doc.querySelector<HTMLMetaElement>('meta[name="brand"]')?.content;
  return brandIds.find((id) => id === named) ?? brandIds[0];
}

/** Where the page's look comes from besides the brand: its fonts, the remembered theme, the system's scheme. */
export interface PresentBrandOptions {
  /** The brand's shipped fonts (virtual:brand-fonts); without them the brand's stack is used as written. */
  fonts?: BrandFonts;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** `(prefers-color-scheme: dark)`; without it (no window) the light palette shows. */
  media?: DarkSchemeQuery;
}

const NO_STORAGE = { getItem: () => null, setItem: () => undefined };
const NEVER_DARK = { matches: false, addEventListener: () => undefined };

/**
 * Dresses the page in the brand: theme tokens as CSS custom properties (the light or the dark palette,
 * as the person or the system chose), the brand's fonts, the project name as the title, the logo as the
 * icon. Returns the colour scheme, for the theme switcher.
 *
 * @example
 * const colorScheme = presentBrand(document, brand, logoUrl, { fonts, storage: localStorage, media: matchMedia('(prefers-color-scheme: dark)') });
 */
export function presentBrand(doc: Document, brand: Brand, logoUrl: string, options: PresentBrandOptions = {}): ColorSchemeController {
  const root = doc.documentElement;
  applyTheme(brand.theme, root);
  if (options.fonts) {
    registerBrandFonts(options.fonts, doc.fonts);
    root.style.setProperty('--font-family', options.fonts.fontFamily);
  }
  const colorScheme = startColorScheme(
    { light: lightPalette(brand.theme), dark: darkPalette(brand.theme, brand.darkTheme) },
    { root, storage: options.storage ?? NO_STORAGE, media: options.media ?? NEVER_DARK },
  );
  doc.title = brand.projectName;
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.append(icon);
  }
  icon.href = logoUrl;
  return colorScheme;
}
