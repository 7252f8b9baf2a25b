import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import localeLoaders from 'virtual:locales';
import { createLocaleBackend } from './locale-backend.ts';
import { maskedCardNumber } from '../../schemas/rules/card-number.ts';
import { formatMoney, formatNumber, intlLocale } from '../../engine/index.ts';
import { initialLanguage, LANGUAGE_STORAGE_KEY, serverLanguage, type Language } from './languages.ts';

/** What the translations need to know about the brand. */
export interface BrandLanguages {
  projectName: string;
  languages: Language[];
  defaultLanguage: Language;
}

/**
 * Starts i18next for one brand: only the brand's languages are allowed, the user's earlier choice wins
 * over the brand default, and only the active language's texts are downloaded, as one JSON file (no fallback language,
 * because every locale is complete and a fallback would mean a second download). Every text may say
 * `{{projectName}}`, the brand's name (the document title does).
 *
 * @example
 * const i18n = await createI18n(brand);
 * i18n.t('screens.home.title'); // 'Home'
 */
export async function createI18n(brand: BrandLanguages, storage: Pick<Storage, 'getItem'> = localStorage): Promise<i18n> {
  const instance = i18next.createInstance();
  // <html lang> drives screen-reader pronunciation and hyphenation, so it follows every change.
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = serverLanguage(language);
  });
  await instance
    .use(createLocaleBackend(localeLoaders))
    .use(initReactI18next)
    .init({
      lng: initialLanguage(brand, storage),
      supportedLngs: brand.languages,
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      // React escapes what it renders; escaping here too would show entities on screen.
      interpolation: { escapeValue: false, defaultVariables: { projectName: brand.projectName } },
      react: { useSuspense: false },
    });
  addAppFormats(instance);
  return instance;
}

/**
 * The formats the application's texts use besides i18next's own: `region`, `money` (below) and
 * `accountName`: an account (`{{account, accountName}}`) by the name its holder gave it, else by its kind
 * ("Payment"), as the account selects say it; `cardName`: a card (`{{card, cardName}}`) by the name its
 * holder gave it, else by its product, as its tile says it; `maskedCard`: a card number as typed shown
 * as the product shows its own cards, its first six and last four digits only ("4111 11•• •••• 1111",
 * schemas/rules/card-number.ts's masking); `iban`: an IBAN in its print form, groups of four ("DE89 3704
 * 0044 0532 0130 00", ISO 13616), so a narrow screen wraps it between groups, never inside one; `decimal`: an exact decimal such as an
 * exchange rate (`{{value, decimal}}`), exactly, with the language's separators.
 *
 * @example
 * addAppFormats(i18n); // then t('x', …) may say {{countryCode, region}}, {{total, money}}
 */
export function addAppFormats(instance: i18n): void {
  instance.services.formatter?.add('accountName', (value: unknown) => {
    const account = (typeof value === 'object' && value !== null ? value : {}) as { name?: unknown; type?: unknown };
    if (typeof account.name === 'string' && account.name !== '') return account.name;
    return account.type === undefined ? '' : instance.t(`accounts.typeShort.${String(account.type)}`, { defaultValue: String(account.type) });
  });
  instance.services.formatter?.add('cardName', (value: unknown) => {
    const card = (typeof value === 'object' && value !== null ? value : {}) as { cardAliasName?: unknown; productType?: unknown; productName?: unknown };
    if (typeof card.cardAliasName === 'string' && card.cardAliasName !== '') return card.cardAliasName;
    return instance.t('cards.tile.name', { productType: card.productType, productName: card.productName });
  });
  instance.services.formatter?.add('maskedCard', (value: unknown) =>
    typeof value === 'string' && value.trim() !== ''
      ? (
          maskedCardNumber(value)
            .replace(/\*/g, '•')
            .match(/.{1,4}/g) ?? []
        ).join(' ')
      : '',
  );
  instance.services.formatter?.add('iban', (value: unknown) => (typeof value === 'string' ? ibanPrintForm(value) : ''));
  instance.services.formatter?.add('region', regionName);
  // An exact decimal (an exchange rate, '0.786050' → '0,78605' in es) with the language's separators, never rounded as a float.
  instance.services.formatter?.add('decimal', (value: unknown, language: string | undefined) => formatNumber(value, intlLocale(language ?? 'en')));
  instance.services.formatter?.add('money', (value, language, options: { currencyCode?: unknown }) => moneyText(value, options.currencyCode, language));
}

/**
 * The `region` format: a country code named in the interface language (`{{countryCode, region}}` says
 * "Portugal", "Portugalia"), so a text never shows a bare ISO code; a code Intl does not know stays as it is.
 *
 * @example
 * regionName('PT', 'ua'); // 'Португалія'
 */
export function regionName(value: unknown, language: string | undefined): string {
  const code = String(value ?? '');
  try {
    return new Intl.DisplayNames([serverLanguage(language ?? 'en')], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Switches the interface language and remembers the choice for the next visit.
 *
 * @example
 * await chooseLanguage(i18n, 'ua'); // texts in Ukrainian, requests say Accept-Language: uk
 */
export async function chooseLanguage(instance: i18n, language: Language, storage: Pick<Storage, 'setItem'> = localStorage): Promise<void> {
  await instance.changeLanguage(language);
  storage.setItem(LANGUAGE_STORAGE_KEY, language);
}

/**
 * The `money` format: an amount in the currency the same text's `currencyCode` names, as the reader's
 * language writes it (`{{total, money}}` with `currencyCode: 'USD'` says "$120.60"); without a currency,
 * the amount as it is.
 *
 * @example
 * moneyText('120.60', 'USD', 'en'); // '$120.60'
 */
export function moneyText(value: unknown, currencyCode: unknown, language: string | undefined): string {
  const amount = String(value ?? '');
  if (amount === '' || typeof currencyCode !== 'string' || currencyCode === '') return amount;
  return formatMoney(amount, currencyCode, intlLocale(language ?? 'en'));
}

/**
 * An IBAN in its print form (ISO 13616): upper case, in groups of four characters separated by spaces,
 * where a line may break; a group of four always fits, so none is cut.
 *
 * @example
 * ibanPrintForm('de89370400440532013000'); // 'DE89 3704 0044 0532 0130 00'
 */
export function ibanPrintForm(iban: string): string {
  return (
    iban
      .replace(/\s+/g, '')
      .toUpperCase()
      .match(/.{1,4}/g) ?? []
  ).join(' ');
}
