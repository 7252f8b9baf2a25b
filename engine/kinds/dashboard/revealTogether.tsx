import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useState } from 'react';

/**
 * How long a dashboard waits for every section's first data before it shows what it has: a slow section then
 * shows its own progress rather than holding the whole screen back.
 */
export const REVEAL_AFTER_MS = 2_000;

/** Sections report here whether they still wait for their first data. */
const SectionLoadingContext = createContext<((id: string, loading: boolean) => void) | null>(null);

/**
 * The dashboard's side: which sections still wait for their first data, and whether the screen is still
 * hidden. A dashboard whose sections each appeared as their data arrived pushed the ones below down each
 * time (layout shift); hidden until all have arrived (or {@link REVEAL_AFTER_MS} has passed), it appears at once.
 *
 * @example
 * const { report, hidden } = useRevealTogether();
 * <SectionLoadingContext value={report}>…</SectionLoadingContext>
 */
export function useRevealTogether(): { report: (id: string, loading: boolean) => void; hidden: boolean } {
  const [loading, setLoading] = useState<ReadonlySet<string>>(() => new Set());
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), REVEAL_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  const report = useCallback(
    (id: string, isLoading: boolean) =>
      setLoading((previous) => {
        if (previous.has(id) === isLoading) return previous;
        const next = new Set(previous);
        if (isLoading) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  return { report, hidden: loading.size > 0 && !timedOut };
}

/** The section's side: says, before the browser paints, whether it still waits for its first data. */
export function useReportLoading(id: string, loading: boolean): void {
  const report = useContext(SectionLoadingContext);
  useLayoutEffect(() => report?.(id, loading), [report, id, loading]);
  useLayoutEffect(() => () => report?.(id, false), [report, id]);
}

export { SectionLoadingContext };
