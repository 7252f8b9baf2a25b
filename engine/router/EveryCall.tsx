import { useMemo, type ReactNode } from 'react';
import { EngineProvider, useEngine } from '../provider/EngineProvider';
import type { EngineOptions } from '../provider/types';
import type { ScreenSpec } from '../spec/types';
import { useRouteParams } from './RouteValues';

/**
 * The request fields a screen's `everyCall.routeParams` takes from the address (request field -> route
 * parameter), e.g. `{ accessKey: 'key' }` on `/shared/:key` answers `{ accessKey: 'X1' }` for `/shared/X1`.
 * A parameter the address lacks is left out.
 *
 * @example
 * ```ts
 * everyCallParams({ routeParams: { accessKey: 'key' } }, { key: 'X1' }); // { accessKey: 'X1' }
 * ```
 */
export function everyCallParams(everyCall: ScreenSpec['everyCall'], params: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const bound: Record<string, string> = {};
  for (const [field, param] of Object.entries(everyCall?.routeParams ?? {})) {
    const value = params[param];
    if (value !== undefined && value !== '') bound[field] = value;
  }
  return bound;
}

/**
 * Gives every call made on the screen (its data, forms, live values, option lists, buttons, second
 * factors) the request fields `spec.everyCall` takes from the address, over what the call itself sends (the
 * address is what the screen is about).
 * The screen gets a cache of its own answers, so an address with another value never shows an answer
 * asked with the one before. A screen without `everyCall` is drawn as it is.
 *
 * @example
 * ```tsx
 * <EveryCall spec={spec}><Kind spec={spec} /></EveryCall>
 * ```
 */
export function EveryCall({ spec, children }: { spec: ScreenSpec; children: ReactNode }) {
  if (!spec.everyCall) return children;
  return <BoundCalls everyCall={spec.everyCall}>{children}</BoundCalls>;
}

function BoundCalls({ everyCall, children }: { everyCall: NonNullable<ScreenSpec['everyCall']>; children: ReactNode }) {
  const options = useEngine();
  const params = useRouteParams();
  const bound = everyCallParams(everyCall, params);
  const signature = JSON.stringify(bound);
  const boundOptions = useMemo<EngineOptions>(() => {
    const fields = JSON.parse(signature) as Record<string, string>;
    return { ...options, callMethod: (method, request) => options.callMethod(method, { ...request, ...fields }) };
  }, [options, signature]);
  return (
    <EngineProvider key={signature} options={boundOptions}>
      {children}
    </EngineProvider>
  );
}
