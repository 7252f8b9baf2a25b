import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { actionParams } from '../actions/ActionBar';
import { fillPath } from '../data/paths';
import { useEngine } from '../provider/EngineProvider';
import type { ScreenSpec } from '../spec/types';

/**
 * Where an address carrying the spec's `queryRedirect` parameter goes instead of the screen: `to` with
 * `:<param>` filled with the value, or `null` (no parameter, an empty one, or one `pattern` refuses).
 *
 * @example
 * ```ts
 * queryRedirectTarget({ param: 'ticket', to: '/tickets/:ticket', pattern: '[0-9]+' }, new URLSearchParams('ticket=7'));
 * // '/tickets/7'
 * ```
 */
export function queryRedirectTarget(redirect: ScreenSpec['queryRedirect'], query: URLSearchParams): string | null {
  if (!redirect) return null;
  const value = query.get(redirect.param);
  if (value === null || value === '') return null;
  if (redirect.pattern !== undefined && !new RegExp(`^(?:${redirect.pattern})$`).test(value)) return null;
  return fillPath(redirect.to, { [redirect.param]: value });
}

/**
 * Calls the spec's `onOpen` method once each time the screen opens at an address (mark read, record a
 * view), with `':name'` params filled from the route, then has every answer on the screen load again. A
 * refusal is left unsaid: the call records a side matter, and the screen shows what it loaded.
 *
 * @example
 * ```ts
 * useCallOnOpen(spec); // spec.onOpen: { method: 'ticketMarkRead', params: { ticketNumber: ':ticketNumber' } }
 * ```
 */
export function useCallOnOpen(spec: Pick<ScreenSpec, 'onOpen'>): void {
  const { callMethod } = useEngine();
  const routeParams = useParams();
  const { pathname } = useLocation();
  const { mutate } = useSWRConfig();
  const calledFor = useRef<string | null>(null);
  const onOpen = spec.onOpen;
  useEffect(() => {
    // Once per opening: React's development double effects and re-renders must not call twice.
    if (!onOpen || calledFor.current === pathname) return;
    calledFor.current = pathname;
    callMethod(onOpen.method, actionParams(onOpen.params, routeParams))
      .then(() => mutate(() => true))
      .catch(() => undefined);
  }, [onOpen, pathname, routeParams, callMethod, mutate]);
}
