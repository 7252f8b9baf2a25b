import { createContext, useContext, useId, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_PREFERENCES, type ColorSchemeController, type ThemePreference } from './color-scheme.ts';

const ColorSchemeContext = createContext<ColorSchemeController | null>(null);

/**
 * Hands the page's colour scheme (src/theme/color-scheme.ts) to the theme switchers below it.
 *
 * @example
 * <ColorSchemeProvider controller={presentBrand(document, brand, logoUrl)}>…</ColorSchemeProvider>
 */
export function ColorSchemeProvider({ controller, children }: { controller: ColorSchemeController; children: ReactNode }) {
  return <ColorSchemeContext.Provider value={controller}>{children}</ColorSchemeContext.Provider>;
}

const labels: Record<ThemePreference, string> = { system: 'layout.themeSystem', light: 'layout.themeLight', dark: 'layout.themeDark' };

/**
 * A labelled select of the theme: as the system says, light or dark. The choice applies at once and is
 * remembered on this device; without a {@link ColorSchemeProvider} above it, it shows nothing.
 *
 * @example
 * <ThemeSwitcher />
 */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const controller = useContext(ColorSchemeContext);
  const preference = useSyncExternalStore(
    (listener) => controller?.subscribe(listener) ?? (() => undefined),
    () => controller?.preference() ?? 'system',
  );
  if (!controller) return null;
  return (
    <div className="theme-switcher">
      <label htmlFor={id}>{t('layout.theme')}</label>
      <select id={id} value={preference} onChange={(event) => controller.choose(event.target.value as ThemePreference)}>
        {THEME_PREFERENCES.map((choice) => (
          <option key={choice} value={choice}>
            {t(labels[choice])}
          </option>
        ))}
      </select>
    </div>
  );
}
