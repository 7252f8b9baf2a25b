import { useCallback, useEffect, useRef, useState } from 'react';
import { useApp } from './app-context.tsx';

/**
 * Data a custom screen loads on open and reloads after a change. A failure goes to the error popup and
 * leaves `failed` set, so the screen can say so instead of spinning; a screen that says the failure in its
 * own words passes `{ popup: false }`, so the server's wording (a validator's, in English) never shows.
 *
 * @example
 * const { data, reload } = useLoaded(() => rpc('customerLimitReasonGet', {}));
 */
export function useLoaded<T>(
  load: () => Promise<T>,
  { popup = true }: { popup?: boolean } = {},
): { data: T | undefined; setData: (data: T) => void; reload: () => Promise<void>; failed: boolean } {
  const { feedback } = useApp();
  const [data, setData] = useState<T>();
  const [failed, setFailed] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  const reload = useCallback(async () => {
    try {
      setData(await loadRef.current());
      setFailed(false);
    } catch (error) {
      setFailed(true);
      if (popup) feedback.showError(error);
    }
  }, [feedback, popup]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, setData, reload, failed };
}
