/**
 * The brands' look in Debian's Chromium: each brand's own font shipped and preloaded (and no other
 * brand's), a dark theme that follows the system or the person's choice, with no serious accessibility
 * violation in it, and nothing moving for a person who asked for less motion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { signedInPage } from '../support/pages.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { cumulativeLayoutShift, LAYOUT_SHIFT_GOAL, recordShifts } from '../../scripts/layout-shift.ts';

let browser: Browser;
const servers: Record<string, RunningServer> = {};
const BRANDS = ['paxum', 'paxumbank'] as const;
/** Every family the brands ship, by the file names Fontsource gives them. */
const SHIPPED_FILES = /(inter|manrope|work-sans|ibm-plex-sans|nunito|source-serif-4)-[a-z-]+-\d00-normal/;

beforeAll(async () => {
  browser = await launchChromium();
  // One after the other: two servers seeding their demo data at once take twice as long on a busy 2-core machine.
  for (const brand of BRANDS) servers[brand] = await startServer({ BRAND: brand });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(Object.values(servers).map((server) => server.stop()));
});

/** A page that records the font files it fetches. */
async function pageWithFonts(options: BrowserContextOptions & { language?: string } = {}): Promise<{ page: Page; fonts: string[] }> {
  const { language = 'en', ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  const page = await context.newPage();
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font' || request.url().endsWith('.woff2')) fonts.push(new URL(request.url()).pathname);
  });
  return { page, fonts };
}

const fontsReady = (page: Page) => page.evaluate(() => document.fonts.ready.then(() => undefined));

describe("each brand's font", () => {
  it('paxum: Inter, preloaded from index.html, drawn, and no other brand’s font fetched', async () => {
    const { page, fonts } = await pageWithFonts();
    await page.goto(`${servers.paxum!.url}/login`);
    await page.locator('#login_username').waitFor();
    await fontsReady(page);

    const preload = await page.locator('link[rel="preload"][as="font"]').getAttribute('href');
    expect(preload).toMatch(/^\/assets\/brand-font-paxum-[0-9a-f]+\.woff2$/);
    expect(await page.evaluate(() => document.fonts.check('16px Inter'))).toBe(true);
    expect(await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily)).toMatch(/^Inter, "Inter Fallback"/);
    const loaded = await page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').map((face) => `${face.family} ${face.weight}`));
    expect(loaded).toContain('Inter 400');

    // The preloaded file is the regular face the page draws with: fetched once, by the preload.
    expect(fonts.filter((file) => file === preload)).toHaveLength(1);
    expect(fonts.length).toBeGreaterThan(0);
    for (const file of fonts) expect(file === preload || /\/inter-/.test(file), `${file} is not paxum's font`).toBe(true);
  });

  it('paxumbank in Russian: Source Serif 4 with its Cyrillic face, no sans-serif brand font', async () => {
    const { page, fonts } = await pageWithFonts({ language: 'ru' });
    await page.goto(`${servers.paxumbank!.url}/login`);
    await page.locator('#login_username').waitFor();
    await fontsReady(page);

    expect(await page.evaluate(() => document.fonts.check('16px "Source Serif 4"', 'Вход'))).toBe(true);
    expect(fonts.some((file) => /source-serif-4-cyrillic-400-normal/.test(file))).toBe(true);
    const others = fonts.filter((file) => SHIPPED_FILES.test(file) && !/source-serif-4/.test(file));
    expect(others).toEqual([]);
  });
});

describe('layout shift', () => {
  it.each(BRANDS)('%s: the sign-in page does not move when its font arrives (cumulative layout shift 0.1 or less)', async (brand) => {
    const { page } = await pageWithFonts({ language: brand === 'paxumbank' ? 'ru' : 'en' });
    // Every shift from the first paint on, the swap from the fallback to the brand's font included, counted as
    // `npm run bench` counts it (scripts/layout-shift.ts).
    await page.addInitScript(recordShifts);
    await page.goto(`${servers[brand]!.url}/login`);
    await page.locator('#login_username').waitFor();
    await fontsReady(page);
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: { value: number; startTime: number }[] }).__layoutShifts);
    expect(cumulativeLayoutShift(shifts)).toBeLessThanOrEqual(LAYOUT_SHIFT_GOAL);
  });
});

describe('the dark theme', () => {
  it("follows the system: a dark system gets the brand's dark palette, with no serious violation", async () => {
    const { page } = await pageWithFonts({ colorScheme: 'dark' });
    await page.goto(`${servers.paxum!.url}/login`);
    await page.locator('#login_username').waitFor();
    const colors = await page.evaluate(() => ({
      scheme: document.documentElement.dataset.theme,
      background: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
    }));
    // paxum's darkTheme in brands/paxum/brand.json: #0b1422 under #e8eef7.
    expect(colors).toEqual({ scheme: 'dark', background: 'rgb(11, 20, 34)', text: 'rgb(232, 238, 247)' });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a chosen theme wins over the system and is remembered across visits', async () => {
    const { page } = await pageWithFonts({ colorScheme: 'light' });
    await page.goto(`${servers.paxum!.url}/login`);
    const select = page.getByLabel('Theme');
    await select.selectOption('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await page.locator('#login_username').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.getByLabel('Theme').inputValue()).toBe('dark');
    await page.getByLabel('Theme').selectOption('system');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });

  it.each([
    ['paxum', '/home'],
    ['paxum', '/history'],
    ['paxumbank', '/home'],
    ['paxumbank', '/profile'],
  ] as const)('%s %s in dark: no serious or critical violation', async (brand, route) => {
    const page = await signedInPage(browser, servers[brand]!.url, 'personal@example.com');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${servers[brand]!.url}${route}`);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('less motion', () => {
  it('runs no transition and no animation for a person who asked the system for less motion', async () => {
    const { page } = await pageWithFonts({ reducedMotion: 'reduce' });
    await page.goto(`${servers.paxum!.url}/login`);
    const button = page.locator('form button[type="submit"]');
    await button.waitFor();
    const moving = await page.evaluate(
      () =>
        [...document.querySelectorAll('body *')].filter((element) => {
          const style = getComputedStyle(element);
          const seconds = (value: string) => Math.max(...value.split(',').map((part) => Number.parseFloat(part) || 0));
          return seconds(style.transitionDuration) > 0 || (style.animationName !== 'none' && seconds(style.animationDuration) > 0);
        }).length,
    );
    expect(moving).toBe(0);
    // Without the request, the buttons do ease between their states.
    const { page: usual } = await pageWithFonts();
    await usual.goto(`${servers.paxum!.url}/login`);
    await usual.locator('form button[type="submit"]').waitFor();
    expect(await usual.locator('form button[type="submit"]').evaluate((element) => getComputedStyle(element).transitionDuration)).not.toMatch(/^0s(, 0s)*$/);
  });
});
