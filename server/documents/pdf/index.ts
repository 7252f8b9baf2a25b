import { documentBrand } from './brand.ts';
import { documentLanguage, type DocumentLanguage } from './texts.ts';

export { renderDocument, type DocumentBlock, type DocumentColumn, type DocumentSpec } from './render.ts';
export { documentDate, documentTexts, documentLanguage, type DocumentLanguage, type DocumentTexts } from './texts.ts';

/** Who a document is written for: the brand issuing it and the reader's language. */
export interface DocumentAudience {
  brand: string;
  language: DocumentLanguage;
}

/**
 * The audience of a document asked for in a request: the server's brand, and the language the request's
 * Accept-Language names (the application sends the one the customer reads), else the brand's default.
 * Without a request (a webhook, a seed), the server's brand in its default language.
 *
 * @example
 * const audience = documentAudience(ctx); // { brand: 'paxum', language: 'ru' }
 */
export function documentAudience(source: { brand?: string; acceptLanguage?: string } = {}): DocumentAudience {
  const brand = documentBrand(source.brand);
  return { brand: brand.id, language: documentLanguage(source.acceptLanguage, brand.defaultLanguage) };
}
