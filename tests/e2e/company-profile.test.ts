/**
 * The company profile as a business user uses it, in Chromium (issue 17 item 3): Northwind's info edited
 * and saved, then an e-mail added to the company and confirmed with the code of the link read from the
 * sandbox outbox. Screens are captured at 1280 px (into .tmp/shots-company/) and checked with axe-core.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { repoRoot, startServer, type RunningServer } from '../support/server-process.ts';

const PASSWORD = 'Demo-pass-2026';
const SHOTS = path.join(repoRoot, '.tmp/shots-company');

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

/** The code of the newest confirmation link sent to an address. */
async function linkCode(to: string): Promise<string> {
  const answer = await fetch(`${server.url}/sandbox/outbox/messages?to=${encodeURIComponent(to)}&purpose=emailConfirmation`);
  const { messages } = (await answer.json()) as { messages: { body: string }[] };
  return /token=([A-Za-z0-9_-]+)/.exec(messages[0]!.body)![1]!;
}

describe('company profile', () => {
  it('edits the company info, then adds an e-mail and confirms it with the code of its link', async () => {
    const page = await businessPage();
    await page.goto(`${server.url}/company/info`);
    const tradingName = page.getByLabel('Trading name');
    await expect.poll(() => tradingName.inputValue()).toBe('Northwind');
    await tradingName.fill('Northwind Pictures');
    await page.getByLabel('Website').fill('https://pictures.northwind.example');
    await page.getByRole('button', { name: 'Save company info' }).click();
    await page.getByText('Company info saved.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'info-saved-1280.png'), fullPage: true });
    await page.reload();
    await expect.poll(() => page.getByLabel('Trading name').inputValue()).toBe('Northwind Pictures');

    await page.getByRole('link', { name: 'E-mails' }).click();
    await page.waitForURL((url) => url.pathname === '/company-emails');
    // The address changes before the new screen replaces the old one, whose "Company e-mail" field also
    // answers to 'E-mail': fill the field of the form that adds one, once it is there.
    const addForm = page.locator('form', { has: page.getByRole('button', { name: 'Add e-mail' }) });
    await addForm.getByRole('textbox', { name: 'E-mail' }).fill('finance@northwind.example');
    await addForm.getByRole('button', { name: 'Add e-mail' }).click();
    await page.getByText('We sent a confirmation link to finance@northwind.example.').waitFor();
    // The engine keeps answers cached for two seconds; a fresh load shows the server's list for certain.
    await page.reload();
    const row = page.locator('tr', { hasText: 'finance@northwind.example' });
    await row.waitFor();
    await row.getByRole('link', { name: 'Enter the code' }).click();
    await page.waitForURL(/\/company-emails\/\d+\/confirm$/);
    await page.getByLabel('Confirmation code').fill(await linkCode('finance@northwind.example'));
    await page.getByRole('button', { name: 'Confirm e-mail' }).click();
    await page.waitForURL((url) => url.pathname === '/company-emails');
    await page.getByText('E-mail finance@northwind.example confirmed.').waitFor();
    await page.reload();
    await expect.poll(() => page.locator('tr', { hasText: 'finance@northwind.example' }).innerText()).toContain('Confirmed');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'emails-confirmed-1280.png'), fullPage: true });
  });
});
