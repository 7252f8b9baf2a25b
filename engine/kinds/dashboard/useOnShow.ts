import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { actionParams } from '../../actions/ActionBar';
import { useEngine } from '../../provider/EngineProvider';
import type { OnShow } from '../../spec/types';
import { matchesWhen } from '../../spec/when';
import type { Row } from '../table/rows';
import { useRouteParams } from '../../router/RouteValues';

/**
 * Makes a section's `onShow` call once for each item it shows that meets `when` (marking instructions
 * seen, a notice read), with `':name'` params filled from the item, else the route. With `action`, the
 * application action runs instead (a wait for an approval given elsewhere), and its `navigate` is followed. The same call is never
 * made twice while the screen stays open, even as the data reloads. After a success every answer on the
 * screen loads again (a ticket marked read no longer says "new"). A failure is left unsaid: the call
 * records that the reader saw something, and the reader can do nothing about it.
 *
 * @example
 * ```ts
 * useOnShow({ method: 'noticeSeen', params: { id: ':id' }, when: { field: seen, equals: false } }, rows);
 * ```
 */
export function useOnShow(onShow: OnShow | undefined, items: readonly Row[] | undefined, screenId = ''): void {
  const { callMethod, actions } = useEngine();
  const routeParams = useRouteParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const made = useRef(new Set<string>());
  useEffect(() => {
    if (!onShow || !items) return;
    for (const item of items) {
      if (!matchesWhen(onShow.when, item)) continue;
      const params = actionParams(onShow.params, routeParams, item);
      const key = JSON.stringify([onShow.method ?? onShow.action, params]);
      if (made.current.has(key)) continue;
      made.current.add(key);
      if (onShow.action) {
        // An application action (a wait for an approval given elsewhere) says itself what follows: where to go,
        // or a change to a store the screen reads.
        const action = actions?.[onShow.action];
        if (!action)
          throw new Error(
            `A screen spec's onShow names the action "${onShow.action}", which the application has not registered. Add it to EngineOptions.actions.`,
          );
        action(params, { screenId, params: routeParams, navigate: (path) => void navigate(path), callMethod })
          .then((result) => {
            if (result?.navigate) void navigate(result.navigate);
          })
          .catch(() => undefined);
        continue;
      }
      if (!onShow.method) continue;
      callMethod(onShow.method, params)
        .then(() => mutate(() => true))
        .catch(() => undefined);
    }
  }, [onShow, items, routeParams, callMethod, actions, mutate, navigate, screenId]);
}
