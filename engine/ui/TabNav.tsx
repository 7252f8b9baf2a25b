import { useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TabGroup } from '../spec/types';

/**
 * Screens that belong together as a row of tabs: links, the open one marked `aria-current="page"`, in a
 * `nav` named by the group's label. A spec gets one by naming a group (`tabs: settings`); a custom screen
 * of the same group draws the same component, so every screen of it looks alike.
 *
 * @example
 * ```tsx
 * <TabNav group={{ label: 'settings.tabs', items: [{ label: 'settings.password', to: '/settings/password' }] }} />
 * ```
 */
export function TabNav({ group }: { group: TabGroup }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the row scrolls sideways: bring the open tab into view, so the reader sees where they are.
  useLayoutEffect(() => {
    const row = list.current;
    const open = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && open) row.scrollLeft = open.offsetLeft - row.offsetLeft - (row.clientWidth - open.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav className="eng-tabs" aria-label={t(group.label)}>
      <ul ref={list}>
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end>
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
