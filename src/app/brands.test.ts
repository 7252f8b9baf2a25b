import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import brandSchema from '../../schemas/entities/brand.schema.json';
import type { Brand } from '../../generated/entities.ts';
import { languages } from '../i18n/languages.ts';

const brands = Object.entries(import.meta.glob<Brand>('../../brands/*/brand.json', { eager: true, import: 'default' })).map(([file, brand]) => ({
  folder: /brands\/([^/]+)\//.exec(file)![1]!,
  brand,
}));
const logos = Object.keys(import.meta.glob('../../brands/*/*.svg', { query: '?raw' }));

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(brandSchema);

describe('brands', () => {
  it('are the six of document 002', () => {
    expect(brands.map(({ folder }) => folder).sort()).toEqual(['aplus', 'fundstr', 'fundstruab', 'paxum', 'paxumbank', 'paydek']);
  });

  it.each(brands)('$folder is valid against brand.schema.json and named after its folder', ({ folder, brand }) => {
    expect(validate(brand), JSON.stringify(validate.errors)).toBe(true);
    expect(brand.id).toBe(folder);
    expect(brand.$schema).toBe('../../schemas/entities/brand.schema.json');
    expect(logos).toContain(`../../brands/${folder}/${brand.logo}`);
  });

  it.each(brands)('$folder offers product languages, its default among them', ({ brand }) => {
    expect(brand.languages.every((language) => (languages as readonly string[]).includes(language))).toBe(true);
    expect(brand.languages).toContain(brand.defaultLanguage);
  });

  it('has exactly two brands with only English and Spanish', () => {
    const englishAndSpanish = brands.filter(({ brand }) => [...brand.languages].sort().join() === 'en,es');
    expect(englishAndSpanish.map(({ folder }) => folder).sort()).toEqual(['aplus', 'fundstr']);
    const others = brands.filter(({ brand }) => !englishAndSpanish.some((b) => b.brand === brand));
    for (const { brand } of others) expect([...brand.languages].sort()).toEqual([...languages].sort());
  });

  it('disallows registration for paydek, fundstruab and fundstr only', () => {
    const closed = brands.filter(({ brand }) => !brand.allowRegistration).map(({ folder }) => folder);
    expect(closed.sort()).toEqual(['fundstr', 'fundstruab', 'paydek']);
  });

  it('gives every brand its own name, theme and support address on an example domain', () => {
    expect(new Set(brands.map(({ brand }) => brand.projectName)).size).toBe(brands.length);
    expect(new Set(brands.map(({ brand }) => brand.theme.colorPrimary)).size).toBe(brands.length);
    for (const { brand } of brands) expect(brand.support.defaultEmail).toMatch(/@[a-z0-9.-]+\.example$/);
  });

  it.each(brands)('$folder has WCAG AA contrast for its text', ({ brand: { theme } }) => {
    expect(contrast(theme.colorText, theme.colorBackground)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.colorText, theme.colorSurface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.colorMuted, theme.colorBackground)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.colorPrimaryText, theme.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.colorPrimary, theme.colorSurface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.colorDanger, theme.colorSurface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.colorSuccess, theme.colorSurface)).toBeGreaterThanOrEqual(4.5);
  });
});
