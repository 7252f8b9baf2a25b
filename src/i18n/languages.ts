/** The interface languages of the product (document 000 section 1), as the application names them. */
export const languages = ['en', 'es', 'pt', 'ro', 'ru', 'ua'] as const;

export type Language = (typeof languages)[number];

/**
 * Each language's name in that language: a reader who cannot read the current language still finds
 * their own in the switcher.
 */
export const languageNames: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  ro: 'Română',
  ru: 'Русский',
  ua: 'Українська',
};

/** Where the chosen language is kept between visits. */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * The code the server and the browser understand for a language. The product calls Ukrainian `ua`
 * (its historical menu code); the server, `Accept-Language` and `<html lang>` need the ISO code `uk`.
 *
 * @example
 * serverLanguage('ua'); // 'uk'
 * serverLanguage('ro'); // 'ro'
 */
export function serverLanguage(language: string): string {
  return language === 'ua' ? 'uk' : language;
}

/** Tells whether a string is one of the product's languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * The language to start in: the one the user chose before if the brand still offers it, else the
 * brand's default.
 *
 * @example
 * initialLanguage({ languages: ['en', 'es'], defaultLanguage: 'en' }, localStorage); // 'es' after choosing Spanish
 */
export function initialLanguage(brand: { languages: readonly Language[]; defaultLanguage: Language }, storage: Pick<Storage, 'getItem'>): Language {
  const stored = storage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) && brand.languages.includes(stored) ? stored : brand.defaultLanguage;
}
