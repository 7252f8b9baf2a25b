import type { LayoutProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher.tsx';
import { ThemeSwitcher } from '../theme/ThemeSwitcher.tsx';
import { BrandLogo } from './BrandLogo.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import { CONTENT_ID, SkipLink } from './SkipLink.tsx';

/**
 * The shell of a signed-in user who may not use the main area yet (identity checks, company documents,
 * admin overview): the brand, the language and a way out, but no navigation.
 */
export function RestrictedLayout({ children }: LayoutProps) {
  const { brand } = useApp();
  return (
    <div className="layout-restricted">
      <SkipLink />
      <header className="app-header">
        <BrandLogo />
        <div className="app-header__tools">
          <LanguageSwitcher languages={brand.languages} />
          <ThemeSwitcher />
          <SignOutButton />
        </div>
      </header>
      <main id={CONTENT_ID} tabIndex={-1} className="page-content">
        {children}
      </main>
    </div>
  );
}
