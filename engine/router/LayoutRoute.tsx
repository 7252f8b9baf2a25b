import { useMemo, useSyncExternalStore, type ComponentType } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEngine } from '../provider/EngineProvider';
import type { LayoutProps, NavItem, ValueStore } from '../provider/types';
import type { LayoutName } from '../spec/types';
import { matchesWhen } from '../spec/when';

/** What each screen route carries in its `handle`: enough for the shell before the spec has loaded. */
export interface ScreenHandle {
  screen: { id: string; title: string; layout: LayoutName };
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && 'screen' in handle;
}

/** A store that never changes, for an application without live facts. */
const NO_LIVE_FACTS: ValueStore = { current: () => undefined, subscribe: () => () => undefined };

/**
 * The main navigation: every screen with `nav` whose `nav.when` the application's facts meet (its live facts
 * laid over them), by `nav.order`, labels translated (`nav.label`, else the screen title), each with its
 * `placement` (primary or more) and whether the phone's bottom `bar` shows it.
 *
 * @example
 * ```ts
 * const navItems = useNavItems();
 * ```
 */
export function useNavItems(): NavItem[] {
  const { screens, facts, liveFacts = NO_LIVE_FACTS } = useEngine();
  const live = useSyncExternalStore(liveFacts.subscribe, liveFacts.current);
  const { t } = useTranslation();
  return useMemo(() => {
    const known = typeof live === 'object' && live !== null ? { ...facts, ...live } : (facts ?? {});
    return screens
      .filter((entry) => entry.nav && matchesWhen(entry.nav.when, known))
      .map((entry) => ({
        id: entry.id,
        route: entry.route,
        label: t(entry.nav?.label ?? entry.title),
        order: entry.nav?.order ?? 0,
        placement: entry.nav?.placement ?? 'primary',
        bar: entry.nav?.bar ?? false,
        ...(entry.nav?.icon ? { icon: entry.nav.icon } : {}),
      }))
      .sort((a, b) => a.order - b.order);
  }, [screens, facts, live, t]);
}

/**
 * The element of a layout route: the application's shell for that layout, told which screen is open, with
 * the screen inside it.
 *
 * @example
 * ```tsx
 * { element: <LayoutRoute layout="main" Layout={MainShell} />, children: [...] }
 * ```
 */
export function LayoutRoute({ layout, Layout }: { layout: LayoutName; Layout: ComponentType<LayoutProps> }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const navItems = useNavItems();
  const handle = [...matches].reverse().find((match) => isScreenHandle(match.handle))?.handle as ScreenHandle | undefined;
  const screen = handle?.screen ?? { id: '', title: '', layout };
  return (
    <Layout screen={{ ...screen, title: screen.title ? t(screen.title) : '' }} navItems={navItems}>
      <Outlet />
    </Layout>
  );
}
