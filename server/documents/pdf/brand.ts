import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Brand } from '../../../generated/entities.ts';
import { REPOSITORY_ROOT } from '../../config/config.ts';

/** What a document needs to know about the brand that issues it: its name, letterhead, colours, font and logo. */
export interface DocumentBrand {
  id: string;
  name: string;
  /** Lines under the name in the letterhead: address, phone, e-mail, web. */
  contact: string[];
  supportEmail: string;
  /** Lines at the foot of every page. */
  footerLines: string[];
  colorPrimary: string;
  colorText: string;
  colorMuted: string;
  /** The first family of the brand's CSS font stack ('Inter', 'Georgia'). */
  fontFamily: string;
  /** Whether the font stack ends in a serif family (paxumbank's Georgia). */
  serif: boolean;
  /** The logo's SVG text. */
  logoSvg: string;
  /** How wide the logo is drawn, in points. */
  logoWidth: number;
  languages: readonly string[];
  defaultLanguage: string;
}

const BRANDS_DIR = path.join(REPOSITORY_ROOT, 'brands');
const cache = new Map<string, DocumentBrand>();

/**
 * The brand the server runs as when a document is written outside a request (a webhook, a seed):
 * BRAND as the server's configuration reads it, else paxum.
 */
export function serverBrandId(): string {
  const brand = process.env.BRAND;
  return brand && /^[a-z][a-z0-9]*$/.test(brand) ? brand : 'paxum';
}

/**
 * Reads brands/<id>/brand.json and its logo once.
 *
 * @example
 * documentBrand('paxumbank').fontFamily; // 'Georgia'
 */
export function documentBrand(brandId: string = serverBrandId()): DocumentBrand {
  const known = cache.get(brandId);
  if (known) return known;
  const folder = path.join(BRANDS_DIR, brandId);
  let brand: Brand;
  try {
    brand = JSON.parse(readFileSync(path.join(folder, 'brand.json'), 'utf8')) as Brand;
  } catch (error) {
    throw new Error(`The brand '${brandId}' has no readable brands/${brandId}/brand.json for its documents: ${String((error as Error).message)}`, {
      cause: error,
    });
  }
  const letterhead = brand.letterhead ?? {};
  const stack = brand.theme.fontFamily.split(',').map((family) => family.trim().replace(/^['"]|['"]$/g, ''));
  const loaded: DocumentBrand = {
    id: brandId,
    name: letterhead.name ?? brand.projectName,
    contact: [letterhead.address, letterhead.phone, letterhead.email, letterhead.web].filter((line): line is string => Boolean(line)),
    supportEmail: brand.support.defaultEmail,
    footerLines: letterhead.footerLines ?? [],
    colorPrimary: brand.theme.colorPrimary,
    colorText: brand.theme.colorText,
    colorMuted: brand.theme.colorMuted ?? '#4a5568',
    fontFamily: stack[0] ?? 'Inter',
    serif: stack.at(-1) === 'serif',
    logoSvg: readFileSync(path.join(folder, brand.pdfLogo?.path ?? brand.logo), 'utf8'),
    logoWidth: brand.pdfLogo?.width ?? 160,
    languages: brand.languages,
    defaultLanguage: brand.defaultLanguage,
  };
  cache.set(brandId, loaded);
  return loaded;
}
