import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/demo/seed.ts';

/**
 * A new browser context signed in through the sign-in page as `username` (the demo password unless told otherwise), in English
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
  { width = 1280, language = 'en', password = DEMO_PASSWORD }: { width?: number; language?: string; password?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  return page;
}
