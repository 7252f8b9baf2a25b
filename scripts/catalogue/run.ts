/**
 * The screen catalogue (issue 13): a screenshot of every route in every state that matters, at each width,
 * for each brand and language, against the real server serving the built application; the texts each page
 * shows checked for raw keys, validator English, regular expressions and raw errors (`text-check.ts`); and
 * an HTML index to browse them side by side. `npm run catalogue` runs it on every route; the end-to-end
 * suite (tests/e2e/catalogue.test.ts) on a few.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient } from '../../tests/support/api-client.ts';
import { seriousViolations } from '../../tests/support/axe.ts';
import { solvedChallenge } from '../../tests/support/bot-challenge.ts';
import { startServer, type RunningServer } from '../../tests/support/server-process.ts';
import { signedInPage } from '../../tests/support/sign-in.ts';
import { writeIndex } from './index-page.ts';
import {
  brokenAddress,
  plainAddress,
  plannedScreens,
  routeParameters,
  routePattern,
  viewerOf,
  type PlannedScreen,
  type ScreenState,
  type Viewer,
} from './screens.ts';
import { findOffenders, textRules, type Offender } from './text-check.ts';

/** A brand and the language its pages are seen in. */
export interface CatalogueCase {
  brand: string;
  language: string;
}

/** The brands and languages issue 13 asks for. */
export const CATALOGUE_CASES: readonly CatalogueCase[] = [
  { brand: 'paxum', language: 'en' },
  { brand: 'aplus', language: 'es' },
  { brand: 'paxumbank', language: 'ru' },
];
export const CATALOGUE_WIDTHS: readonly number[] = [1280, 375];

export interface CatalogueOptions {
  /** The project whose built application (dist/) the server serves. */
  root: string;
  /** The folder the screenshots and `index.html` go to. */
  out: string;
  browser: Browser;
  /** Only these routes (as the specs write them); every route when absent. */
  routes?: readonly string[];
  cases?: readonly CatalogueCase[];
  widths?: readonly number[];
  log?: (line: string) => void;
  /** Runs the brands side by side, each on its own server (the pages mostly wait on the network). */
  parallel?: boolean;
  /** The system colour scheme the pages are seen with (the brand's light or dark palette); light when absent. */
  colorScheme?: 'light' | 'dark';
  /** Also runs axe-core on each page (at the first width): a serious or critical violation is an offender. */
  axe?: boolean;
}

/** One picture: a route in a state, for a brand and language, at a width. */
export interface CatalogueShot {
  route: string;
  state: ScreenState;
  brand: string;
  language: string;
  colorScheme: 'light' | 'dark';
  width: number;
  /** Relative to the catalogue folder. */
  file: string;
  /** The address asked for, and where the page ended up. */
  address: string;
  landedOn: string;
  offenders: Offender[];
}

/** What could not be pictured, and why (a route with parameters no page linked to). */
export interface CatalogueGap {
  route: string;
  state: ScreenState;
  brand: string;
  reason: string;
}

export interface CatalogueResult {
  shots: CatalogueShot[];
  gaps: CatalogueGap[];
  /** The shots with at least one offender. */
  offending: CatalogueShot[];
}

/** A file name for a route: `/cards/:accountId/load` becomes `cards-accountId-load`. */
const slug = (route: string) => route.replace(/[/:*]+/g, '-').replace(/^-|-$/g, '') || 'root';

/** Waits until the page has fetched what it needs and shows no loading indicator; false if it never stops. */
async function settle(page: Page): Promise<boolean> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  const stopped = await page
    .waitForFunction(() => !document.querySelector('.eng-loading, [aria-busy="true"]'), undefined, { timeout: 8_000 })
    .then(() => true)
    .catch(() => false);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return stopped;
}

/**
 * Every text the page shows a person: visible text, the title, placeholders and accessible names. Machine
 * text the page marks `translate="no"` (an audit log's method names and JSON, a user agent) is data, not the
 * product's words, so it is left out.
 */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    let shown = document.body.innerText;
    for (const element of document.querySelectorAll<HTMLElement>('[translate="no"]')) {
      const own = element.innerText;
      if (own) shown = shown.replace(own, ' ');
    }
    const texts = [document.title, shown];
    for (const element of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title], img[alt]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** The paths of the links on the page, for routes with parameters. */
function linkedPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .map((a) => new URL(a.href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname),
  );
}

/** Registers and activates a customer through the API, as the registration page would; its e-mail. */
async function registerNewCustomer(server: RunningServer, root: string, brand: string): Promise<{ email: string; password: string }> {
  const config = JSON.parse(readFileSync(path.join(root, 'brands', brand, 'brand.json'), 'utf8')) as {
    registrationPersonalTypes: string[];
    termsToAccept: { key: string }[];
    botChallengeSiteKey?: string;
  };
  const client = new ApiClient(server.url);
  // A brand that asks for the bot challenge gets the token a person ticking "I am not a robot" would get.
  const challenge = config.botChallengeSiteKey ? { challengeToken: await solvedChallenge(server.url, brand) } : {};
  const email = `catalogue.${Date.now()}@example.com`;
  const password = 'Catalogue-2026';
  const created = await client.rpc('accountCreate', {
    firstName: 'Mara',
    lastName: 'Ionescu',
    username: email,
    password,
    residenceCountryCode: 'RO',
    birthDay: '1990-05-17',
    phoneCountryCode: '+40',
    phone: '721 000 111',
    registrationType: config.registrationPersonalTypes[0],
    acceptedTerms: config.termsToAccept.map((term) => term.key),
    ...challenge,
  });
  if (created.body?.responseCode !== '00') throw new Error(`registering a new customer on ${brand} answered ${JSON.stringify(created.body)}`);
  const mail = await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to: email, purpose: 'activation' })}`);
  const code = /\b([0-9]{6})\b/.exec((JSON.parse(mail.text) as { messages: { body: string }[] }).messages[0]?.body ?? '')?.[1];
  const activated = await client.rpc('accountActivate', { username: email, activationCode: code });
  if (activated.body?.responseCode !== '00') throw new Error(`activating the new customer on ${brand} answered ${JSON.stringify(activated.body)}`);
  return { email, password };
}

/** A page for a viewer: a fresh visitor, or a context signed in through the sign-in page. */
async function openAs(
  browser: Browser,
  url: string,
  viewer: Viewer,
  language: string,
  newCustomer: () => Promise<{ email: string; password: string }>,
): Promise<Page> {
  if (viewer === 'nobody') {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    return context.newPage();
  }
  if (viewer === 'new customer') {
    const { email, password } = await newCustomer();
    return signedInPage(browser, url, email, { language, password });
  }
  return signedInPage(browser, url, viewer, { language });
}

interface Task {
  screen: PlannedScreen;
  state: ScreenState;
}

/** Routes without parameters first, then those with, shallow before deep, so links are known before they are needed. */
const byDepth = (a: Task, b: Task) =>
  routeParameters(a.screen.route).length - routeParameters(b.screen.route).length || a.screen.route.localeCompare(b.screen.route);

/** One brand and language: its own server, a page per viewer, every task of that viewer. */
async function catalogueCase(
  options: CatalogueOptions,
  which: CatalogueCase,
  server: RunningServer,
  screens: PlannedScreen[],
  result: CatalogueResult,
): Promise<void> {
  const { browser, root, out, log = () => undefined, colorScheme = 'light' } = options;
  const folder = `${which.brand}-${which.language}${colorScheme === 'dark' ? '-dark' : ''}`;
  const widths = options.widths ?? CATALOGUE_WIDTHS;
  const rules = textRules(root, which.language);
  let registered: Promise<{ email: string; password: string }> | undefined;
  const newCustomer = () => (registered ??= registerNewCustomer(server, root, which.brand));
  const tasks = new Map<Viewer, Task[]>();
  for (const screen of screens) {
    for (const state of screen.states) {
      const viewer = viewerOf(screen, state);
      tasks.set(viewer, [...(tasks.get(viewer) ?? []), { screen, state }]);
    }
  }
  // The scheme is emulated on the page after signing in: the pages it goes to next are seen in it.
  const open = async (viewer: Viewer) => {
    const page = await openAs(browser, server.url, viewer, which.language, newCustomer);
    await page.emulateMedia({ colorScheme });
    return page;
  };
  for (const [viewer, list] of tasks) {
    let page = await open(viewer);
    const links: string[] = [];
    for (const { screen, state } of list.sort(byDepth)) {
      const parameters = routeParameters(screen.route).filter((part) => part !== '*');
      let address = plainAddress(screen.route);
      if (state === 'error') address = brokenAddress(screen.route);
      else if (parameters.length > 0) {
        const pattern = routePattern(screen.route);
        const linked = links.find((link) => pattern.test(link));
        if (!linked) {
          result.gaps.push({ route: screen.route, state, brand: which.brand, reason: `no page ${viewer} saw links to it` });
          continue;
        }
        address = linked;
      }
      try {
        log(`${which.brand}/${which.language}${colorScheme === 'dark' ? ' dark' : ''} ${state} ${address}`);
        await page.setViewportSize({ width: widths[0]!, height: 900 });
        await page.goto(`${server.url}${address}`).catch(() => undefined);
        const stopped = await settle(page);
        const landedOn = new URL(page.url()).pathname;
        const offenders = findOffenders(await visibleTexts(page), rules);
        if (!stopped) offenders.push({ kind: 'still loading', text: 'a loading indicator was still shown once the page had fetched everything' });
        const signedOut = viewer !== 'nobody' && landedOn.startsWith('/login') && !address.startsWith('/login');
        if (signedOut) offenders.push({ kind: 'signed out', text: `${address} sent a signed-in ${viewer} to ${landedOn}` });
        if (options.axe) for (const violation of await seriousViolations(page)) offenders.push({ kind: 'axe', text: violation });
        links.push(...(await linkedPaths(page)));
        for (const width of widths) {
          if (width !== widths[0]) {
            await page.setViewportSize({ width, height: 900 });
            await settle(page);
          }
          const file = `${folder}/${slug(screen.route)}--${state.replace(' ', '-')}--${width}.png`;
          mkdirSync(path.join(out, path.dirname(file)), { recursive: true });
          await page.screenshot({ path: path.join(out, file), fullPage: true });
          result.shots.push({
            route: screen.route,
            state,
            brand: which.brand,
            language: which.language,
            colorScheme,
            width,
            file,
            address,
            landedOn,
            offenders,
          });
        }
        if (signedOut) {
          await page.context().close();
          page = await open(viewer);
        }
      } catch (error) {
        result.gaps.push({
          route: screen.route,
          state,
          brand: which.brand,
          reason: `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        });
        await page.context().close();
        page = await open(viewer);
      }
    }
    await page.context().close();
  }
}

/**
 * Builds the catalogue into `options.out`: the screenshots, `index.html` and `catalogue.json`.
 *
 * @example
 * const result = await buildCatalogue({ root: repoRoot, out: '.tmp/catalogue', browser, routes: ['/login', '/home'] });
 * if (result.offending.length > 0) process.exitCode = 1;
 */
export async function buildCatalogue(options: CatalogueOptions): Promise<CatalogueResult> {
  const screens = plannedScreens(options.root, options.routes);
  const result: CatalogueResult = { shots: [], gaps: [], offending: [] };
  mkdirSync(options.out, { recursive: true });
  const cases = options.cases ?? CATALOGUE_CASES;
  if (options.parallel) {
    // The servers start one after the other: started together on a busy machine they miss their deadline.
    const servers: RunningServer[] = [];
    try {
      for (const which of cases) servers.push(await startServer({ BRAND: which.brand }, { root: options.root }));
      await Promise.all(cases.map((which, i) => catalogueCase(options, which, servers[i]!, screens, result)));
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  } else {
    // One server per brand, its languages one after the other.
    for (const brand of new Set(cases.map((which) => which.brand))) {
      const server = await startServer({ BRAND: brand }, { root: options.root });
      try {
        for (const which of cases.filter((c) => c.brand === brand)) await catalogueCase(options, which, server, screens, result);
      } finally {
        await server.stop();
      }
    }
  }
  result.shots.sort((a, b) => a.route.localeCompare(b.route) || a.state.localeCompare(b.state));
  result.offending = result.shots.filter((shot) => shot.offenders.length > 0 && shot.width === (options.widths ?? CATALOGUE_WIDTHS)[0]);
  writeFileSync(path.join(options.out, 'catalogue.json'), JSON.stringify(result, null, 2));
  writeIndex(options.out, result, options.cases ?? CATALOGUE_CASES, options.widths ?? CATALOGUE_WIDTHS);
  return result;
}
