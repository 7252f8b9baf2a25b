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
