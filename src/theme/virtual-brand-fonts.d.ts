/** The brands' fonts, planned and emitted at build time by codegen/brand-fonts.ts (a Vite plugin). */
declare module 'virtual:brand-fonts' {
  import type { BrandFonts } from './brand-fonts.ts';

  /** Per brand, a loader of its fonts (its own chunk, so a page never learns another brand's files). */
  export const loadBrandFonts: Record<string, (() => Promise<BrandFonts>) | undefined>;
}
