/**
 * The catalogue's plan: every route of the screen specs (`screens/*.yaml`) and the states worth a picture,
 * each with the user who sees it and the address that shows it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { routeVariants } from '../../engine/spec/routeValues.ts';
import type { RouteValues } from '../../engine/spec/types.ts';

/**
 * - `signed out`: a visitor without a session;
 * - `loaded`: the demo customer with data (`admin@` on admin screens);
 * - `business`: the demo business user acting for its company;
 * - `empty`: a customer registered a moment ago, with nothing yet;
 * - `error`: an address whose parameters name nothing, seen by the demo customer (by a visitor on pages
 *   for visitors, such as a link from an e-mail).
 */
export type ScreenState = 'signed out' | 'loaded' | 'business' | 'empty' | 'error';

/** Who looks at a page: nobody, a demo sign-in, or the customer registered for the run. */
export type Viewer = 'nobody' | 'personal@example.com' | 'business@example.com' | 'admin@example.com' | 'new customer';

export interface PlannedScreen {
  id: string;
  /** The spec's route, e.g. `/cards/:accountId/load`. */
  route: string;
  guard: string;
  states: ScreenState[];
}

/** Guards of pages meant for visitors without a session. */
const VISITOR_GUARDS = new Set(['anonymous', 'registrationOpen']);
/** Guards of pages that only make sense in the middle of a flow: seen both without and with a session. */
const FLOW_GUARDS = new Set(['signInPending', 'loginResult', 'authSecret', 'seiAuthorize']);

/** The parameters of a route (`:accountId`, and `*` as `*`). */
export const routeParameters = (route: string): string[] => route.split('/').filter((part) => part.startsWith(':') || part === '*');

/** The states that matter for one screen. */
export function statesOf(route: string, guard: string): ScreenState[] {
  const hasParameters = routeParameters(route).some((part) => part !== '*');
  if (VISITOR_GUARDS.has(guard) || !guard) return hasParameters ? ['error'] : ['signed out'];
  if (FLOW_GUARDS.has(guard)) return ['signed out', 'loaded'];
  if (guard === 'admin') return hasParameters ? ['loaded', 'error'] : ['loaded'];
  if (hasParameters) return ['loaded', 'error'];
  return ['loaded', 'business', 'empty'];
}

/** Who sees a screen in a state. */
export function viewerOf(screen: PlannedScreen, state: ScreenState): Viewer {
  if (state === 'signed out' || ((VISITOR_GUARDS.has(screen.guard) || !screen.guard) && state === 'error')) return 'nobody';
  if (state === 'business') return 'business@example.com';
  if (state === 'empty') return 'new customer';
  return screen.guard === 'admin' ? 'admin@example.com' : 'personal@example.com';
}

/**
 * The routes of one spec to picture: its route, or for a route whose values are listed (`routeValues`) each
 * listed address as a page of its own, and the route with a value not listed, which is the not-found page.
 *
 * @example
 * routesOf('mass-rail', '/transfer/mass/:rail', 'authenticated', { rail: { wire: {}, eft: {} } });
 * // [{ route: '/transfer/mass/wire', states: ['loaded', 'business', 'empty'] …}, { route: '/transfer/mass/eft' … },
 * //  { route: '/transfer/mass/:rail', states: ['error'] … }]
 */
export function routesOf(id: string, route: string, guard: string, routeValues?: RouteValues): PlannedScreen[] {
  if (!routeValues) return [{ id, route, guard, states: statesOf(route, guard) }];
  const listed = routeVariants(route, routeValues).map((variant) => ({ id, route: variant.path, guard, states: statesOf(variant.path, guard) }));
  return [...listed, { id, route, guard, states: statesOf(route, guard).filter((state) => state === 'error') }];
}

/** Every screen with a route, in the order of its route. `only` keeps the routes it names. */
export function plannedScreens(root: string, only?: readonly string[]): PlannedScreen[] {
  const folder = path.join(root, 'screens');
  const screens: PlannedScreen[] = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.yaml'))) {
    const spec = parse(readFileSync(path.join(folder, file), 'utf8')) as { id?: string; route?: string; guard?: string; routeValues?: RouteValues };
    if (!spec.route || !spec.id) continue;
    for (const planned of routesOf(spec.id, spec.route, spec.guard ?? '', spec.routeValues)) {
      if (!only || only.includes(planned.route)) screens.push(planned);
    }
  }
  return screens.sort((a, b) => a.route.localeCompare(b.route));
}

/** A pattern matching the addresses of a route with parameters (`/cards/:accountId` matches `/cards/12`). */
export function routePattern(route: string): RegExp {
  const parts = route.split('/').map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/?#]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`);
}

/** An address of the route whose parameters name nothing: a number for ids, a word for the rest. */
export function brokenAddress(route: string): string {
  return route
    .split('/')
    .map((part) => (part === '*' ? '' : part.startsWith(':') ? (/id$/i.test(part) ? '999999999' : 'no-such-link') : part))
    .join('/')
    .replace(/\/$/, '');
}

/** The address of a route without parameters (a trailing `*` dropped). */
export const plainAddress = (route: string): string => route.replace(/\/\*$/, '') || '/';
