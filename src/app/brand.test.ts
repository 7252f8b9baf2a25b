import { describe, expect, it } from 'vitest';
import type { Brand } from '../../generated/entities.ts';
import { chosenBrandId, presentBrand } from './brand.ts';

function page(meta?: string): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (meta !== undefined) doc.head.innerHTML = `<meta name="brand" content="${meta}">`;
  return doc;
}

describe('chosenBrandId', () => {
  const ids = ['aplus', 'paxum', 'paydek'] as const;

  it('takes the brand the server named', () => {
    expect(chosenBrandId(page('paxum'), ids)).toBe('paxum');
  });

  it.each([
    ['the placeholder the dev server leaves', page('%BRAND%')],
    ['an unknown brand', page('nobank')],
    ['no meta tag', page()],
  ])('falls back to the first brand for %s', (_case, doc) => {
    expect(chosenBrandId(doc, ids)).toBe('aplus');
  });
});

describe('presentBrand', () => {
  it('writes the theme tokens, the title and the icon', () => {
    const doc = page('paxum');
    const theme: Brand['theme'] = {
      colorPrimary: '#0b5cad',
      colorPrimaryText: '#ffffff',
      colorBackground: '#f4f7fb',
      colorSurface: '#ffffff',
      colorText: '#14213d',
      colorMuted: '#4a5568',
      colorDanger: '#b42318',
      colorSuccess: '#1e7b34',
      radius: '8px',
      fontFamily: 'system-ui',
    };
    presentBrand(doc, { projectName: 'Paxum', theme } as Brand, '/assets/logo.svg');
    const style = doc.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#0b5cad');
    expect(style.getPropertyValue('--color-primary-text')).toBe('#ffffff');
    expect(style.getPropertyValue('--color-muted')).toBe('#4a5568');
    expect(style.getPropertyValue('--radius')).toBe('8px');
    expect(style.getPropertyValue('--font-family')).toBe('system-ui');
    expect(doc.title).toBe('Paxum');
    expect(doc.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href')).toBe('/assets/logo.svg');
  });

  it("shows the brand's dark palette when the system asks for dark, and the shipped font stack", () => {
    const doc = page('paxum');
    const theme = {
      colorPrimary: '#0b5cad',
      colorPrimaryText: '#ffffff',
      colorBackground: '#f4f7fb',
      colorSurface: '#ffffff',
      colorText: '#14213d',
      colorMuted: '#4a5568',
      colorDanger: '#b42318',
      colorSuccess: '#1e7b34',
      radius: '8px',
      fontFamily: "'Inter', sans-serif",
    };
    const brand = { projectName: 'Paxum', theme, darkTheme: { colorBackground: '#0b1422' } } as Brand;
    const fonts = { fontFamily: "'Inter', 'Inter Fallback', sans-serif", fallback: null, faces: [] };
    presentBrand(doc, brand, '/assets/logo.svg', { fonts, media: { matches: true, addEventListener: () => undefined } });
    const style = doc.documentElement.style;
    expect(style.getPropertyValue('--color-background')).toBe('#0b1422');
    expect(style.getPropertyValue('color-scheme')).toBe('dark');
    expect(style.getPropertyValue('--font-family')).toBe("'Inter', 'Inter Fallback', sans-serif");
  });
});
