import { Outlet, ScrollRestoration, createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { fillPath } from '../data/paths';
import { EngineProvider } from '../provider/EngineProvider';
import type { EngineOptions } from '../provider/types';
import { fetchWizardRules } from '../kinds/wizard/registeredRules';
import { hasFormSchemas } from '../schema-form/formSchemas';
import { routeVariants, type RouteVariant } from '../spec/routeValues';
import type { LayoutName, ScreenEntry, ScreenSpec } from '../spec/types';
import { LoadingIndicator, NavigationProgress } from '../ui/Progress';
import { loadKind } from './kinds';
import type { ScreenHandle } from './LayoutRoute';
import { LayoutRoute } from './LayoutRoute';
import { loadPrecompiledValidators, loadSpec } from './loadSpec';
import { NotFoundRoute } from './NotFound';
import { RouteError } from './RouteError';
import { RouteValuesContext } from './RouteValues';
import { ScreenView } from './ScreenView';

const LAYOUT_ORDER: readonly LayoutName[] = ['external', 'restricted', 'clear', 'main'];

/** The layout the catch-all 404 renders in: the plainest shell, which needs no signed-in user. */
const NOT_FOUND_LAYOUT: LayoutName = 'clear';

function specFile(entry: ScreenEntry): string {
  return `screens/${entry.id}.yaml`;
}

/**
 * Fails early, when the routes are built, on what would otherwise fail on the first visit of a screen:
 * a layout or guard the application did not register, or two screens on one route.
 */
function checkEntries(options: EngineOptions): void {
  const routes = new Map<string, string>();
  for (const entry of options.screens) {
    if (!options.layouts[entry.layout]) {
      throw new Error(`${specFile(entry)} uses layout "${entry.layout}", which the application has not registered. Add it to EngineOptions.layouts.`);
    }
    if (entry.guard && !options.guards[entry.guard]) {
      throw new Error(
        `${specFile(entry)} uses guard "${entry.guard}", which the application has not registered. Add it to EngineOptions.guards, or fix the name in the spec.`,
      );
    }
    for (const { path } of routeVariants(entry.route, entry.routeValues)) {
      const other = routes.get(path);
      if (other) {
        throw new Error(`${specFile(entry)} and screens/${other}.yaml both use route "${path}". Give one of them another route.`);
      }
      routes.set(path, entry.id);
    }
  }
}

/**
 * Runs before a screen renders: its guard, which may send the user elsewhere, then its `redirect`.
 * Throwing `redirect()` from the loader means a guarded screen never renders, not even for one frame.
 */
function screenLoader(entry: ScreenEntry, options: EngineOptions, variant: RouteVariant) {
  return async ({ request, params: addressParams }: LoaderFunctionArgs) => {
    const params = { ...addressParams, ...variant.params };
    const url = new URL(request.url);
    const guard = entry.guard ? options.guards[entry.guard] : undefined;
    if (guard) {
      const target = await guard({ pathname: url.pathname, search: url.search, params });
      if (target) throw redirect(target);
    }
    if (entry.redirect) throw redirect(fillPath(entry.redirect, params) ?? entry.redirect);
    return null;
  };
}

/**
 * The routes of one screen: one, or with `routeValues` one per listed value (`/exports/csv`, `/exports/pdf`),
 * each drawing the spec with that value's title and description and reading its parameters; an address
 * with any other value matches none of them and gets the not-found page.
 */
function screenRoutes(entry: ScreenEntry, options: EngineOptions): RouteObject[] {
  return routeVariants(entry.route, entry.routeValues).map((variant) => screenRoute(entry, options, variant));
}

/** A spec as drawn at one listed value of its `routeValues`: that value's title and description. */
function variantSpec(spec: ScreenSpec, variant: RouteVariant): ScreenSpec {
  if (variant.value === undefined) return spec;
  return { ...spec, title: variant.title ?? spec.title, ...(variant.description ? { description: variant.description } : {}) };
}

function screenRoute(entry: ScreenEntry, options: EngineOptions, variant: RouteVariant): RouteObject {
  const handle: ScreenHandle = { screen: { id: entry.id, title: variant.title ?? entry.title, layout: entry.layout } };
  const route: RouteObject = {
    id: variant.value === undefined ? `screen:${entry.id}` : `screen:${entry.id}:${variant.value}`,
    path: variant.path,
    handle,
    loader: screenLoader(entry, options, variant),
    ErrorBoundary: RouteError,
  };
  // A redirect screen never renders, so its spec and kind are never fetched.
  if (entry.redirect || !entry.kind) return { ...route, Component: null };
  const kind = entry.kind;
  return {
    ...route,
    lazy: async () => {
      try {
        const [loaded, Kind, validators] = await Promise.all([loadSpec(entry), loadKind(kind), loadPrecompiledValidators(entry)]);
        const spec = variantSpec(loaded, variant);
        // Answer rules registered as `{ load }` come with the wizard that names them, so it opens with them.
        const rules = fetchWizardRules(spec, options.answerRules);
        if (hasFormSchemas(spec)) {
          // The form code the screen's forms need beyond plain fields (lists, choices), and, for an entry
          // codegen did not write (no precompiled validators), ajv's compiler: fetched before the screen
          // opens, so that its forms draw at once.
          await import('../schema-form/SchemaForm').then((module) =>
            Promise.all([module.preloadFormParts(spec), entry.validators ? undefined : module.loadCompilingValidator()]),
          );
        }
        await rules;
        if (variant.value === undefined) return { Component: () => <ScreenView spec={spec} Kind={Kind} validators={validators} /> };
        return {
          Component: () => (
            <RouteValuesContext value={variant.params}>
              <ScreenView spec={spec} Kind={Kind} validators={validators} />
            </RouteValuesContext>
          ),
        };
      } catch (error) {
        // A failed lazy() leaves the route unresolved, and the router then renders nothing below the root;
        // a component that throws instead reaches the route's ErrorBoundary, which offers a reload.
        return {
          Component: () => {
            throw error;
          },
        };
      }
    },
  };
}

function notFoundRoute(): RouteObject {
  const handle: ScreenHandle = { screen: { id: 'not-found', title: 'engine.notFound.title', layout: NOT_FOUND_LAYOUT } };
  return { id: 'engine:not-found', path: '*', handle, Component: NotFoundRoute };
}

function EngineRoot({ options }: { options: EngineOptions }) {
  return (
    <EngineProvider options={options}>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </EngineProvider>
  );
}

function InitialLoading() {
  return (
    <div className="eng-initial-loading">
      <LoadingIndicator />
    </div>
  );
}

/**
 * Turns screen entries into data-router routes. Screens are grouped under a route per layout, whose element
 * is the application's shell for it. Each screen route runs its guard and `redirect` in its loader, and
 * loads its spec, its kind's code and the precompiled validators of its forms lazily, in parallel. Until the
 * first screen is ready a progress indicator shows; later navigations show a progress bar. Paths no screen matches get an accessible 404
 * (or the application's `notFound`) unless a spec has route `*`.
 *
 * Throws at once if a screen names a layout or guard the application did not register.
 *
 * @example
 * ```tsx
 * const router = createMemoryRouter(createScreenRoutes(options), { initialEntries: ['/login'] });
 * render(<RouterProvider router={router} />);
 * ```
 */
export function createScreenRoutes(options: EngineOptions): RouteObject[] {
  checkEntries(options);
  const hasCatchAll = options.screens.some((entry) => entry.route === '*');
  const layoutRoutes: RouteObject[] = [];
  for (const layout of LAYOUT_ORDER) {
    const children = options.screens.filter((entry) => entry.layout === layout).flatMap((entry) => screenRoutes(entry, options));
    if (!hasCatchAll && layout === NOT_FOUND_LAYOUT) children.push(notFoundRoute());
    if (children.length === 0) continue;
    const shell = options.layouts[layout];
    if ('load' in shell) {
      // A shell the application fetches on demand: the router waits for it with the screen's own code.
      const load = shell.load;
      layoutRoutes.push({
        id: `layout:${layout}`,
        lazy: async () => {
          const Layout = await load();
          return { Component: () => <LayoutRoute layout={layout} Layout={Layout} /> };
        },
        children,
      });
    } else {
      layoutRoutes.push({ id: `layout:${layout}`, element: <LayoutRoute layout={layout} Layout={shell} />, children });
    }
  }
  return [
    {
      id: 'engine',
      element: <EngineRoot options={options} />,
      HydrateFallback: InitialLoading,
      ErrorBoundary: RouteError,
      children: layoutRoutes,
    },
  ];
}

/**
 * A browser router over {@link createScreenRoutes}; `routerOptions` (e.g. `basename`) go to
 * `createBrowserRouter`.
 *
 * @example
 * ```tsx
 * const router = createScreenRouter(options);
 * createRoot(el).render(<I18nextProvider i18n={i18n}><RouterProvider router={router} /></I18nextProvider>);
 * ```
 */
export function createScreenRouter(options: EngineOptions, routerOptions?: Parameters<typeof createBrowserRouter>[1]): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(createScreenRoutes(options), routerOptions);
}
