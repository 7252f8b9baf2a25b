import { describe, expect, it } from 'vitest';
import type { Brand } from '../../generated/entities.ts';
import { brandIds, loadBrand } from '../../generated/brands.ts';
import { contrastRatio, mix, relativeLuminance } from './contrast.ts';
import { darkPalette, lightPalette, TEXT_CONTRAST, textPairs, type Palette } from './palettes.ts';

const brands: Brand[] = await Promise.all(brandIds.map((id) => loadBrand[id]()));

describe('contrastRatio', () => {
  it('is WCAG 2.2: 21 for black on white, 1 for a colour on itself, the same both ways', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0b5cad', '#0b5cad')).toBe(1);
    // The WCAG example: #767676 on white is the lightest grey that passes AA for body text.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBe(contrastRatio('#767676', '#ffffff'));
  });

  it('mixes in sRGB as CSS color-mix does', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#0b5cad', '#ffffff', 0)).toBe('#0b5cad');
    expect(relativeLuminance('#ffffff')).toBe(1);
  });
});

/** Each text pair of a palette below the bar, as 'pair: ratio', so a failure names what to fix. */
const failing = (palette: Palette) =>
  textPairs(palette)
    .map(([name, fg, bg]) => [name, contrastRatio(palette[fg], palette[bg])] as const)
    .filter(([, ratio]) => ratio < TEXT_CONTRAST)
    .map(([name, ratio]) => `${name}: ${ratio.toFixed(2)}`);

describe.each(brands.map((brand) => [brand.id, brand] as const))('the %s brand', (_id, brand) => {
  it('reads at 4.5:1 or more in its light theme (text, muted, links, errors, confirmations, button labels)', () => {
    expect(failing(lightPalette(brand.theme))).toEqual([]);
  });

  it('reads at 4.5:1 or more in its dark theme', () => {
    expect(failing(darkPalette(brand.theme, brand.darkTheme))).toEqual([]);
  });

  it('is dark in its dark theme: dark backgrounds under light text', () => {
    const dark = darkPalette(brand.theme, brand.darkTheme);
    expect(relativeLuminance(dark.colorBackground)).toBeLessThan(0.05);
    expect(relativeLuminance(dark.colorSurface)).toBeLessThan(0.08);
    expect(relativeLuminance(dark.colorText)).toBeGreaterThan(0.7);
  });
});

describe('darkPalette', () => {
  const theme = brands.find((brand) => brand.id === 'paxum')!.theme;

  it('keeps each colour the brand wrote for its dark theme', () => {
    expect(darkPalette(theme, { colorBackground: '#000000', colorPrimary: '#99ccff' })).toMatchObject({ colorBackground: '#000000', colorPrimary: '#99ccff' });
  });

  it("derives the rest from the light theme: the primary lightened, keeping the brand's hue", () => {
    const dark = darkPalette(theme);
    expect(relativeLuminance(dark.colorPrimary)).toBeGreaterThan(relativeLuminance(theme.colorPrimary));
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(dark.colorPrimary.slice(at, at + 2), 16)) as [number, number, number];
    // paxum is blue: blue stays the strongest channel.
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
  });

  it('still reads when a light theme has a primary too dark to be lightened a little', () => {
    expect(failing(darkPalette({ ...theme, colorPrimary: '#000010', colorDanger: '#200000', colorSuccess: '#002000' }))).toEqual([]);
  });
});
