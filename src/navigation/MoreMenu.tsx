import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { NavItem } from '../../engine/index.ts';
import { NavIcon } from './NavIcon.tsx';

/** Whether `pathname` is `route` or a page under it. */
const isUnder = (pathname: string, route: string) => pathname === route || pathname.startsWith(`${route}/`);

/**
 * The navigation's secondary entries behind a "More" disclosure button (WAI-ARIA disclosure pattern):
 * the button says whether the list is open; Escape closes it and gives the focus back to the button, as
 * do a click elsewhere, the focus leaving it and every move. The button is marked while the page open is
 * one of its entries. `extra` holds entries the application adds itself (list items). On phones the
 * stylesheet shows the list as part of the folded menu and hides the button.
 *
 * @example
 * <MoreMenu items={more} extra={<ApprovalsNavItem />} />
 */
export function MoreMenu({ items, extra }: { items: readonly NavItem[]; extra?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape anywhere while the list is open, as a disclosure menu is expected to close.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const current = items.some((item) => isUnder(pathname, item.route));
  return (
    <div
      ref={root}
      className="more-menu"
      data-open={open}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="more-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        data-current={current}
        onClick={() => setOpen((was) => !was)}
      >
        {t('layout.more')}
        <svg className="more-menu__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4.5 6 8.5 10 4.5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={listId} className="more-menu__list">
        {items.map((item) => (
          <li key={item.id}>
            <NavLink to={item.route}>
              <NavIcon name={item.icon} />
              {item.label}
            </NavLink>
          </li>
        ))}
        {extra}
      </ul>
    </div>
  );
}
