import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** From this many rows a table draws only the rows near the screen: 10,000 rows took seconds to appear. */
export const VIRTUAL_ROWS_FROM = 200;
/** Rows drawn beyond each edge of the screen, so that a quick scroll seldom shows a gap. */
const OVERSCAN = 10;
/** A row's height until one is measured: one line at the default density. */
const ROW_HEIGHT = 42;

/** The rows to draw, `start` up to but not including `end`, and the height of the rows left out above and below. */
export interface RowWindow {
  start: number;
  end: number;
  before: number;
  after: number;
}

interface Range {
  start: number;
  end: number;
  /** The height the spacers give each row left out. */
  rowHeight: number;
}

/**
 * Which of `count` rows of a table body are near the screen, for a table that draws only those and stands
 * spacers for the rest. Below {@link VIRTUAL_ROWS_FROM} rows it answers `null`: every row is drawn. The
 * window follows the page's scrolling (and any scrolling box around the table) and the size of the screen.
 * Rows left out are taken to be as tall as the drawn ones (those with `aria-rowindex`) were on average
 * when the window last moved, so rows that wrap only make the scroll bar a little approximate.
 *
 * @example
 * ```tsx
 * const body = useRef<HTMLTableSectionElement>(null);
 * const rowWindow = useRowWindow(body, rows.length);
 * const shown = rowWindow ? rows.slice(rowWindow.start, rowWindow.end) : rows;
 * ```
 */
export function useRowWindow(body: RefObject<HTMLElement | null>, count: number): RowWindow | null {
  const enabled = count >= VIRTUAL_ROWS_FROM;
  // Before anything is measured: enough rows to fill the screen from the table's first row down.
  const [range, setRange] = useState<Range>(() => ({
    start: 0,
    end: Math.ceil(window.innerHeight / ROW_HEIGHT) + OVERSCAN,
    rowHeight: ROW_HEIGHT,
  }));
  // What the body shows now, for the measurements between renders.
  const drawnRange = useRef(range);
  drawnRange.current = range;

  useLayoutEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const element = body.current;
      if (!element) return;
      const shown = drawnRange.current;
      const bodyTop = element.getBoundingClientRect().top;
      const drawn = element.querySelectorAll<HTMLElement>(':scope > tr[aria-rowindex]');
      const first = drawn[0]?.getBoundingClientRect().top;
      const last = drawn[drawn.length - 1]?.getBoundingClientRect().bottom;
      const drawnHeight = first !== undefined && last !== undefined && last > first ? { top: first - bodyTop, bottom: last - bodyTop } : null;
      const rowHeight = drawnHeight ? (drawnHeight.bottom - drawnHeight.top) / drawn.length : shown.rowHeight;
      /** The row at `y` pixels below the body's top, counting the spacers as the rows they stand for. */
      const rowAt = (y: number) => {
        if (!drawnHeight || y < drawnHeight.top) return y / shown.rowHeight;
        if (y < drawnHeight.bottom) return shown.start + (y - drawnHeight.top) / rowHeight;
        return shown.start + drawn.length + (y - drawnHeight.bottom) / shown.rowHeight;
      };
      const clamp = (row: number) => Math.min(count, Math.max(0, row));
      const from = clamp(Math.floor(rowAt(Math.max(0, -bodyTop))));
      const to = clamp(Math.ceil(rowAt(window.innerHeight - bodyTop)));
      // Drawn rows that still reach half the overscan past both edges of the screen stay: scrolling redraws
      // every few rows, not on every pixel, and the first measurement seldom redraws at all.
      const covered =
        shown.end <= count && (shown.start === 0 || shown.start <= from - OVERSCAN / 2) && (shown.end === count || shown.end >= to + OVERSCAN / 2);
      if (covered) return;
      const start = clamp(from - OVERSCAN);
      setRange({ start, end: Math.max(start, clamp(to + OVERSCAN)), rowHeight });
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    // Capturing catches the scrolling of any box around the table too; scroll events do not bubble.
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [body, count, enabled]);

  if (!enabled) return null;
  const start = Math.min(range.start, count);
  const end = Math.min(Math.max(range.end, start), count);
  return { start, end, before: start * range.rowHeight, after: (count - end) * range.rowHeight };
}
