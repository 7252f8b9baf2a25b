/**
 * Session rules as a person meets them, in Chromium: the terms step before sign-in completes, company
 * selection and the company switcher, sign-in through an authorization code in the query, the e-mail
 * confirmation popup, the remembered path, a third-party (SEI) sign-in, and every identity route
 * rendering for a signed-in personal user. Screenshots of the new screens go to .tmp/shots-session/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';
import { repoRoot, startServer, type RunningServer } from '../support/server-process.ts';
import { IDENTITY_ROUTES } from '../specs/identity-routes.ts';

const PASSWORD = 'Demo-pass-2026';
const SHOTS = path.join(repoRoot, '.tmp/shots-session');

let browser: Browser;
const servers: Record<'paxum' | 'aplus', RunningServer> = {} as never;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  const [paxum, aplus] = await Promise.all([startServer({ BRAND: 'paxum' }), startServer({ BRAND: 'aplus' })]);
  servers.paxum = paxum;
  servers.aplus = aplus;
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(Object.values(servers).map((server) => server?.stop()));
});

async function newPage(options: { language?: string; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  await context.addInitScript((language) => localStorage.setItem('language', language), options.language ?? 'en');
  return context.newPage();
}

async function fillLogin(page: Page, username: string): Promise<void> {
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

const VARIANTS = [
  { brand: 'paxum', language: 'en', width: 1280 },
  { brand: 'paxum', language: 'en', width: 375 },
  { brand: 'aplus', language: 'es', width: 1280 },
  { brand: 'aplus', language: 'es', width: 375 },
] as const;

describe('terms step before sign-in completes', () => {
  it('shows the pending terms instead of finishing the sign-in, and signs in once they are accepted', async () => {
    const page = await newPage();
    await page.goto(`${servers.paxum.url}/login`);
    await fillLogin(page, 'terms@example.com');
    const dialog = page.getByRole('dialog', { name: 'Updated terms' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('User Agreement');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'terms-paxum-en-1280');
    const accept = dialog.getByRole('button', { name: 'Accept and sign in' });
    expect(await accept.isDisabled()).toBe(true);
    await dialog.getByLabel('I have read and accept these terms.').check();
    await accept.click();
    await page.waitForURL('**/home');
  });

  it('declining keeps the user on sign-in with the reason', async () => {
    const page = await newPage({ language: 'es', width: 375 });
    await page.goto(`${servers.aplus.url}/login`);
    await fillLogin(page, 'terms@example.com');
    const dialog = page.getByRole('dialog', { name: 'Términos actualizados' });
    await dialog.waitFor();
    await shot(page, 'terms-aplus-es-375');
    await dialog.getByRole('button', { name: 'Rechazar' }).click();
    // The token service answers in the customer's language (Accept-Language), not in English.
    await expect.poll(() => page.locator('body').innerText()).toContain('Nuestras condiciones han cambiado');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('company selection for a business user', () => {
  it.each(VARIANTS)(
    'lists both companies, acts for the chosen one and switches from the header ($brand/$language/$width)',
    async ({ brand, language, width }) => {
      const page = await newPage({ language, width });
      await page.goto(`${servers[brand].url}/login`);
      await fillLogin(page, 'business@example.com');
      await page.waitForURL('**/company-selection');
      const choices = page.locator('.company-list button');
      await expect.poll(() => choices.count()).toBe(2);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `company-selection-${brand}-${language}-${width}`);
      await choices.filter({ hasText: 'Northwind Studio Ltd' }).click();
      await page.waitForURL('**/home');
      const acting = await page.evaluate(() => sessionStorage.getItem('session.actingCustomerId'));
      expect(Number(acting)).toBeGreaterThan(0);
      if (width === 375) await page.locator('.menu-button').click();
      const switcher = page.locator('.company-switcher select');
      await switcher.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `company-switcher-${brand}-${language}-${width}`);
      await switcher.selectOption({ label: 'Harbour Lights Trading Ltd' });
      // The business list runs again with this page as the remembered path: the user stays, acting for Harbour Lights.
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('session.actingCustomerId'))).not.toBe(acting);
      expect(new URL(page.url()).pathname).toBe('/home');
    },
  );
});

/** A company business@ may act for (Northwind), and a customer it may not (the personal demo customer). */
async function askedCustomers(): Promise<{ northwind: number; stranger: number }> {
  const business = await signIn(servers.paxum.url, 'business@example.com');
  const { customers } = (await business.call('customerAccessList', {})) as { customers: { customerId: number; customerName: string }[] };
  const northwind = customers.find((company) => company.customerName === 'Northwind Studio Ltd')!.customerId;
  const personal = await signIn(servers.paxum.url, 'personal@example.com');
  const stranger = ((await personal.call('profileInquiry', {})) as { customer: { customerId: number } }).customer.customerId;
  return { northwind, stranger };
}

describe('query handling at start', () => {
  it('signs in through code and codeVerifier from the query and drops them from the address', async () => {
    const login = await new ApiClient(servers.paxum.url).login('personal@example.com');
    expect(login.status).toBe(200);
    const page = await newPage();
    await page.goto(`${servers.paxum.url}/history?code=${encodeURIComponent(login.body.code)}&codeVerifier=${encodeURIComponent(login.verifier)}`);
    await expect.poll(() => page.locator('main .eng-row-list__item:not(.eng-skeleton *)').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(page.url()).not.toContain('code');
    expect(await page.evaluate(() => sessionStorage.getItem('session.accessToken'))).toBeTruthy();
  });

  it('fromCustomerId acts for a company the server allows and leaves the address; a customer not allowed gets the notice', async () => {
    const { northwind, stranger } = await askedCustomers();
    const login = await new ApiClient(servers.paxum.url).login('business@example.com');
    const page = await newPage();
    const acting = () => page.evaluate(() => sessionStorage.getItem('session.actingCustomerId'));
    await page.goto(`${servers.paxum.url}/home?code=${encodeURIComponent(login.body.code)}&codeVerifier=${encodeURIComponent(login.verifier)}`);
    await page.waitForURL('**/company-selection');
    await page.goto(`${servers.paxum.url}/home?fromCustomerId=${northwind}`);
    await expect.poll(acting).toBe(String(northwind));
    expect(page.url()).not.toContain('fromCustomerId');
    await page.goto(`${servers.paxum.url}/home?fromCustomerId=${stranger}`);
    await expect.poll(() => page.locator('body').innerText()).toContain(`You cannot act for customer ${stranger}: you act for yourself.`);
    expect(await acting()).toBe(String(northwind));
    expect(page.url()).not.toContain('fromCustomerId');
  });

  it("keeps a signed-out visitor's fromCustomerId until sign-in, then acts for it if allowed or says why not", async () => {
    const { northwind, stranger } = await askedCustomers();
    const refusal = `You cannot act for customer ${stranger}: you act for yourself.`;

    const allowed = await newPage();
    const acting = (page: Page) => page.evaluate(() => sessionStorage.getItem('session.actingCustomerId'));
    await allowed.goto(`${servers.paxum.url}/home?fromCustomerId=${northwind}`);
    await allowed.waitForURL('**/login');
    await allowed.locator('#login_username').waitFor();
    // Nobody is signed in yet: nothing to refuse, nobody acted for.
    expect(await allowed.locator('body').innerText()).not.toContain('You cannot act for customer');
    expect(await acting(allowed)).toBeNull();
    await fillLogin(allowed, 'business@example.com');
    await expect.poll(() => acting(allowed)).toBe(String(northwind));
    await allowed.waitForURL((url) => url.pathname !== '/login');

    const refused = await newPage();
    await refused.goto(`${servers.paxum.url}/home?fromCustomerId=${stranger}`);
    await refused.locator('#login_username').waitFor();
    expect(await refused.locator('body').innerText()).not.toContain(refusal);
    await fillLogin(refused, 'business@example.com');
    await refused.waitForURL((url) => url.pathname !== '/login');
    // Said on the page the sign-in lands on, not cleared by the arrival.
    await expect.poll(() => refused.locator('body').innerText()).toContain(refusal);
    expect(await acting(refused)).toBeNull();
    // Readable over the page: the notice area is drawn outside any screen, and takes the theme all the same.
    const notice = refused.locator('.eng-notice-area__item', { hasText: refusal });
    expect(await notice.evaluate((item) => getComputedStyle(item).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  });

  it.each([
    ['success', 'en', 'E-MAIL CONFIRMATION', 'Your E-mail address has been confirmed!'],
    ['fail', 'en', 'E-MAIL CONFIRMATION', 'An error has occurred. Please contact us.'],
    ['success', 'es', 'CONFIRMACIÓN DE CORREO', '¡Su dirección de correo electrónico ha sido confirmada!'],
  ])('emailConfirmation=%s shows its popup (%s)', async (outcome, language, title, message) => {
    const page = await newPage({ language });
    await page.goto(`${servers.paxum.url}/login?emailConfirmation=${outcome}`);
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(message);
    expect(page.url()).not.toContain('emailConfirmation');
  });
});

describe('remembered paths', () => {
  it('takes a signed-out visitor back to the page they asked for after sign-in', async () => {
    const page = await newPage();
    await page.goto(`${servers.paxum.url}/login-history`);
    await page.waitForURL('**/login');
    await fillLogin(page, 'personal@example.com');
    await page.waitForURL('**/login-history');
  });

  it('signs in to a third-party application through /auth/sei: remembered, forced sign-in, approval, code exchange', async () => {
    const page = await newPage();
    await page.goto(`${servers.paxum.url}/sandbox/sei-client`);
    await page.locator('#sei-sign-in').click();
    await page.waitForURL('**/login');
    await fillLogin(page, 'personal@example.com');
    await page.waitForURL('**/auth/sei?**');
    const allow = page.getByRole('button', { name: 'Allow' });
    await allow.waitFor();
    expect(await page.locator('main').innerText()).toContain('Ledgerly Accounting (sandbox)');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'auth-sei-paxum-en-1280');
    await allow.click();
    await page.waitForURL('**/sandbox/sei-client/callback?**');
    expect(await page.locator('#sei-result').innerText()).toContain('Signed in as Anna Novak (personal@example.com)');
  });

  it('sends an authorization for an unknown client to the root path', async () => {
    const page = await newPage();
    await page.goto(`${servers.paxum.url}/login`);
    await fillLogin(page, 'personal@example.com');
    await page.waitForURL('**/home');
    await page.goto(`${servers.paxum.url}/auth/sei?client_id=nobody&redirect_uri=https%3A%2F%2Fevil.example%2Fcb&code_challenge=${'a'.repeat(43)}`);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('dialog').waitFor();
  });
});

describe('mobile app screens', () => {
  it.each(VARIANTS)('/scp and /scp-mobile render ($brand/$language/$width)', async ({ brand, language, width }) => {
    const page = await newPage({ language, width });
    await page.goto(`${servers[brand].url}/login`);
    await fillLogin(page, 'personal@example.com');
    await page.waitForURL('**/home');
    await page.goto(`${servers[brand].url}/scp`);
    await page.locator('.session-screen .button--primary').click();
    await page.locator('img.scp-qr').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `scp-${brand}-${language}-${width}`);
    await page.goto(`${servers[brand].url}/scp-mobile?request=00000000-0000-0000-0000-000000000000&purpose=device&secret=s`);
    await page.locator('h1').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `scp-mobile-${brand}-${language}-${width}`);
  });
});

describe('every identity route renders for a signed-in personal user, or redirects per its guard', () => {
  it('opens each route of document 000 section 2 in this area', async () => {
    const page = await newPage();
    await page.goto(`${servers.paxum.url}/login`);
    await fillLogin(page, 'personal@example.com');
    await page.waitForURL('**/home');
    const problems: string[] = [];
    for (const route of IDENTITY_ROUTES) {
      await page.goto(`${servers.paxum.url}${route.replace(/:[A-Za-z]+/g, 'x')}`);
      const heading = page.locator('h1').first();
      try {
        await heading.waitFor({ timeout: 10_000 });
      } catch {
        problems.push(`${route}: no h1`);
        continue;
      }
      if ((await page.locator('.eng-not-found').count()) > 0) problems.push(`${route}: 404 screen`);
    }
    expect(problems).toEqual([]);
  });
});
