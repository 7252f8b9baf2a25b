import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { LayoutProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher.tsx';
import { ThemeSwitcher } from '../theme/ThemeSwitcher.tsx';
import { CompanySwitcher } from '../navigation/CompanySwitcher.tsx';
import { customerName, useCustomer } from '../session/customer-store.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import { VerificationBanner } from '../verification/VerificationBanner.tsx';
import { CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { ViewingBanner } from '../admin/ViewingBanner.tsx';
import { ApprovalsNavItem } from '../approvals/ApprovalsNavItem.tsx';

const NAV_ID = 'main-navigation';

/**
 * The shell of the main area: a header with the logo, the navigation, the language, the customer's name
 * and sign-out. On phones the navigation folds behind a menu button and closes again on every move.
 */
export function MainLayout({ navItems, children }: LayoutProps) {
  const { t } = useTranslation();
  const { brand, customer } = useApp();
  const signedIn = useCustomer(customer);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="layout-main">
      <SkipLink />
      <ViewingBanner />
      <header className="app-header">
        <BrandLogo />
        <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls={NAV_ID} onClick={() => setMenuOpen((open) => !open)}>
          {menuOpen ? t('layout.closeMenu') : t('layout.menu')}
        </button>
        <nav id={NAV_ID} className="main-nav" aria-label={t('layout.mainNavigation')} data-open={menuOpen}>
          <ul>
            {[...navItems]
              .sort((a, b) => a.order - b.order)
              .map((item) => (
                <li key={item.id}>
                  <NavLink to={item.route}>{item.label}</NavLink>
                </li>
              ))}
            <ApprovalsNavItem />
          </ul>
          <div className="app-header__tools">
            <LanguageSwitcher languages={brand.languages} />
            <ThemeSwitcher />
            <CompanySwitcher />
            {signedIn && (
              <span className="customer-name">
                <span className="visually-hidden">{t('layout.signedInAs')} </span>
                {customerName(signedIn)}
              </span>
            )}
            <SignOutButton />
          </div>
        </nav>
      </header>
      <VerificationBanner />
      <main id={CONTENT_ID} tabIndex={-1} className="page-content">
        {children}
      </main>
    </div>
  );
}
