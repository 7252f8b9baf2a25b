import { createContext, use, useMemo } from 'react';
import { useParams } from 'react-router';

/** The route parameters a listed value of `routeValues` sets (the parameter itself and the value's `params`). */
export const RouteValuesContext = createContext<Readonly<Record<string, string>>>({});

/**
 * The route parameters of the open screen: the address's, and at an address of a listed value
 * (`routeValues`) the parameter and the values it sets, as if the address held them. Every part of the
 * engine that reads the address (data sources, submits, buttons, live values, `everyCall`, custom screens'
 * `params`) reads it through this hook.
 *
 * @example
 * ```tsx
 * // on /exports/csv of a spec with route /exports/:format and routeValues { format: { csv: { params: { mediaType: text/csv } } } }
 * const params = useRouteParams(); // { format: 'csv', mediaType: 'text/csv' }
 * ```
 */
export function useRouteParams(): Readonly<Record<string, string | undefined>> {
  const params = useParams();
  const values = use(RouteValuesContext);
  // The same object while neither changes: effects that depend on the parameters run once per address.
  return useMemo(() => (Object.keys(values).length === 0 ? params : { ...params, ...values }), [params, values]);
}
