import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { actionParams } from '../../actions/ActionBar';
import { useEngine } from '../../provider/EngineProvider';
import type { OnShow } from '../../spec/types';
import { matchesWhen } from '../../spec/when';
import type { Row } from '../table/rows';

/**
 * Makes a section's `onShow` call once for each item it shows that meets `when` (marking instructions
 * seen, a notice read), with `':name'` params filled from the item, else the route. The same call is never
 * made twice while the screen stays open, even as the data reloads. After a success every answer on the
 * screen loads again (a ticket marked read no longer says "new"). A failure is left unsaid: the call
 * records that the reader saw something, and the reader can do nothing about it.
 *
 * @example
 * ```ts
 * useOnShow({ method: 'noticeSeen', params: { id: ':id' }, when: { field: seen, equals: false } }, rows);
 * ```
 */
export function useOnShow(onShow: OnShow | undefined, items: readonly Row[] | undefined): void {
  const { callMethod } = useEngine();
  const routeParams = useParams();
  const { mutate } = useSWRConfig();
  const made = useRef(new Set<string>());
  useEffect(() => {
    if (!onShow || !items) return;
    for (const item of items) {
      if (!matchesWhen(onShow.when, item)) continue;
      const params = actionParams(onShow.params, routeParams, item);
      const key = JSON.stringify([onShow.method, params]);
      if (made.current.has(key)) continue;
      made.current.add(key);
      callMethod(onShow.method, params)
        .then(() => mutate(() => true))
        .catch(() => undefined);
    }
  }, [onShow, items, routeParams, callMethod, mutate]);
}
