import type { Brand } from '../../generated/entities.ts';

/** The brand's design tokens, as brand.json spells them. */
export type BrandTheme = Brand['theme'];

/** Which CSS custom property carries each token; stylesheets only ever read these. */
export const THEME_PROPERTIES: Record<keyof BrandTheme, string> = {
  colorPrimary: '--color-primary',
  colorPrimaryText: '--color-primary-text',
  colorBackground: '--color-background',
  colorSurface: '--color-surface',
  colorText: '--color-text',
  colorMuted: '--color-muted',
  colorDanger: '--color-danger',
  colorSuccess: '--color-success',
  radius: '--radius',
  fontFamily: '--font-family',
};

/**
 * Writes a brand's theme tokens to CSS custom properties on `root`, so one stylesheet serves every brand.
 *
 * @example
 * applyTheme(brand.theme);
 * getComputedStyle(document.documentElement).getPropertyValue('--color-primary'); // '#0b5cad'
 */
export function applyTheme(theme: BrandTheme, root: HTMLElement = document.documentElement): void {
  for (const [token, property] of Object.entries(THEME_PROPERTIES) as Array<[keyof BrandTheme, string]>) {
    root.style.setProperty(property, theme[token]);
  }
}
