/**
 * `npm run bench`, measured in Chromium:
 * - engine speed (issue 12): a keystroke in a 200-field form to the next paint, and the first paint of a
 *   10,000-row table, on a page built on its own from `scripts/bench-engine/` (see `engineFigures`);
 *   figures against goals, never a failure;
 * - the JavaScript budget (issue 14), against the built application (run `npm run build` first; skipped
 *   without `dist/`): the gzipped JavaScript of the first load of /login (at most 160 kB) and of /home, and
 *   each route's own chunks beyond the first load (at most 60 kB, see scripts/bench-bundle.ts). Over a
 *   budget, the bench says OVER and exits with 1 after printing everything.
 * - the cumulative layout shift of /login, /register, /home and /history at 375 and 1280 px (issue 13, goal
 *   0.1 or less; see `layout-shift.ts`), against the same built application; over the goal, each shift's
 *   sources (the elements that moved, from where to where).
 * `--json` prints one line of JSON with every figure instead of sentences:
 * `{ "routes": { "/login": { "gzipKb": 150.2, … }, … }, "overBudget": [], "engine": { … }, "layoutShift": [ … ] }`.
 * `--bundle` measures the bundle only.
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/support/browser.ts';
import { repoRoot, startServer } from '../tests/support/server-process.ts';
import { screens } from '../generated/screens.ts';
import { routeChunks } from './bench-bundle.ts';
import { LAYOUT_SHIFT_GOAL, layoutShiftFigures, type LayoutShiftFigure } from './layout-shift.ts';
import { engineFigures, FORM_KEYSTROKE_GOAL_MS, TABLE_PAINT_GOAL_MS, type Spread } from './bench-engine/run.ts';

/** The first load of the sign-in page, gzipped JavaScript. */
const LOGIN_BUDGET = 160 * 1024;
/** What any route may add to the first load, gzipped JavaScript. */
const ROUTE_BUDGET = 60 * 1024;
/** What the loaders of the answer rules in src/app/registry.ts (appAnswerRules) import, counted with the routes naming them. */
const ANSWER_RULES_MODULES = {
  businessRegistration: ['src/business/registration-answer-rules.ts'],
  businessRegistrationSignedIn: ['src/business/registration-answer-rules.ts'],
};

interface Load {
  raw: number;
  gzip: number;
  /** The files, as paths under the site (`assets/index-B6Y7UPhi.js`). */
  files: string[];
}

/** Loads `path` in a fresh navigation and sums the gzipped size of every JavaScript file it fetched. */
async function javascriptBytes(page: Page, url: string): Promise<Load> {
  const bodies: Promise<[string, Buffer]>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    const type = response.request().resourceType();
    if (type === 'script' || response.url().endsWith('.js')) bodies.push(response.body().then((body) => [new URL(response.url()).pathname.slice(1), body]));
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  const all = await Promise.all(bodies);
  return {
    files: all.map(([file]) => file),
    raw: all.reduce((sum, [, b]) => sum + b.length, 0),
    gzip: all.reduce((sum, [, b]) => sum + gzipSync(b, { level: 9 }).length, 0),
  };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const verdict = (bytes: number, budget: number) => (bytes <= budget ? 'within' : 'OVER');

/** The whole bench stops by itself after this long, whatever hangs. */
const DEADLINE_MS = 10 * 60_000;

const json = process.argv.includes('--json');
const bundleOnly = process.argv.includes('--bundle');
const say = (line: string) => {
  if (!json) console.log(line);
};
const ms = (s: Spread, goal: number) => `median ${s.median} ms, p95 ${s.p95} ms over ${s.runs}; goal ${goal} ms: ${s.median <= goal ? 'met' : 'MISSED'}`;

interface RouteFigure {
  gzipKb: number;
  files: number;
  /** Only /login and /home: the whole first load, not the route's own chunks. */
  firstLoad?: boolean;
  rawKb?: number;
  budgetKb?: number;
}

async function bundleFigures(
  browser: import('playwright-core').Browser,
): Promise<{ routes: Record<string, RouteFigure>; overBudget: string[]; layoutShift: Omit<LayoutShiftFigure, 'shifts'>[] } | null> {
  if (!existsSync(`${repoRoot}/dist/.vite/manifest.json`)) {
    say('Bundle sizes skipped: no dist/ (run `npm run build` first).');
    return null;
  }
  const server = await startServer();
  try {
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    const login = await javascriptBytes(page, `${server.url}/login`);
    say(
      `/login first load: ${login.files.length} JavaScript files, ${kB(login.gzip)} gzipped (${kB(login.raw)} raw); budget ${kB(LOGIN_BUDGET)}: ${verdict(login.gzip, LOGIN_BUDGET)}`,
    );

    await page.fill('#login_username', 'personal@example.com');
    await page.fill('#login_password', 'Demo-pass-2026');
    await page.press('#login_password', 'Enter');
    await page.waitForURL('**/home');
    const home = await javascriptBytes(page, `${server.url}/home`);
    say(`/home first load: ${home.files.length} JavaScript files, ${kB(home.gzip)} gzipped (${kB(home.raw)} raw)`);

    const routes: Record<string, RouteFigure> = {
      '/login': { gzipKb: kb(login.gzip), rawKb: kb(login.raw), files: login.files.length, firstLoad: true, budgetKb: kb(LOGIN_BUDGET) },
      '/home': { gzipKb: kb(home.gzip), rawKb: kb(home.raw), files: home.files.length, firstLoad: true },
    };
    const overBudget = login.gzip > LOGIN_BUDGET ? ['/login'] : [];
    const own = routeChunks({ distDir: `${repoRoot}/dist`, generatedDir: `${repoRoot}/generated` }, screens, new Set(login.files), ANSWER_RULES_MODULES);
    for (const chunk of own) {
      const key = chunk.route === '/login' || chunk.route === '/home' ? `${chunk.route} (own)` : chunk.route;
      routes[key] = { gzipKb: kb(chunk.gzip), files: chunk.files, budgetKb: kb(ROUTE_BUDGET) };
      if (chunk.gzip > ROUTE_BUDGET) overBudget.push(chunk.route);
    }
    const [largest] = own;
    if (largest) {
      say(
        `Largest route chunk beyond the first load: ${largest.route} (${largest.id}), ${largest.files} files, ${kB(largest.gzip)} gzipped; budget ${kB(ROUTE_BUDGET)} per route: ${verdict(largest.gzip, ROUTE_BUDGET)}`,
      );
      say(
        `  next: ${own
          .slice(1, 4)
          .map((chunk) => `${chunk.route} ${kB(chunk.gzip)}`)
          .join(', ')}`,
      );
    }
    if (overBudget.length) say(`Over the JavaScript budget: ${overBudget.join(', ')}`);
    const layoutShift = await layoutShiftFigures(browser, server.url);
    for (const { path, width, cls, shifts } of layoutShift) {
      say(`Cumulative layout shift of ${path} at ${width} px: ${cls}; goal ${LAYOUT_SHIFT_GOAL} or less: ${cls <= LAYOUT_SHIFT_GOAL ? 'met' : 'MISSED'}`);
      // Over the goal, what moved: each shift's score and the elements it moved, where from and where to.
      if (cls > LAYOUT_SHIFT_GOAL) {
        for (const shift of shifts) {
          say(`  ${shift.value.toFixed(3)} at ${Math.round(shift.startTime)} ms`);
          for (const source of shift.sources) say(`    ${source.node} [${source.from.join(', ')}] -> [${source.to.join(', ')}]`);
        }
      }
    }
    return { routes, overBudget, layoutShift: layoutShift.map(({ path, width, cls }) => ({ path, width, cls })) };
  } finally {
    await server.stop();
  }
}

async function engineSection(browser: import('playwright-core').Browser) {
  const engine = await engineFigures(browser);
  say(`Keystroke to paint, 200-field form: ${ms(engine.formKeystrokeToPaint, FORM_KEYSTROKE_GOAL_MS)}`);
  say(
    `  of which work until React has committed: median ${engine.formKeystrokeWork.median} ms, p95 ${engine.formKeystrokeWork.p95} ms; a 1-field form takes median ${engine.oneFieldKeystrokeToPaint.median} ms, p95 ${engine.oneFieldKeystrokeToPaint.p95} ms to paint (the browser's own frame)`,
  );
  say(`First paint, 10,000-row table, fresh page: ${ms(engine.tableFirstPaint, TABLE_PAINT_GOAL_MS)}`);
  say(`  mounted again on the same page: median ${engine.tableFirstPaintWarm.median} ms, p95 ${engine.tableFirstPaintWarm.p95} ms`);
  return { ...engine, goals: { formKeystrokeToPaint: FORM_KEYSTROKE_GOAL_MS, tableFirstPaint: TABLE_PAINT_GOAL_MS } };
}

/** Resolves to the exit code: 1 when the JavaScript is over its budget. */
async function main(): Promise<number> {
  const browser = await launchChromium();
  try {
    const engine = bundleOnly ? null : await engineSection(browser);
    const bundle = await bundleFigures(browser);
    if (json)
      console.log(
        JSON.stringify({
          routes: bundle?.routes ?? null,
          overBudget: bundle?.overBudget ?? [],
          engine,
          layoutShift: bundle?.layoutShift ?? null,
          layoutShiftGoal: LAYOUT_SHIFT_GOAL,
        }),
      );
    return bundle?.overBudget.length ? 1 : 0;
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
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
