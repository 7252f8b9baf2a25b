/**
 * Analytics consent and the admin replay (issue 19 item 4): nothing goes to the analytics host before the
 * customer accepts in the banner; after that their session is recorded in batches to the sandbox host,
 * and the admin replays it with what the customer typed masked.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { startServer, repoRoot, type RunningServer } from '../support/server-process.ts';
import { signedInPage } from '../support/sign-in.ts';

const SHOTS = path.join(repoRoot, '.tmp/shots-analytics-consent');
const TYPED = 'Lost card 4417 today';

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  browser = await launchChromium({ askConsent: true });
  server = await startServer({ BRAND: 'paxum' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('analytics consent and the admin replay', () => {
  it('records nothing before consent, then a session the admin replays with the typed value masked', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await signedInPage(browser, server.url, 'personal@example.com');
    const analyticsRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/analytics/')) analyticsRequests.push(request.url());
    });
    const banner = page.getByRole('region', { name: 'Cookies and analytics' });
    await banner.waitFor();
    await page.goto(`${server.url}/messages/new`);
    await page.getByLabel('Subject').fill('Before consent');
    await banner.waitFor();
    expect(analyticsRequests).toEqual([]);

    // Accepted: the page is recorded from here; what is typed reaches the host masked, in batches.
    const stored: number[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/analytics/record')) void request.response().then((answer) => stored.push(answer?.status() ?? 0));
    });
    await banner.getByRole('button', { name: 'Accept' }).click();
    const before = stored.length;
    await page.getByLabel('Subject').fill(TYPED);
    await page.getByLabel('Message').fill('Please block it.');
    await expect.poll(() => stored.length, { timeout: 30_000 }).toBeGreaterThan(before);
    expect(stored.every((status) => status >= 200 && status < 300)).toBe(true);

    // The admin finds the customer, opens their recordings and replays the newest to its end.
    const admin = await signedInPage(browser, server.url, 'admin@example.com');
    await admin.goto(`${server.url}/admin-overview`);
    await admin.getByLabel('Name, e-mail or customer number').fill('novak');
    await admin.getByRole('button', { name: /apply/i }).click();
    await admin.locator('main table tbody tr', { hasText: 'Anna Novak' }).click();
    await admin.getByRole('heading', { name: 'Anna Novak' }).waitFor();
    await admin
      .getByRole('link', { name: 'Session recordings' })
      .or(admin.getByRole('button', { name: 'Session recordings' }))
      .first()
      .click();
    await admin.getByRole('heading', { name: 'Session recordings', level: 1 }).waitFor();
    await admin.locator('main table tbody tr').first().getByRole('button', { name: 'Replay' }).click();
    const progress = admin.getByLabel('Position in the recording');
    await progress.waitFor();
    const replayed = admin.frameLocator('iframe[title="The recorded page"]');
    const subjectValue = async () =>
      (await replayed.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).join('|');
    await progress.fill(await progress.getAttribute('max').then((max) => max ?? '1'));
    await expect.poll(subjectValue).toContain('*'.repeat(TYPED.length));
    expect(await subjectValue()).not.toContain('Lost card');
    await admin.screenshot({ path: path.join(SHOTS, 'replay-1280.png'), fullPage: true });
    await admin.setViewportSize({ width: 375, height: 900 });
    await admin.screenshot({ path: path.join(SHOTS, 'replay-375.png'), fullPage: true });

    // The demo business customer has a recording of its own, so the screen is filled under npm start.
    await admin.goto(`${server.url}/admin-overview`);
    await admin.getByLabel('Name, e-mail or customer number').fill('northwind');
    await admin.getByRole('button', { name: /apply/i }).click();
    await admin.locator('main table tbody tr', { hasText: 'Northwind' }).first().click();
    await admin.waitForURL((url) => /^\/admin-overview\/customers\/\d+$/.test(url.pathname));
    await admin.goto(`${admin.url()}/recordings`);
    await expect.poll(() => admin.locator('main').innerText()).toContain('0:06');
  });
});
