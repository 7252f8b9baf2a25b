import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from './create-i18n.ts';
import { isLanguage, languageNames, serverLanguage, type Language } from './languages.ts';

/**
 * A labelled select of the brand's languages. The choice applies at once and is remembered; a brand
 * with one language shows nothing, as there is nothing to choose.
 *
 * @example
 * <LanguageSwitcher languages={brand.languages} />
 */
export function LanguageSwitcher({ languages }: { languages: readonly Language[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  if (languages.length < 2) return null;
  return (
    <div className="language-switcher">
      <label htmlFor={id}>{t('layout.language')}</label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          const language = event.target.value;
          if (isLanguage(language)) void chooseLanguage(i18n, language);
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={serverLanguage(language)}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
