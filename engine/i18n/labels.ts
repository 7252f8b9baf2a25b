import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { JsonSchema } from '../spec/types';

/**
 * The label of a field: `fields.<name>` from the application's resources, else the schema title, else the
 * name itself, so that a field an analyst adds shows up readable before anyone translates it.
 *
 * @example
 * ```ts
 * fieldLabel(t, 'firstName', { title: 'First name' }); // t('fields.firstName', { defaultValue: 'First name' })
 * ```
 */
export function fieldLabel(t: TFunction, field: string, schema?: JsonSchema, labelKey?: string): string {
  if (labelKey) return t(labelKey);
  return t(`fields.${field}`, { defaultValue: schema?.title ?? field });
}

/**
 * The label of one value of an enumerated field (a status, a type): `enums.<field>.<value>`, else the value.
 *
 * @example
 * ```ts
 * enumLabel(t, 'status', 'pending'); // 'Pending' when enums.status.pending is translated
 * ```
 */
export function enumLabel(t: TFunction, field: string, value: unknown): string {
  return t(`enums.${field}.${String(value)}`, { defaultValue: String(value) });
}

/**
 * The BCP 47 locale for `Intl` from an i18next language. The product calls Ukrainian `ua`, which is a
 * country code; `Intl` needs `uk`.
 *
 * @example
 * ```ts
 * intlLocale('ua'); // 'uk'
 * ```
 */
export function intlLocale(language: string | undefined): string {
  if (!language || language === 'cimode') return 'en';
  return language === 'ua' ? 'uk' : language;
}

/**
 * The `Intl` locale of the current i18next language.
 *
 * @example
 * ```ts
 * const locale = useIntlLocale(); // 'uk' while the app is in ua
 * ```
 */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return intlLocale(i18n.resolvedLanguage ?? i18n.language);
}
