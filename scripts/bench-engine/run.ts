/**
 * The engine half of `npm run bench`: builds `scripts/bench-engine/` with the application's Vite config into
 * a temporary folder (never `dist/`), serves it on 127.0.0.1 and times it in Chromium. Bounded: a fixed
 * number of keystrokes and mounts, each step with its own timeout.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { Browser, Page } from 'playwright-core';
import type { EngineBenchApi } from './main.tsx';

/** As in main.tsx (not imported: that module renders on import). */
const FORM_FIELDS = 200;

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

/** Keystrokes timed, after a few untimed ones that let the JIT warm up. */
const KEYSTROKES = 30;
const WARM_UP_KEYSTROKES = 5;
/** Table mounts timed, each on a fresh page; the first paint of a page is what people wait for. */
const TABLE_MOUNTS = 5;

export const FORM_KEYSTROKE_GOAL_MS = 16;
export const TABLE_PAINT_GOAL_MS = 100;

export interface Spread {
  median: number;
  p95: number;
  runs: number;
}

export interface EngineFigures {
  /** Keystroke (the browser's time stamp of keydown) to the next paint, in a 200-field form. */
  formKeystrokeToPaint: Spread;
  /** Keystroke to the end of the work it caused (React's render and commit), before waiting for a frame. */
  formKeystrokeWork: Spread;
  /** The same keystroke in a form of one field: what the browser and the harness take by themselves. */
  oneFieldKeystrokeToPaint: Spread;
  /** Mount of a 10,000-row table to its first paint, on a fresh page (nothing rendered before). */
  tableFirstPaint: Spread;
  /** The same mount again on that page, its code warm, as when a table screen opens in a running application. */
  tableFirstPaintWarm: Spread;
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { median: round(at(0.5)), p95: round(at(0.95)), runs: values.length };
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** A static server of `dir` on a free port of 127.0.0.1. */
async function serve(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}

async function timeKeystrokes(page: Page, url: string, fields: number): Promise<{ paint: Spread; work: Spread }> {
  await page.goto(`${url}/?form&fields=${fields}`);
  await page.evaluate(() => window.engineBench.formReady());
  // A field in the middle of the form, as a person filling it in would be.
  const field = page.locator(`#bench_field${String(Math.floor(fields / 2)).padStart(3, '0')}`);
  await field.focus();
  for (let i = 0; i < WARM_UP_KEYSTROKES + KEYSTROKES; i++) {
    await page.keyboard.press(i % 2 ? 'b' : 'a');
    // Wait until this keystroke has painted before the next, so keystrokes never queue behind each other.
    await page.waitForFunction((count) => window.engineBench.keystrokes().paint.length >= count, i + 1, { timeout: 10_000 });
  }
  const { paint, work } = await page.evaluate(() => window.engineBench.keystrokes());
  return { paint: spread(paint.slice(WARM_UP_KEYSTROKES)), work: spread(work.slice(WARM_UP_KEYSTROKES)) };
}

async function timeTable(browser: Browser, url: string): Promise<Pick<EngineFigures, 'tableFirstPaint' | 'tableFirstPaintWarm'>> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < TABLE_MOUNTS; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${url}/?table`);
      cold.push(await page.evaluate(() => (window.engineBench as EngineBenchApi).mountTable()));
      await page.evaluate(() => window.engineBench.unmountTable());
      warm.push(await page.evaluate(() => window.engineBench.mountTable()));
    } finally {
      await page.close();
    }
  }
  return { tableFirstPaint: spread(cold), tableFirstPaintWarm: spread(warm) };
}

/**
 * Builds the bench page and times the engine's form and table in `browser`.
 *
 * @example
 * const figures = await engineFigures(await launchChromium());
 */
export async function engineFigures(browser: Browser): Promise<EngineFigures> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'engine-bench-'));
  let served: { url: string; server: Server } | undefined;
  try {
    await build({
      configFile: path.join(repoRoot, 'vite.config.ts'),
      root: here,
      base: '/',
      logLevel: 'error',
      // One page with the form, the table and React in one chunk, on purpose: nothing is split off to load later.
      build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
    });
    served = await serve(outDir);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(60_000);
    const floor = await timeKeystrokes(page, served.url, 1);
    const form = await timeKeystrokes(page, served.url, FORM_FIELDS);
    await page.close();
    const table = await timeTable(browser, served.url);
    return { formKeystrokeToPaint: form.paint, formKeystrokeWork: form.work, oneFieldKeystrokeToPaint: floor.paint, ...table };
  } finally {
    served?.server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
