import { documentBrand } from './brand.ts';
import { requestLanguage, type Language } from '../../i18n/texts.ts';

export { renderDocument, type DocumentBlock, type DocumentColumn, type DocumentSpec } from './render.ts';
export { formatDate, localeTexts, requestLanguage, type Language, type Texts } from '../../i18n/texts.ts';

/** Who a document is written for: the brand issuing it and the reader's language. */
export interface DocumentAudience {
  brand: string;
  language: Language;
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
  return { brand: brand.id, language: requestLanguage(source.acceptLanguage, brand.defaultLanguage) };
}
