/**
 * Cumulative layout shift (issue 13) of the product's pages in Chromium, computed as web-vitals computes CLS:
 * the `layout-shift` entries without recent input, grouped into session windows (a shift less than 1 s
 * after the previous one and less than 5 s after the window's first), the largest window's sum.
 */
import type { Browser, Page } from 'playwright-core';
import { signedInPage } from '../tests/support/sign-in.ts';

/** Google's "good" threshold, which issue 13 asks every measured page to meet. */
export const LAYOUT_SHIFT_GOAL = 0.1;

/** The pages measured, and who looks at them. */
const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/register', signedIn: false },
  { path: '/home', signedIn: true },
  { path: '/history', signedIn: true },
] as const;

/** One recorded layout shift: its score, when, and the elements that moved (a CSS-like path, and where they were and went). */
export interface RecordedShift {
  value: number;
  startTime: number;
  sources: { node: string; from: [number, number, number, number]; to: [number, number, number, number] }[];
}

/** Installed before any page script (`page.addInitScript(recordShifts)`): keeps every layout shift, with its sources, in `window.__layoutShifts`. */
export function recordShifts(): void {
  const shifts: RecordedShift[] = [];
  (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
  type Entry = {
    value: number;
    startTime: number;
    hadRecentInput: boolean;
    sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Entry[]) {
      if (entry.hadRecentInput) continue;
      // No named helpers here: tsx would wrap them in a `__name` call the page does not have.
      const sources = (entry.sources ?? []).map((source) => {
        const parts: string[] = [];
        for (let at = source.node instanceof Element ? source.node : (source.node?.parentElement ?? null); at && parts.length < 4; at = at.parentElement) {
          const classes = typeof at.className === 'string' && at.className.trim() ? `.${at.className.trim().split(/\s+/).join('.')}` : '';
          parts.unshift(`${at.tagName.toLowerCase()}${at.id ? `#${at.id}` : ''}${classes}`);
        }
        const { previousRect: p, currentRect: c } = source;
        return {
          node: parts.join(' > ') || '(gone)',
          from: [p.x, p.y, p.width, p.height].map(Math.round) as RecordedShift['sources'][number]['from'],
          to: [c.x, c.y, c.width, c.height].map(Math.round) as RecordedShift['sources'][number]['to'],
        };
      });
      shifts.push({ value: entry.value, startTime: entry.startTime, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The largest session window's sum of the recorded shifts. */
export function cumulativeLayoutShift(shifts: readonly { value: number; startTime: number }[]): number {
  let largest = 0;
  let window = 0;
  let first = 0;
  let previous = 0;
  for (const shift of shifts) {
    if (window > 0 && shift.startTime - previous < 1000 && shift.startTime - first < 5000) window += shift.value;
    else {
      window = shift.value;
      first = shift.startTime;
    }
    previous = shift.startTime;
    largest = Math.max(largest, window);
  }
  return largest;
}

/** Loads `url` in `page` and answers its CLS once the page has fetched everything and stopped loading. */
async function measure(page: Page, url: string): Promise<{ cls: number; shifts: RecordedShift[] }> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => !document.querySelector('.eng-loading, [aria-busy="true"]'), undefined, { timeout: 15_000 }).catch(() => undefined);
  // Two frames, so shifts of the last render are reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: RecordedShift[] }).__layoutShifts);
  return { cls: Math.round(cumulativeLayoutShift(shifts) * 1000) / 1000, shifts };
}

export interface LayoutShiftFigure {
  path: string;
  width: number;
  cls: number;
  /** Every shift recorded, with the elements that moved: what to fix when `cls` is over the goal. */
  shifts: RecordedShift[];
}

/**
 * The CLS of /login, /register, /home and /history (as personal@) at 375 and 1280 px, each a fresh load.
 *
 * @example
 * const figures = await layoutShiftFigures(browser, server.url);
 */
export async function layoutShiftFigures(browser: Browser, baseUrl: string, widths: readonly number[] = [375, 1280]): Promise<LayoutShiftFigure[]> {
  const figures: LayoutShiftFigure[] = [];
  for (const width of widths) {
    const visitor = await browser.newContext({ viewport: { width, height: 900 } });
    const customer = await signedInPage(browser, baseUrl, 'personal@example.com', { width });
    await customer.addInitScript(recordShifts);
    try {
      for (const { path, signedIn } of PAGES) {
        const page = signedIn ? customer : await visitor.newPage();
        if (!signedIn) await page.addInitScript(recordShifts);
        const { cls, shifts } = await measure(page, `${baseUrl}${path}`);
        const landedOn = new URL(page.url()).pathname;
        if (landedOn !== path) throw new Error(`${path} went to ${landedOn}: its layout shift was not measured`);
        figures.push({ path, width, cls, shifts });
      }
    } finally {
      await visitor.close();
      await customer.context().close();
    }
  }
  return figures;
}
