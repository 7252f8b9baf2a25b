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
  // Contrast, in the light and the dark theme: src/theme/palettes.test.ts.
});
