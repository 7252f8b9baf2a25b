import type { RouteValue, RouteValues } from './types';

/** One address a route with listed values answers: the route with its parameter filled, and what that value sets. */
export interface RouteVariant {
  /** The route with the listed parameter written out: `/exports/csv` for `/exports/:format`. */
  path: string;
  /** The listed value (`csv`); absent for a route without `routeValues`. */
  value?: string;
  /** The i18n key of the screen's title at this address, if the value names one. */
  title?: string;
  /** The i18n key of the screen's description at this address, if the value names one. */
  description?: string;
  /** What the screen reads as route parameters here: the parameter itself and the value's `params`. */
  params: Record<string, string>;
}

/**
 * The addresses a route answers: the route itself, or, with `routeValues` (one route parameter whose values
 * are listed), one address per listed value, with the title, description and parameters that value sets.
 * Kept free of React: codegen reads it too, so that the build checks the very addresses the router draws.
 *
 * @example
 * ```ts
 * routeVariants('/exports/:format', { format: { csv: { title: 'exports.csv', params: { mediaType: 'text/csv' } } } });
 * // [{ path: '/exports/csv', value: 'csv', title: 'exports.csv', params: { format: 'csv', mediaType: 'text/csv' } }]
 * routeVariants('/home'); // [{ path: '/home', params: {} }]
 * ```
 */
export function routeVariants(route: string, routeValues?: RouteValues): RouteVariant[] {
  const [param, values] = Object.entries(routeValues ?? {})[0] ?? [];
  if (param === undefined || values === undefined) return [{ path: route, params: {} }];
  return Object.entries(values).map(([value, set]: [string, RouteValue]) => ({
    path: route
      .split('/')
      .map((part) => (part === `:${param}` ? encodeURIComponent(value) : part))
      .join('/'),
    value,
    ...(set.title ? { title: set.title } : {}),
    ...(set.description ? { description: set.description } : {}),
    params: { ...set.params, [param]: value },
  }));
}

/** One more address of a screen, drawn in its own layout behind its own guard (a spec's `alsoAt` entry). */
export interface AlsoAt {
  /** Appended to the screen's id (`<id>-<suffix>`): the id of the screen drawn at this address. */
  suffix: string;
  route: string;
  layout: string;
  /** The guard at this address; none when left out (the screen's own guard is not inherited). */
  guard?: string;
  /** i18n keys of the title and description here; the screen's own when left out. */
  title?: string;
  description?: string;
  /** Parts of the spec that differ here, merged into it: objects key by key, anything else replaced. */
  set?: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `base` with `changes` merged in: an object merges key by key, however deep; a list or a plain value
 * replaces what was there. Neither argument is changed.
 *
 * @example
 * mergedSpecPart({ submit: { method: 'a', label: 'x' } }, { submit: { method: 'b' } }); // { submit: { method: 'b', label: 'x' } }
 */
export function mergedSpecPart(base: Json, changes: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    const current = merged[key];
    merged[key] = isObject(current) && isObject(value) ? mergedSpecPart(current, value) : structuredClone(value);
  }
  return merged;
}

/**
 * The specs a screen spec stands for: itself (without `alsoAt`), then one per `alsoAt` entry, the same
 * screen at another route, in another layout, behind another guard, with the parts listed in `set` changed
 * (the same wizard signed in and signed out, calling a different method). The screen's guard and `nav`
 * entry stay with its own address. Kept free of React: codegen
 * expands specs with it, and each spec it answers is checked and drawn as a screen of its own.
 *
 * @example
 * specsAt({ id: 'signup', route: '/signup', layout: 'external', title: 't', alsoAt: [{ suffix: 'more', route: '/more', layout: 'main', guard: 'signedIn' }] });
 * // [{ id: 'signup', route: '/signup', layout: 'external', title: 't' },
 * //  { id: 'signup-more', route: '/more', layout: 'main', guard: 'signedIn', title: 't' }]
 */
export function specsAt(spec: Json & { alsoAt?: AlsoAt[] }): Json[] {
  const { alsoAt, ...own } = spec;
  const others = (alsoAt ?? []).map(({ suffix, route, layout, guard, title, description, set }) => {
    // Neither the guard nor a menu entry carries over: each address names its own (`set: { nav: … }`).
    const { guard: _guard, nav: _nav, ...unguarded } = own;
    const placed: Json = {
      ...unguarded,
      id: `${String(own.id)}-${suffix}`,
      route,
      layout,
      ...(guard ? { guard } : {}),
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
    };
    return set ? mergedSpecPart(placed, set) : placed;
  });
  return [own, ...others];
}
