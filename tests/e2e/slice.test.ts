/**
 * The first slice as a person uses it, in Debian's Chromium: sign in, see the accounts with their
 * balances, sign out; in two brands and two languages; wrong password, bad e-mail, remembered path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { startServer, repoRoot, type RunningServer } from '../support/server-process.ts';
import { signIn } from '../support/api-client.ts';

const PASSWORD = 'Demo-pass-2026';

let browser: Browser;
const servers: Record<string, RunningServer> = {};

beforeAll(async () => {
  browser = await launchChromium();
  const [paxum, aplus] = await Promise.all([startServer({ BRAND: 'paxum' }), startServer({ BRAND: 'aplus' })]);
  servers.paxum = paxum;
  servers.aplus = aplus;
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(Object.values(servers).map((s) => s.stop()));
});

async function newPage(options: { language?: string; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  if (options.language) {
    await context.addInitScript((language) => localStorage.setItem('language', language), options.language);
  }
  return context.newPage();
}

async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** The balances as the page should show them, formatted for `locale` from what the server holds. */
async function expectedBalances(server: RunningServer, username: string, locale: string): Promise<string[]> {
  const api = await signIn(server.url, username, PASSWORD);
  const { accounts } = await api.call('balanceInquiry', {});
  expect(accounts.length).toBeGreaterThan(1);
  return (accounts as Array<{ balance: string; currencyCode: string }>).map((a) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: a.currencyCode }).format(Number(a.balance)),
  );
}

describe('sign in and see your accounts', () => {
  it('shows every balance in English under the paxum brand, then signs out', async () => {
    const server = servers.paxum!;
    const page = await newPage({ language: 'en' });
    await page.goto(`${server.url}/login`);
    expect(await seriousViolations(page)).toEqual([]);
    await fillLogin(page, 'personal@example.com', PASSWORD);
    await page.waitForURL('**/home');
    const main = page.locator('main');
    for (const balance of await expectedBalances(server, 'personal@example.com', 'en')) {
      await expect.poll(() => main.innerText(), { timeout: 15_000 }).toContain(balance);
    }
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole('button', { name: /sign out/i })
      .first()
      .click();
    await page.waitForURL('**/login');
    await page.goto(`${server.url}/home`);
    await page.waitForURL('**/login');
  });

  it('shows every balance in Spanish under the aplus brand, in its colours', async () => {
    const server = servers.aplus!;
    const brand = JSON.parse(readFileSync(`${repoRoot}/brands/aplus/brand.json`, 'utf8'));
    const page = await newPage({ language: 'es', width: 375 });
    await page.goto(`${server.url}/login`);
    await page.locator('#login_username').waitFor();
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    expect(primary.toLowerCase()).toBe(brand.theme.colorPrimary.toLowerCase());
    expect(await page.title()).toContain(brand.projectName);
    await fillLogin(page, 'business@example.com', PASSWORD);
    // business@ acts for two companies, so sign-in asks which one first (document 000 section 2).
    await page.waitForURL('**/company-selection**');
    await page.getByRole('button', { name: /Northwind Studio Ltd/ }).click();
    await page.waitForURL('**/home');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    const main = page.locator('main');
    for (const balance of await expectedBalances(server, 'business@example.com', 'es')) {
      await expect.poll(() => main.innerText(), { timeout: 15_000 }).toContain(balance);
    }
  });

  it('switches language with the switcher and keeps the choice', async () => {
    const page = await newPage();
    await page.goto(`${servers.paxum!.url}/login`);
    await page.locator('#login_username').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const heading = await page.locator('h1').first().innerText();
    await page.locator('.language-switcher select').selectOption('es');
    await expect.poll(() => page.locator('h1').first().innerText()).not.toBe(heading);
    await page.reload();
    // The application sets the language once it has started, which may be after the load event.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
  });
});

describe('refusals', () => {
  it('shows the server message for a wrong password and creates no session', async () => {
    const page = await newPage({ language: 'en' });
    await page.goto(`${servers.paxum!.url}/login`);
    await fillLogin(page, 'personal@example.com', 'not-the-password');
    await expect.poll(() => page.locator('body').innerText()).toContain('Wrong e-mail or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
    expect(stored).not.toMatch(/refresh|access/i);
    await page.goto(`${servers.paxum!.url}/home`);
    await page.waitForURL('**/login');
  });

  it('refuses a bad e-mail on its field before any call', async () => {
    const page = await newPage({ language: 'en' });
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/')) calls.push(request.url());
    });
    await page.goto(`${servers.paxum!.url}/login`);
    await fillLogin(page, 'not-an-email', PASSWORD);
    const field = page.locator('#login_username');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const messages = await Promise.all(
      describedBy
        .split(' ')
        .filter(Boolean)
        .map((id) =>
          page
            .locator(`[id="${id}"]`)
            .innerText()
            .catch(() => ''),
        ),
    );
    expect(messages.join(' ')).toMatch(/e-?mail/i);
    expect(calls).toEqual([]);
  });
});

describe('remembered path', () => {
  it('sends an unauthenticated visit to login and back to the page after signing in', async () => {
    const page = await newPage({ language: 'en' });
    await page.goto(`${servers.paxum!.url}/history`);
    await page.waitForURL('**/login');
    await fillLogin(page, 'personal@example.com', PASSWORD);
    await page.waitForURL('**/history');
    await expect.poll(() => page.locator('main .eng-row-list__item:not(.eng-skeleton *)').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });
});
