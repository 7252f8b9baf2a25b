/**
 * The merchant's API keys in Chromium (issue 18): Northwind creates a key on /merchant/internal/api_key,
 * reads it from the one-time reveal, calls the merchant API with it from this test (from 127.0.0.1, inside
 * the demo's allowed range), and finds that request in the API log screen. Screens are captured at
 * 1280 px (into .tmp/shots-public-api/) and checked with axe-core.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { repoRoot, startServer, type RunningServer } from '../support/server-process.ts';

const PASSWORD = 'Demo-pass-2026';
const SHOTS = path.join(repoRoot, '.tmp/shots-public-api');

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  server = await startServer({ BRAND: 'paxum' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function businessPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.locator('#login_username').fill('business@example.com');
  await page.locator('#login_password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  return page;
}

describe('merchant API keys', () => {
  it('creates a key shown once, calls the merchant API with it, and sees the request in the API log', async () => {
    const page = await businessPage();
    await page.goto(`${server.url}/merchant/internal/api_key`);
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByLabel('Name').first().fill('E2E till');
    await page.getByRole('button', { name: 'Create key' }).click();
    const revealed = page.locator('[data-fact="key"]');
    await revealed.waitFor();
    const key = (await revealed.innerText()).trim();
    expect(key).toMatch(/^mk_[A-Za-z0-9_-]{43}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'key-revealed-1280.png'), fullPage: true });

    const balance = await fetch(`${server.url}/merchant-api/v1/balance`, { headers: { authorization: `Bearer ${key}` } });
    expect(balance.status).toBe(200);
    expect(((await balance.json()) as { accounts: unknown[] }).accounts.length).toBeGreaterThan(0);

    await page.goto(`${server.url}/merchant/internal/api_log`);
    const row = page.locator('tr', { hasText: 'E2E till' });
    await row.waitFor();
    expect(await row.innerText()).toContain('/merchant-api/v1/balance');
    expect(await row.innerText()).toContain('200');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'api-log-1280.png'), fullPage: true });
  });
});
