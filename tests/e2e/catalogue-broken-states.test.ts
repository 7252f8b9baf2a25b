/**
 * The broken states the screen catalogue found (issue 13), each now a proper screen: company selection
 * opened by a personal customer, the personal self-certification opened by a business user, a third-party
 * sign-in link that names no client, an identity verification link that names no session, the audit log's
 * JSON wider than its table, the profile's e-mail table on a phone, and a header without navigation that hid
 * its sign-out on phones and pushed its logo to the right on laptops.
 */
import { describe, expect, it } from 'vitest';
import { browserAndServer, signedInPage } from '../support/pages.ts';

const e2e = browserAndServer();

describe('broken states found by the catalogue', () => {
  it('company selection tells a personal customer they act for no company, keeps them signed in and leads home', async () => {
    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/company-selection`);
    await page.getByText('You do not act for any company.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Go to home' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.context().close();
  });

  it('company selection names every right a business user holds, none as a raw key', async () => {
    const page = await e2e.signedInPage('business@example.com');
    await page.goto(`${e2e.server.url}/company-selection`);
    const northwind = page.getByRole('button', { name: /Northwind Studio Ltd/ });
    await northwind.waitFor();
    const rights = await northwind.innerText();
    expect(rights).toContain('Transfer approval');
    expect(rights).toContain('Company settings');
    expect(rights).not.toMatch(/session\.rights/);
    await page.context().close();
  });

  it('a page without navigation keeps its language, theme and sign-out on a phone, with the logo at the start on a laptop', async () => {
    const page = await e2e.signedInPage('business@example.com');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${e2e.server.url}/company-selection`);
    await page.getByRole('button', { name: /Northwind Studio Ltd/ }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'visible' });
    await page.getByLabel('Language').waitFor({ state: 'visible' });
    await page.setViewportSize({ width: 1280, height: 800 });
    const logo = await page.locator('.app-header .brand-logo').boundingBox();
    const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
    expect(logo!.x).toBeLessThan(100);
    expect(signOut!.x + signOut!.width).toBeGreaterThan(1180);
    await page.context().close();
  });

  it("a list's empty-state button reads in the button's own colours, not the table's link colour on the same blue", async () => {
    const page = await e2e.signedInPage('business@example.com');
    await page.goto(`${e2e.server.url}/company-selection`);
    await page.getByRole('button', { name: /Northwind Studio Ltd/ }).click();
    await page.waitForURL((url) => url.pathname !== '/company-selection');
    await page.goto(`${e2e.server.url}/messages`);
    const action = page.locator('.eng-table__empty-action');
    await action.waitFor();
    const colours = await action.evaluate((element) => {
      const style = getComputedStyle(element);
      return { text: style.color, background: style.backgroundColor };
    });
    expect(colours.text).not.toBe(colours.background);
    await page.context().close();
  });

  it('shows every settings tab whole at 1280 px in Russian, a second row rather than a strip cut at its ends', async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, 'personal@example.com', { width: 1280, language: 'ru' });
    await page.goto(`${e2e.server.url}/legal`);
    const tabs = page.locator('.eng-tabs a');
    await tabs.first().waitFor();
    const list = (await page.locator('.eng-tabs ul').boundingBox())!;
    for (const box of await tabs.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(list.x - 1);
      expect(box.right).toBeLessThanOrEqual(list.x + list.width + 1);
    }
    await page.context().close();
  });

  it('the personal self-certification tells a business user it is for personal customers, with no retry that would fail again', async () => {
    const page = await e2e.signedInPage('business@example.com');
    await page.goto(`${e2e.server.url}/company-selection`);
    await page.getByRole('button', { name: /Northwind Studio Ltd/ }).click();
    await page.waitForURL((url) => url.pathname !== '/company-selection');
    await page.goto(`${e2e.server.url}/self-certification`);
    const notice = page.getByRole('status').filter({ hasText: 'This tax self-certification is for personal customers.' });
    await notice.waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await notice.getByRole('link', { name: 'Go to home' }).click();
    await page.waitForURL('**/home');
    await page.context().close();
  });

  it('a third-party sign-in link without its client says so in the user language, not the server words', async () => {
    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/auth/sei`);
    await page.getByText('The request could not be completed. Start again from the application that sent you.').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/must |querystring|required property/);
    await page.getByRole('link', { name: 'Go to home' }).waitFor();
    await page.context().close();
  });

  it('an identity verification link that names no session says it is not valid, without the validator text', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/identity-verification/999999999/no-such-link`);
    await page.getByText('This verification link is not valid.', { exact: false }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/must be|uuid/);
    await context.close();
  });

  it("the admin audit log keeps each call's JSON inside its table at 1280 px", async () => {
    const page = await e2e.signedInPage('admin@example.com');
    await page.goto(`${e2e.server.url}/admin-overview/audit`);
    const table = page.getByRole('table');
    await table.locator('tbody tr').first().waitFor();
    const { tableWidth, wrapWidth, longest } = await table.evaluate((element) => ({
      tableWidth: element.scrollWidth,
      wrapWidth: element.parentElement!.clientWidth,
      longest: Math.max(...[...element.querySelectorAll('tbody td:last-child')].map((cell) => cell.textContent!.length)),
    }));
    expect(longest).toBeGreaterThan(20);
    expect(tableWidth).toBeLessThanOrEqual(wrapWidth);
    await page.context().close();
  });

  it('the profile shows every e-mail address whole on a 375 px phone, nothing past the screen edge', async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, 'personal@example.com', { width: 375 });
    await page.goto(`${e2e.server.url}/profile`);
    const email = page.getByText('anna.novak.studio@example.com').first();
    await email.waitFor();
    const box = (await email.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  });
});
