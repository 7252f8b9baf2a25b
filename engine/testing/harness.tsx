import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import en from '../locales/en.json';
import { createScreenRoutes } from '../router/createScreenRoutes';
import type { EngineOptions, LayoutProps } from '../provider/types';
import type { LayoutName, ScreenEntry, ScreenSpec } from '../spec/types';

/**
 * Test harness for engine screens: an i18next instance with the engine's English strings (plus `extra`
 * resources), a layout that marks which shell rendered, spec fixtures shaped like codegen's output, and a
 * memory router over `createScreenRoutes`. Only tests import it.
 */

export function createTestI18n(extra: Record<string, unknown> = {}): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: { ...en, ...extra } } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

function layout(name: LayoutName) {
  return function TestLayout({ screen, navItems, children }: LayoutProps) {
    return (
      <div data-testid={`layout-${name}`} data-screen={screen.id} data-title={screen.title}>
        {navItems.length > 0 && (
          <nav aria-label="Main">
            {navItems.map((item) => (
              <a key={item.id} href={item.route}>
                {item.label}
              </a>
            ))}
          </nav>
        )}
        <main>{children}</main>
      </div>
    );
  };
}

export const testLayouts: EngineOptions['layouts'] = {
  external: layout('external'),
  restricted: layout('restricted'),
  clear: layout('clear'),
  main: layout('main'),
};

/** The `generated/screens.ts` line of a spec. */
export function entryOf(spec: ScreenSpec): ScreenEntry {
  return {
    id: spec.id,
    route: spec.route,
    layout: spec.layout,
    ...(spec.guard ? { guard: spec.guard } : {}),
    ...(spec.redirect ? { redirect: spec.redirect } : {}),
    kind: spec.kind,
    title: spec.title,
    ...(spec.nav ? { nav: spec.nav } : {}),
    ...(spec.routeValues ? { routeValues: spec.routeValues } : {}),
    load: async () => ({ default: spec }),
  };
}

export function testOptions(specs: ScreenSpec[], overrides: Partial<EngineOptions> = {}): EngineOptions {
  return {
    screens: specs.map(entryOf),
    layouts: testLayouts,
    guards: {},
    callMethod: async () => ({}),
    ...overrides,
  };
}

/**
 * Renders the engine's routes in a memory router at `path`.
 *
 * @example
 * ```tsx
 * const { router } = renderScreens(testOptions([loginSpec]), '/login');
 * await screen.findByRole('heading', { name: 'Sign in' });
 * ```
 */
export function renderScreens(options: EngineOptions, path: string, i18n: I18n = createTestI18n()) {
  const router = createMemoryRouter(createScreenRoutes(options), { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { router, ...view };
}
