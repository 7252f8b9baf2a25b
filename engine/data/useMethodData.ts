import { useEffect, useSyncExternalStore } from 'react';
import useSWR, { type SWRResponse } from 'swr';
import { useSearchParams } from 'react-router';
import { useEngine } from '../provider/EngineProvider';
import type { ValueStore } from '../provider/types';
import type { BoundParams, DataSource } from '../spec/types';
import { matchesWhen } from '../spec/when';
import { getPath } from './paths';
import { useRouteParams } from '../router/RouteValues';

/**
 * The params of a call described by a {@link DataSource}: its fixed `params`, then the route parameters it
 * names in `routeParams`, then the query parameters it names in `queryParams` (left out when the address
 * has none), then `extra` (paging, sorting, filters), later ones winning.
 *
 * @example
 * ```ts
 * requestParams({ method: 'orderList', params: { active: true }, routeParams: { storeId: 'storeId' } }, { storeId: '7' });
 * // { active: true, storeId: '7' }
 * requestParams({ method: 'ticketList', queryParams: { ticketNumber: 'ticket' } }, {}, {}, new URLSearchParams('ticket=12'));
 * // { ticketNumber: '12' }
 * ```
 */
export function requestParams(
  source: DataSource,
  routeParams: Record<string, string | undefined>,
  extra: Record<string, unknown> = {},
  query: URLSearchParams = new URLSearchParams(),
): Record<string, unknown> {
  return { ...source.params, ...boundParams(source, routeParams, query), ...extra };
}

/**
 * The request fields a call takes from the address: `routeParams` and `queryParams` map a request field
 * to the parameter's name; a query parameter the address lacks (or has empty) is left out.
 *
 * @example
 * ```ts
 * boundParams({ routeParams: { ticketNumber: 'id' } }, { id: '7' }, new URLSearchParams()); // { ticketNumber: '7' }
 * ```
 */
export function boundParams(
  bound: BoundParams,
  routeParams: Record<string, string | undefined>,
  query: URLSearchParams = new URLSearchParams(),
): Record<string, unknown> {
  const fromAddress: Record<string, unknown> = {};
  for (const [field, paramName] of Object.entries(bound.routeParams ?? {})) {
    fromAddress[field] = routeParams[paramName];
  }
  for (const [field, paramName] of Object.entries(bound.queryParams ?? {})) {
    const value = query.get(paramName);
    if (value !== null && value !== '') fromAddress[field] = value;
  }
  return fromAddress;
}

/** The SWR key of a method call: the method and its params, so that different pages are cached apart. */
export type MethodKey = readonly [method: string, params: Record<string, unknown>];

/**
 * Loads the answer of a declared method through SWR, keyed by method and params (route and query
 * parameters included, so another address is another answer). `source` undefined means nothing to load
 * (a form without initial data). With `refreshEvery` it loads again at that interval while the page is
 * visible; with `refreshOn` it loads again at each live event of those topics (`EngineOptions.liveEvents`).
 *
 * @example
 * ```ts
 * const { data, error, isLoading, mutate } = useMethodData(spec.detail.data, { pageNumber: 1 });
 * ```
 */
export function useMethodData(
  source: DataSource | undefined,
  extra?: Record<string, unknown>,
  config?: { keepPreviousData?: boolean },
): SWRResponse<unknown, unknown> {
  const { callMethod, stores, liveEvents } = useEngine();
  const routeParams = useRouteParams();
  const [query] = useSearchParams();
  const key: MethodKey | null = source?.method ? [source.method, requestParams(source, routeParams, extra, query)] : null;
  const answer = useSWR(key, ([method, params]: MethodKey) => callMethod(method, params), {
    ...config,
    ...(source?.refreshEvery ? { refreshInterval: refreshInterval(source) } : {}),
  });
  const { mutate } = answer;
  const topics = source?.refreshOn?.join(' ') ?? '';
  useEffect(() => {
    if (!topics || !liveEvents) return undefined;
    const stops = topics.split(' ').map((topic) => liveEvents.subscribe(topic, () => void mutate()));
    return () => stops.forEach((stop) => stop());
  }, [topics, liveEvents, mutate]);
  const store = source?.store ? storeNamed(stores, source.store) : NO_STORE;
  const kept = useSyncExternalStore(store.subscribe, store.current);
  return source?.store ? storeAnswer(kept) : answer;
}

/**
 * SWR's interval for a source with `refreshEvery`: that many milliseconds, or with `refreshWhile` only while
 * the latest data (`path` applied) meets it, and none once it no longer does (a job has ended).
 *
 * @example
 * ```ts
 * refreshInterval({ method: 'jobStatus', refreshEvery: 2000, refreshWhile: { field: 'state', in: ['running'] } })({ state: 'done' }); // 0
 * ```
 */
export function refreshInterval(source: DataSource): number | ((latest: unknown) => number) {
  const every = source.refreshEvery ?? 0;
  const keepWhile = source.refreshWhile;
  if (!keepWhile) return every;
  return (latest) => {
    const data = source.path ? getPath(latest, source.path) : latest;
    return latest !== undefined && matchesWhen(keepWhile, data) ? every : 0;
  };
}

const NO_STORE: ValueStore = { current: () => undefined, subscribe: () => () => undefined };

function storeNamed(stores: Record<string, ValueStore> | undefined, name: string): ValueStore {
  const store = stores?.[name];
  if (!store) {
    throw new Error(
      `A screen spec reads the store "${name}", which the application has not registered. Add it to EngineOptions.stores, or fix the name in the spec.`,
    );
  }
  return store;
}

/**
 * A store's value as an SWR answer, so every kind reads it as it reads a method's: never loading, never
 * failing; the store itself says when it changes, so a reload only answers the value it holds.
 */
function storeAnswer(value: unknown): SWRResponse<unknown, unknown> {
  // A store with nothing in it reads as an empty answer, not as one still loading.
  const data = value ?? {};
  return { data, error: undefined, isLoading: false, isValidating: false, mutate: async () => data };
}
