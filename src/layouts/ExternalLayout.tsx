import { useTranslation } from 'react-i18next';
import type { LayoutProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher.tsx';
import { ThemeSwitcher } from '../theme/ThemeSwitcher.tsx';
import { BrandLogo } from './BrandLogo.tsx';
import { CONTENT_ID, SkipLink } from './SkipLink.tsx';

/** The public shell (sign-in and the other screens for visitors): a centred card under the brand's logo. */
export function ExternalLayout({ children }: LayoutProps) {
  const { t } = useTranslation();
  const { brand } = useApp();
  return (
    <div className="layout-external">
      <SkipLink />
      <header className="layout-external__header">
        <BrandLogo />
        <LanguageSwitcher languages={brand.languages} />
      </header>
      <main id={CONTENT_ID} tabIndex={-1} className="layout-external__card">
        {children}
      </main>
      <footer className="layout-external__footer">
        <p>
          {t('layout.support')} <a href={`mailto:${brand.support.defaultEmail}`}>{brand.support.defaultEmail}</a>
        </p>
        <ThemeSwitcher />
      </footer>
    </div>
  );
}
