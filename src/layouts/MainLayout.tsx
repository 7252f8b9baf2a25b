import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { LayoutProps, NavItem } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher.tsx';
import { ActingChip } from '../navigation/ActingChip.tsx';
import { MoreMenu } from '../navigation/MoreMenu.tsx';
import { NavIcon } from '../navigation/NavIcon.tsx';
import { ThemeSwitcher } from '../theme/ThemeSwitcher.tsx';
import { BrandLogo } from './BrandLogo.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import { VerificationBanner } from '../verification/VerificationBanner.tsx';
import { CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { ViewingBanner } from '../admin/ViewingBanner.tsx';
import { ApprovalsNavItem } from '../approvals/ApprovalsNavItem.tsx';
import { NotificationsNavItem } from '../notifications/NotificationsNavItem.tsx';
import { CompanyNavItems } from '../business/CompanyNavItems.tsx';
import { representativeNavigation } from '../business/representative-access.ts';
import { useCustomer } from '../session/customer-store.ts';

const NAV_ID = 'main-navigation';
const TOOLS_ID = 'main-tools';

/** The first row never holds more than this many entries: the rest go under "More", so it never wraps. */
export const MAX_PRIMARY_ENTRIES = 6;

/**
 * The entries of the first row and of "More": the specs' `placement`, and past the sixth primary entry
 * (by order) the rest move under "More" too.
 *
 * @example
 * const { primary, more } = splitNavigation(navItems);
 */
export function splitNavigation(navItems: readonly NavItem[]): { primary: NavItem[]; more: NavItem[]; bar: NavItem[] } {
  const sorted = [...navItems].sort((a, b) => a.order - b.order);
  const primary = sorted.filter((item) => item.placement !== 'more').slice(0, MAX_PRIMARY_ENTRIES);
  const more = sorted.filter((item) => !primary.includes(item));
  return { primary, more, bar: sorted.filter((item) => item.bar) };
}

/**
 * The shell of the main area: a header with the logo, the navigation (at most six entries, the rest
 * under "More"), whom the customer acts as, the language, the theme and sign-out, and on phones a bar of the main
 * entries at the bottom. Below the laptop width the navigation folds behind a menu button and closes
 * again on every move. A representative (document 002 section 6) sees only the entries they may follow: the
 * company documents.
 */
export function MainLayout({ navItems, children }: LayoutProps) {
  const { t } = useTranslation();
  const { brand, customer } = useApp();
  const representativeOnly = useCustomer(customer)?.representativeOnly === true;
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  const { primary, more, bar } = splitNavigation(representativeOnly ? representativeNavigation(navItems) : navItems);

  return (
    <div className="layout-main" data-bar={bar.length > 0}>
      <SkipLink />
      <ViewingBanner />
      <header className="app-header" data-open={menuOpen}>
        <BrandLogo />
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls={`${NAV_ID} ${TOOLS_ID}`}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? t('layout.closeMenu') : t('layout.menu')}
        </button>
        <nav id={NAV_ID} className="main-nav" aria-label={t('layout.mainNavigation')}>
          <ul className="main-nav__primary">
            {primary.map((item) => (
              <li key={item.id}>
                <NavLink to={item.route}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
          <MoreMenu
            items={more}
            extra={
              <>
                {!representativeOnly && <ApprovalsNavItem />}
                <CompanyNavItems />
              </>
            }
          />
        </nav>
        <ActingChip />
        {/* Outside the folding tools: the bell and its unread count stay in the header at every width. */}
        <NotificationsNavItem />
        <div id={TOOLS_ID} className="app-header__tools">
          <LanguageSwitcher languages={brand.languages} />
          <ThemeSwitcher />
          <SignOutButton />
        </div>
      </header>
      <VerificationBanner />
      <main id={CONTENT_ID} tabIndex={-1} className="page-content">
        {children}
      </main>
      {bar.length > 0 && (
        <nav className="tab-bar" aria-label={t('layout.quickNavigation')}>
          <ul>
            {bar.map((item) => (
              <li key={item.id}>
                <NavLink to={item.route}>
                  <NavIcon name={item.icon} />
                  <span className="tab-bar__label">{item.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
