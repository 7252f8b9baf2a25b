import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { DEMO_PASSWORD } from '../../server/demo/seed.ts';

/**
 * A new browser context signed in through the sign-in page as `username` (demo password), in English
 * unless told otherwise, at `width` px. Resolves once the page has left /login (wherever the start-page
 * rules sent the user).
 *
 * @example
 * const page = await signedInPage(browser, server.url, 'personal@example.com', { width: 375 });
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  username: string,
  { width = 1280, language = 'en' }: { width?: number; language?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  return page;
}

/**
 * Starts Chromium and one server for a test file (before its tests, stopped after them) and signs
 * pages in against it. Read `browser` and `server` inside tests, once the file's setup has run.
 *
 * @example
 * const e2e = browserAndServer();
 * it('opens news', async () => { const page = await e2e.signedInPage('personal@example.com'); });
 */
export function browserAndServer(env: Record<string, string> = { BRAND: 'paxum' }) {
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    server = await startServer(env);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('browserAndServer() is read before its beforeAll ran: use it inside a test.');
    return value;
  };
  return {
    get browser(): Browser {
      return started(browser);
    },
    get server(): RunningServer {
      return started(server);
    },
    signedInPage: (username: string, width = 1280) => signedInPage(started(browser), started(server).url, username, { width }),
  };
}
