/**
 * Home and the main navigation, in Debian's Chromium: a customer registered a minute ago opens their
 * first account from Home and sees its balance there, with the actions still required named and linked;
 * the header keeps its entries on one row at 1280 px in Russian (the longest words), with the rest under
 * a "More" menu the keyboard opens and Escape closes; at 375 px nothing overflows and the main entries
 * sit in a bar at the bottom.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/demo/seed.ts';
import { ApiClient } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer, signedInPage } from '../support/pages.ts';
import { solvedChallenge } from '../support/bot-challenge.ts';

const e2e = browserAndServer();

/** Registers and activates a personal customer through the API, as the registration screens would. */
async function newCustomer(): Promise<string> {
  const client = new ApiClient(e2e.server.url);
  const email = `first.account.${Date.now()}@example.com`;
  const created = await client.rpc('accountCreate', {
    firstName: 'Irina',
    lastName: 'Volkova',
    username: email,
    password: DEMO_PASSWORD,
    residenceCountryCode: 'RO',
    birthDay: '1991-04-12',
    phoneCountryCode: '+40',
    phone: '721 000 222',
    registrationType: 'freelancers',
    acceptedTerms: ['privacyPolicy', 'userAgreement'],
    challengeToken: await solvedChallenge(e2e.server.url),
  });
  expect(created.body.responseCode).toBe('00');
  const query = new URLSearchParams({ to: email, purpose: 'activation' });
  let code = '';
  await expect
    .poll(async () => {
      const outbox = JSON.parse((await client.get(`/sandbox/outbox/messages?${query}`)).text);
      code = /\b([0-9]{6})\b/.exec(outbox.messages[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^[0-9]{6}$/);
  expect((await client.rpc('accountActivate', { username: email, activationCode: code })).body.responseCode).toBe('00');
  return email;
}

/** business@ acts for two companies: Northwind, as sign-in asks when it does. */
async function actForNorthwind(page: Page): Promise<void> {
  if (new URL(page.url()).pathname === '/company-selection') {
    await page.locator('.company-list button').filter({ hasText: 'Northwind Studio Ltd' }).click();
    await page.waitForURL('**/home');
  }
}

/** Whether the header's navigation entries all sit on one row: their middles within a few pixels. */
const entriesOnOneRow = (page: Page) =>
  page.evaluate(() => {
    const middles = [...document.querySelectorAll('.main-nav__primary a, .more-menu__button')].map((entry) => {
      const box = entry.getBoundingClientRect();
      return box.top + box.height / 2;
    });
    return middles.length > 1 && Math.max(...middles) - Math.min(...middles) < 8;
  });

describe('home', () => {
  it('leads a new customer to their first account and shows its balance, with what is still required named', async () => {
    const email = await newCustomer();
    const page = await signedInPage(e2e.browser, e2e.server.url, email, { width: 375 });
    await page.goto(`${e2e.server.url}/home`);
    const firstStep = page.getByRole('region', { name: 'Open your first account' });
    await firstStep.waitFor();
    // No balance once every section has its answer (the placeholders of those still loading go with them).
    await expect.poll(() => page.locator('main .eng-card__value').count()).toBe(0);
    // Each required action by name, with where to do it, instead of a count.
    const required = page.getByRole('region', { name: 'Actions required' });
    await required.locator('[data-key="phone"]').getByRole('link', { name: 'Confirm phone' }).waitFor();
    expect(await required.innerText()).toContain('Confirm your phone number');
    expect(await seriousViolations(page)).toEqual([]);

    await firstStep.getByRole('link', { name: 'Open your first account' }).click();
    await page.waitForURL('**/accounts/add-currency');
    await page.getByLabel('Currency').selectOption({ label: 'EUR · Euro' });
    await page.locator('main form button[type="submit"]').click();
    await page.waitForURL('**/home');

    const account = page.getByRole('region', { name: 'Your accounts' }).locator('li.eng-card');
    await expect.poll(() => account.locator('.eng-card__title').allInnerTexts()).toEqual(['EUR · Payment']);
    expect(await account.locator('.eng-card__value').innerText()).toContain('€0.00');
    expect(await account.innerText()).toMatch(/••\s[0-9]{4}/);
    const total = page.getByRole('region', { name: 'What you hold' });
    expect(await total.locator('.eng-card__title').innerText()).toBe('Total in EUR');
    expect(await total.locator('.eng-card__value').innerText()).toContain('€0.00');
    expect(await page.getByRole('region', { name: 'Open your first account' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Quick actions' }).getByRole('link', { name: 'Send money' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps the header on one row at 1280 px in Russian, the rest under a More menu the keyboard works', async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, 'business@example.com', { width: 1280, language: 'ru' });
    await actForNorthwind(page);
    await page.goto(`${e2e.server.url}/home`);
    const more = page.getByRole('button', { name: 'Ещё' });
    await page.locator('.acting-chip').getByText('Northwind Studio Ltd').first().waitFor();
    await page.locator('.main-nav__primary a').first().waitFor();
    expect(await page.locator('.main-nav__primary a').count()).toBeLessThanOrEqual(6);
    expect(await entriesOnOneRow(page)).toBe(true);
    const header = await page.locator('header.app-header').boundingBox();
    expect(header!.height).toBeLessThan(100);
    // The entries end before whom the user acts as begins: nothing runs under the chip.
    const lastEntry = await page.locator('.more-menu__button').boundingBox();
    const chip = await page.locator('.acting-chip').boundingBox();
    expect(lastEntry!.x + lastEntry!.width).toBeLessThanOrEqual(chip!.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    const list = page.locator('.more-menu__list');
    expect(await list.isVisible()).toBe(false);
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await list.getByRole('link', { name: 'Новости' }).waitFor();
    await list.getByRole('link', { name: /Одобрения/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await list.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('more-menu__button');
    await page.context().close();
  });

  it('fits a phone in Russian: nothing overflows, and the main entries sit in the bottom bar', async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, 'business@example.com', { width: 375, language: 'ru' });
    await actForNorthwind(page);
    await page.goto(`${e2e.server.url}/home`);
    await page.getByRole('region', { name: 'Ваши счета' }).locator('li.eng-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const bar = page.getByRole('navigation', { name: 'Быстрая навигация' });
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.getByRole('link').allInnerTexts()).toEqual(['Главная', 'Счета', 'Карты', 'История', 'Человеку']);
    expect(await page.locator('.acting-chip').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await bar.getByRole('link', { name: 'История' }).click();
    await page.waitForURL('**/history');
    await page.context().close();
  });
});
