import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { firstFamily, planBrandFonts, SHIPPED_WEIGHTS } from './brand-fonts.ts';

const brand = (fontFamily: string, languages = ['en', 'ru']) => ({ id: 'testbank', languages, theme: { fontFamily } });

describe('planBrandFonts', () => {
  it("ships the brand's first family in the weights used, for latin, latin-ext and cyrillic, from its @fontsource package", () => {
    const plan = planBrandFonts(brand("'Inter', system-ui, sans-serif"));
    expect(plan.faces).toHaveLength(3 * SHIPPED_WEIGHTS.length);
    expect(new Set(plan.faces.map((face) => face.subset))).toEqual(new Set(['latin', 'latin-ext', 'cyrillic']));
    expect(new Set(plan.faces.map((face) => face.weight))).toEqual(new Set([400, 600, 700]));
    for (const face of plan.faces) {
      expect(face.family).toBe('Inter');
      expect(face.file.split(path.sep).slice(-3).join('/')).toBe(`inter/files/inter-${face.subset}-${face.weight}-normal.woff2`);
      expect(face.unicodeRange).toMatch(/^U\+/);
    }
    // Cyrillic letters are in the cyrillic face's range, and not in latin's.
    expect(plan.faces.find((face) => face.subset === 'cyrillic')!.unicodeRange).toContain('U+0400-045F');
    expect(plan.faces.find((face) => face.subset === 'latin')!.unicodeRange).not.toContain('U+0400');
  });

  it('preloads the regular latin face and puts a size-adjusted fallback right after the font', () => {
    const plan = planBrandFonts(brand("'Inter', system-ui, sans-serif"));
    expect(plan.preload).toMatchObject({ subset: 'latin', weight: 400 });
    expect(plan.fontFamily).toBe("'Inter', 'Inter Fallback', system-ui, sans-serif");
    expect(plan.fallback).toMatchObject({ family: 'Inter Fallback' });
    expect(plan.fallback!.src).toContain("local('Arial')");
    expect(plan.fallback!.src).toContain("local('Liberation Sans')");
    // Inter is wider than Arial: the fallback is scaled up to take the same room.
    expect(Number.parseFloat(plan.fallback!.sizeAdjust)).toBeGreaterThan(100);
  });

  it('falls back to a serif for a serif font', () => {
    const plan = planBrandFonts(brand("'Source Serif 4', Georgia, serif"));
    expect(plan.fallback!.src).toContain("local('Times New Roman')");
    expect(plan.fallback!.src).toContain("local('Liberation Serif')");
  });

  it('ships nothing for a system font', () => {
    expect(planBrandFonts(brand("Georgia, 'Times New Roman', serif"))).toMatchObject({
      faces: [],
      preload: null,
      fontFamily: "Georgia, 'Times New Roman', serif",
    });
  });

  it('says which package to install for a font that is not shipped', () => {
    expect(() => planBrandFonts(brand("'Comic Neue', sans-serif"))).toThrow(/@fontsource\/comic-neue is not installed.*npm install @fontsource\/comic-neue/);
  });

  it('refuses a font without Cyrillic for a brand offering Russian or Ukrainian, and takes it otherwise', () => {
    expect(() => planBrandFonts(brand("'Work Sans', sans-serif", ['en', 'ua']))).toThrow(/'Work Sans' has no Cyrillic/);
    const plan = planBrandFonts(brand("'Work Sans', sans-serif", ['en', 'es']));
    expect(new Set(plan.faces.map((face) => face.subset))).toEqual(new Set(['latin', 'latin-ext']));
  });
});

describe('firstFamily', () => {
  it('unquotes the first family of a stack', () => {
    expect(firstFamily("'IBM Plex Sans', system-ui")).toBe('IBM Plex Sans');
    expect(firstFamily('"Nunito", sans-serif')).toBe('Nunito');
    expect(firstFamily('Georgia, serif')).toBe('Georgia');
  });
});
