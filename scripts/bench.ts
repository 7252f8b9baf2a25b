/**
 * `npm run bench`, measured in Chromium; prints figures, asserts nothing:
 * - engine speed (issue 12): a keystroke in a 200-field form to the next paint, and the first paint of a
 *   10,000-row table, on a page built on its own from `scripts/bench-engine/` (see `engineFigures`);
 * - the gzipped JavaScript bytes of the initial load of /login and of /home, against the built application
 *   (run `npm run build` first; skipped without `dist/`);
 * - the cumulative layout shift of /login, /register, /home and /history at 375 and 1280 px (issue 13, goal
 *   0.1 or less; see `layout-shift.ts`), against the same built application.
 * `--json` prints one line of JSON with every figure instead of sentences.
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/support/browser.ts';
import { repoRoot, startServer } from '../tests/support/server-process.ts';
import { LAYOUT_SHIFT_GOAL, layoutShiftFigures } from './layout-shift.ts';
import { engineFigures, FORM_KEYSTROKE_GOAL_MS, TABLE_PAINT_GOAL_MS, type Spread } from './bench-engine/run.ts';

const LOGIN_BUDGET = 160 * 1024;

/** Loads `path` in a fresh navigation and sums the gzipped size of every JavaScript file it fetched. */
async function javascriptBytes(page: Page, url: string): Promise<{ raw: number; gzip: number; files: number }> {
  const bodies: Promise<Buffer>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    const type = response.request().resourceType();
    if (type === 'script' || response.url().endsWith('.js')) bodies.push(response.body());
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  const all = await Promise.all(bodies);
  return {
    files: all.length,
    raw: all.reduce((sum, b) => sum + b.length, 0),
    gzip: all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
  };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The whole bench stops by itself after this long, whatever hangs. */
const DEADLINE_MS = 10 * 60_000;

const json = process.argv.includes('--json');
const say = (line: string) => {
  if (!json) console.log(line);
};
const ms = (s: Spread, goal: number) => `median ${s.median} ms, p95 ${s.p95} ms over ${s.runs}; goal ${goal} ms: ${s.median <= goal ? 'met' : 'MISSED'}`;

async function bundleFigures(browser: import('playwright-core').Browser) {
  if (!existsSync(`${repoRoot}/dist/index.html`)) {
    say('Bundle sizes skipped: no dist/ (run `npm run build` first).');
    return null;
  }
  const server = await startServer();
  try {
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    const login = await javascriptBytes(page, `${server.url}/login`);
    say(
      `/login initial load: ${login.files} JavaScript files, ${kB(login.gzip)} gzipped (${kB(login.raw)} raw); budget ${kB(LOGIN_BUDGET)}: ${login.gzip <= LOGIN_BUDGET ? 'within' : 'OVER'}`,
    );

    await page.fill('#login_username', 'personal@example.com');
    await page.fill('#login_password', 'Demo-pass-2026');
    await page.press('#login_password', 'Enter');
    await page.waitForURL('**/home');
    const home = await javascriptBytes(page, `${server.url}/home`);
    say(`/home initial load: ${home.files} JavaScript files, ${kB(home.gzip)} gzipped (${kB(home.raw)} raw)`);
    const layoutShift = await layoutShiftFigures(browser, server.url);
    for (const { path, width, cls } of layoutShift) {
      say(`Cumulative layout shift of ${path} at ${width} px: ${cls}; goal ${LAYOUT_SHIFT_GOAL} or less: ${cls <= LAYOUT_SHIFT_GOAL ? 'met' : 'MISSED'}`);
    }
    return { login, home, loginBudget: LOGIN_BUDGET, layoutShift, layoutShiftGoal: LAYOUT_SHIFT_GOAL };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const browser = await launchChromium();
  try {
    const engine = await engineFigures(browser);
    say(`Keystroke to paint, 200-field form: ${ms(engine.formKeystrokeToPaint, FORM_KEYSTROKE_GOAL_MS)}`);
    say(
      `  of which work until React has committed: median ${engine.formKeystrokeWork.median} ms, p95 ${engine.formKeystrokeWork.p95} ms; a 1-field form takes median ${engine.oneFieldKeystrokeToPaint.median} ms, p95 ${engine.oneFieldKeystrokeToPaint.p95} ms to paint (the browser's own frame)`,
    );
    say(`First paint, 10,000-row table, fresh page: ${ms(engine.tableFirstPaint, TABLE_PAINT_GOAL_MS)}`);
    say(`  mounted again on the same page: median ${engine.tableFirstPaintWarm.median} ms, p95 ${engine.tableFirstPaintWarm.p95} ms`);
    const bundle = await bundleFigures(browser);
    if (json) {
      console.log(
        JSON.stringify({ engine: { ...engine, goals: { formKeystrokeToPaint: FORM_KEYSTROKE_GOAL_MS, tableFirstPaint: TABLE_PAINT_GOAL_MS } }, bundle }),
      );
    }
  } finally {
    await browser.close();
  }
}

const deadline = setTimeout(() => {
  console.error(`The bench did not finish within ${DEADLINE_MS / 60_000} minutes; stopped.`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
