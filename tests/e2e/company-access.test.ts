/**
 * Access management in Chromium (document 001's /company-access, document 002 sections 4 and 6): Northwind's
 * user with top rights gives the clerk, who holds only documents, read on balances; the clerk signs in and
 * reads the company's accounts but may not manage access. The top user then makes a director a user, who
 * activates from the e-mailed link on the employee activation, choosing a password.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_BUSINESS_CLERK } from '../../server/demo/seed.ts';
import { ApiClient } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();

describe('company access', () => {
  it('gives the clerk read on balances, which they then read without managing access', async () => {
    const clerkBefore = await new ApiClient(e2e.server.url).signIn(DEMO_BUSINESS_CLERK);
    expect((await new ApiClient(e2e.server.url).rpc('balanceTotal', {}, { token: clerkBefore.accessToken })).body.responseCode).toBe('13');

    const page = await e2e.signedInPage('business@example.com');
    await page.goto(`${e2e.server.url}/company-access`);
    const clerk = page.locator('main table tbody tr', { hasText: 'Tom Baker' });
    await clerk.waitFor();
    expect(await clerk.innerText()).toContain('Authorised user');
    expect(await seriousViolations(page)).toEqual([]);
    await clerk.getByRole('link', { name: /Change access/ }).click();

    const balances = page.getByRole('group', { name: 'Balances and history' });
    await balances.getByRole('radio', { name: 'Read' }).check();
    await page.getByRole('button', { name: 'Save access' }).click();
    await page.getByText('The access is saved.').waitFor();
    await page.waitForURL((url) => url.pathname === '/company-access');
    await expect.poll(async () => (await page.locator('main table tbody tr', { hasText: 'Tom Baker' }).innerText()).includes('Read')).toBe(true);
    await page.context().close();

    const api = new ApiClient(e2e.server.url);
    const clerkAfter = await api.signIn(DEMO_BUSINESS_CLERK);
    const access = await api.rpc('businessAccessInfo', {}, { token: clerkAfter.accessToken });
    expect(access.body.accessList).toMatchObject({ balanceInfo: true, transfers: false, users: false });

    const clerkPage = await e2e.signedInPage(DEMO_BUSINESS_CLERK);
    await clerkPage.goto(`${e2e.server.url}/accounts`);
    await clerkPage
      .locator('main')
      .getByText(/USD|EUR/)
      .first()
      .waitFor();
    await clerkPage.goto(`${e2e.server.url}/company-access`);
    await clerkPage.getByRole('heading', { name: 'Users and access' }).waitFor();
    await clerkPage.getByText("You cannot manage this company's users: ask a user with top rights.").first().waitFor();
    expect(await clerkPage.locator('main table tbody tr', { hasText: 'Tom Baker' }).count()).toBe(0);
    await clerkPage.context().close();
  });

  it('makes a director a user, who activates from the e-mailed link choosing a password', async () => {
    const page = await e2e.signedInPage('business@example.com', 375);
    await page.goto(`${e2e.server.url}/company-access`);
    const clara = page.locator('main table tbody tr', { hasText: 'Clara Moss' });
    await clara.waitFor();
    await clara.getByRole('button', { name: /Make a user/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make a user' }).click();
    await page.getByText('clara.moss@example.com is a user now and has been e-mailed an activation link.').waitFor();
    await page.locator('main table tbody tr', { hasText: 'Waiting for activation' }).waitFor();
    await page.context().close();

    const outbox = await new ApiClient(e2e.server.url).get(
      `/sandbox/outbox/messages?${new URLSearchParams({ to: 'clara.moss@example.com', purpose: 'activation' })}`,
    );
    const [invitation] = JSON.parse(outbox.text).messages as Array<{ body: string }>;
    const link = /\/activate-employee\?\S+/.exec(invitation?.body ?? '')?.[0];
    expect(link).toBeDefined();

    const context = await e2e.browser.newContext({ viewport: { width: 375, height: 900 } });
    const visitor = await context.newPage();
    await visitor.goto(`${e2e.server.url}${link}`);
    await visitor.getByRole('heading', { name: 'Activate your access' }).waitFor();
    await visitor.getByLabel('Password', { exact: false }).first().fill('Clara-pass-2027');
    await visitor.locator('form button[type="submit"]').click();
    await visitor.waitForURL((url) => !url.pathname.startsWith('/activate-employee'), { timeout: 30_000 });
    expect(await new ApiClient(e2e.server.url).signIn('clara.moss@example.com', 'Clara-pass-2027')).toHaveProperty('accessToken');
    await context.close();
  });
});
