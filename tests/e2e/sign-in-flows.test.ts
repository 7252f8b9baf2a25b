/**
 * Every login flow as a person uses it, in Debian's Chromium: simple, authenticator code, SMS code
 * read from the sandbox outbox, push approved on the sandbox device page in a second page, and the
 * approval of a new device; the security settings with authenticator enrolment. Screenshots of the
 * new screens (375 and 1280 px, paxum/en and aplus/es) go to .tmp/shots-signin/; axe finds no
 * serious violation on them.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from '../../server/auth/totp.ts';
import { DEMO_TOTP_SECRET, SIGN_IN_DEMO_LOGINS as LOGINS } from '../../server/signin/demo-seed.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { repoRoot, startServer, type RunningServer } from '../support/server-process.ts';

const PASSWORD = 'Demo-pass-2026';
const SHOTS = path.join(repoRoot, '.tmp/shots-signin');

let browser: Browser;
const servers: Record<string, RunningServer> = {};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  const [paxum, aplus] = await Promise.all([startServer({ BRAND: 'paxum' }), startServer({ BRAND: 'aplus' })]);
  servers.paxum = paxum;
  servers.aplus = aplus;
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(Object.values(servers).map((server) => server.stop()));
});

async function newPage(options: { language?: string; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  await context.addInitScript((language) => localStorage.setItem('language', language), options.language ?? 'en');
  return context.newPage();
}

async function fillLogin(page: Page, username: string): Promise<void> {
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill(PASSWORD);
  await page.locator('#login_password').press('Enter');
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function lastCode(server: RunningServer, to: string, purpose: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const answer = await (await fetch(`${server.url}/sandbox/outbox/messages?to=${to}&purpose=${purpose}`)).json();
        code = /\b(\d{6})\b/.exec(answer.messages[0]?.body ?? '')?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  return code!;
}

/** A TOTP code of the current step; the test waits for a fresh step if the previous one was used. */
function freshOtp(used: Set<string>): Promise<string> {
  return new Promise((resolve) => {
    const tick = () => {
      const code = totp(DEMO_TOTP_SECRET, new Date());
      if (!used.has(code)) {
        used.add(code);
        resolve(code);
      } else setTimeout(tick, 1_000);
    };
    tick();
  });
}

const usedOtps = new Set<string>();

describe('sign-in flows in the browser', () => {
  it('simple: straight to the accounts', async () => {
    const page = await newPage();
    await page.goto(`${servers.paxum!.url}/login`);
    await fillLogin(page, 'personal@example.com');
    await page.waitForURL('**/home');
  });

  for (const [brand, language, width] of [
    ['paxum', 'en', 1280],
    ['aplus', 'es', 375],
  ] as const) {
    it(`otp: the authenticator code, with a field error first (${brand}/${language}/${width})`, async () => {
      const page = await newPage({ language, width });
      await page.goto(`${servers[brand]!.url}/login`);
      await fillLogin(page, LOGINS.otp);
      await page.waitForURL('**/login/step');
      const code = page.locator('input[autocomplete="one-time-code"]');
      await expect.poll(() => code.isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `otp-${brand}-${language}-${width}`);
      const current = totp(DEMO_TOTP_SECRET, new Date());
      await code.fill(current === '000000' ? '111111' : '000000');
      await code.press('Enter');
      await expect.poll(() => page.locator('.eng-field-errors').innerText()).toMatch(/4/);
      await shot(page, `otp-error-${brand}-${language}-${width}`);
      await code.fill(await freshOtp(usedOtps));
      await code.press('Enter');
      await page.waitForURL('**/home');
    });

    it(`sms: the code from the outbox, then the accounts page (${brand}/${language}/${width})`, async () => {
      const server = servers[brand]!;
      const page = await newPage({ language, width });
      await page.goto(`${server.url}/login`);
      await fillLogin(page, LOGINS.sms);
      await page.waitForURL('**/login/step');
      await expect.poll(() => page.locator('main').innerText()).toContain('+40 ••• ••• 111');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `sms-${brand}-${language}-${width}`);
      await page.locator('input[autocomplete="one-time-code"]').fill(await lastCode(server, '40721000111', 'loginSms'));
      await page.locator('input[autocomplete="one-time-code"]').press('Enter');
      await page.waitForURL('**/home');
    });

    it(`push: approved on the sandbox device page in a second page (${brand}/${language}/${width})`, async () => {
      const server = servers[brand]!;
      const page = await newPage({ language, width });
      await page.goto(`${server.url}/login`);
      await fillLogin(page, LOGINS.push);
      await page.waitForURL('**/login/step');
      await expect.poll(() => page.locator('main').innerText()).toContain('Demo Pixel');
      await expect.poll(() => page.locator('[role="img"][data-drawn] svg').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `push-${brand}-${language}-${width}`);

      const phone = await browser.newPage();
      await phone.goto(`${server.url}/sandbox/device?login=${LOGINS.push}`);
      await phone.getByRole('button', { name: 'Approve' }).first().click();
      await phone.waitForURL(/done=approved-done/);
      await page.waitForURL('**/home');
      await phone.close();
    });

    it(`verifyDevice: a code by SMS approves this browser (${brand}/${language}/${width})`, async () => {
      const server = servers[brand]!;
      const page = await newPage({ language, width });
      await page.goto(`${server.url}/login`);
      await fillLogin(page, LOGINS.device);
      await page.waitForURL('**/login/step');
      const sms = page.locator('[data-key="sms"] [data-action="send"]');
      await expect.poll(() => sms.isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `device-${brand}-${language}-${width}`);
      await sms.click();
      const code = page.locator('input[autocomplete="one-time-code"]');
      await expect.poll(() => code.isVisible()).toBe(true);
      await code.fill(await lastCode(server, '37369123456', 'deviceApproval'));
      await code.press('Enter');
      await page.waitForURL('**/home');

      // The browser is known now: the next sign-in goes straight through.
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${server.url}/login`);
      await fillLogin(page, LOGINS.device);
      await page.waitForURL('**/home');
    });

    it(`migration: a soft notice with the days left, then continue (${brand}/${language}/${width})`, async () => {
      const page = await newPage({ language, width });
      await page.goto(`${servers[brand]!.url}/login`);
      await fillLogin(page, LOGINS.migrate);
      await page.waitForURL('**/login/step');
      await expect.poll(() => page.locator('main').innerText()).toMatch(/1[34]/);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `migration-${brand}-${language}-${width}`);
      await page.locator('[data-action="later"]').click();
      await page.waitForURL('**/home');
    });
  }

  for (const [brand, language, width] of [
    ['paxum', 'en', 1280],
    ['aplus', 'es', 375],
  ] as const) {
    it(`settings: enrol an authenticator for sign-in, confirmed with its code (${brand}/${language}/${width})`, { timeout: 90_000 }, async () => {
      const server = servers[brand]!;
      const page = await newPage({ language, width });
      await page.goto(`${server.url}/login`);
      await fillLogin(page, 'personal@example.com');
      await page.waitForURL('**/home');
      await page.goto(`${server.url}/setting`);
      const typeMode = page.locator('select[name$="_typeMode"]');
      await expect.poll(() => typeMode.isVisible()).toBe(true);
      await expect.poll(() => page.locator('.security-settings').innerText(), { timeout: 15_000 }).toMatch(/./);
      await shot(page, `setting-${brand}-${language}-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await typeMode.selectOption('otp');
      await typeMode.locator('xpath=ancestor::form').locator('button[type="submit"]').click();
      const secret = page.getByTestId('totp-secret');
      await expect.poll(() => secret.isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `setting-enrol-${brand}-${language}-${width}`);
      const code = page.locator('.security-settings__confirm input[name$="_code"]');
      await code.fill(totp((await secret.innerText()).trim(), new Date()));
      await code.press('Enter');
      await expect.poll(() => secret.count()).toBe(0);
      expect(await page.evaluate(() => sessionStorage.getItem('session.accessToken'))).toBeTruthy();
      await page.reload();
      await expect.poll(() => page.locator('select[name$="_typeMode"]').inputValue(), { timeout: 15_000 }).toBe('otp');
    });
  }
});
