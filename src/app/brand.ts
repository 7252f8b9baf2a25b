import type { Brand } from '../../generated/entities.ts';
import { applyTheme } from '../theme/apply-theme.ts';

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

/**
 * Dresses the page in the brand: theme tokens as CSS custom properties, the project name as the title,
 * the logo as the icon.
 *
 * @example
 * presentBrand(document, brand, logoUrl);
 */
export function presentBrand(doc: Document, brand: Brand, logoUrl: string): void {
  applyTheme(brand.theme, doc.documentElement);
  doc.title = brand.projectName;
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.append(icon);
  }
  icon.href = logoUrl;
}
