/**
 * Business logos in Chromium (issue 18 item 4): Northwind's user uploads a PNG on /merchant/buttons/business_logos,
 * makes it the default, and a button's public checkout page shows it. The merchant area's own rules: /merchant opens
 * its default child, and a Northwind user without full companySettings access who opens the API key, API log or
 * webhook log page is sent to the saved buttons (the guard merchantFullAccess; the demo's clerk is given balance
 * reading first, as a documents-only user is sent to the company's documents before any merchant page).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_BUSINESS_CLERK } from '../../server/demo/seed.ts';
import { demoLogoPng } from '../../server/merchant/demo-seed.ts';
import { signIn } from '../support/api-client.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();

describe('business logos and the merchant area', () => {
  it('uploads a logo, makes it the default, and the checkout page shows it', async () => {
    const name = `E2e logo ${Date.now()}`;
    const file = path.join(os.tmpdir(), `e2e-logo-${process.pid}.png`);
    writeFileSync(file, demoLogoPng());
    const page = await e2e.signedInPage('business@example.com');
    await page.goto(`${e2e.server.url}/merchant/buttons/business_logos`);
    const form = page.locator('main form');
    await form.locator('[id$="_name"]').fill(name);
    await form.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload logo' }).click();
    const row = page.locator('main tr').filter({ hasText: name });
    await row.waitFor();
    expect(await row.locator('.eng-badge[data-value="true"]').count()).toBe(0);
    await row.getByRole('button', { name: /Make default/ }).click();
    await row.locator('.eng-badge[data-value="true"]').waitFor();
    const src = await row.locator('img').getAttribute('src');
    const logoPath = new URL(src!, e2e.server.url).pathname;

    // A button without a logo of its own shows the default one on its checkout page.
    const merchant = await signIn(e2e.server.url, 'business@example.com');
    const { accounts } = (await merchant.call('balanceInquiry', {})) as unknown as { accounts: Array<{ accountId: number; currencyCode: string }> };
    const usd = accounts.find((account) => account.currencyCode === 'USD')!;
    const { button } = (await merchant.call('merchantButtonCreate', {
      name: `${name} button`,
      accountId: usd.accountId,
      amount: '3.00',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/no',
    })) as unknown as { button: { id: number } };
    await page.goto(`${e2e.server.url}/checkout/${button.id}`);
    const logo = page.locator('main img[data-field="logoUrl"]');
    await logo.waitFor();
    expect(new URL((await logo.getAttribute('src'))!, e2e.server.url).pathname).toBe(logoPath);
    expect(await logo.getAttribute('alt')).toContain('Northwind');
    await expect.poll(() => logo.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBe(96);
    await page.context().close();
  });

  it('opens the default child of /merchant, and leaves a user with full access on the API key page', async () => {
    const owner = await e2e.signedInPage('business@example.com');
    await owner.goto(`${e2e.server.url}/merchant`);
    await owner.waitForURL('**/merchant/security/verification');
    await owner.goto(`${e2e.server.url}/merchant/internal/api_key`);
    await owner.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(owner.url()).pathname).toBe('/merchant/internal/api_key');
    await owner.context().close();
  });

  it('sends a user without the company settings right from the API key, API log and webhook log pages to the saved buttons', async () => {
    const owner = await signIn(e2e.server.url, 'business@example.com');
    const { users } = (await owner.call('accessRightsList', {})) as unknown as { users: Array<{ userId: number; email: string }> };
    const clerk = users.find((user) => user.email === DEMO_BUSINESS_CLERK)!;
    const given = await owner.call('accessRightsUpdate', {
      userId: clerk.userId,
      balanceInfo: 'read',
      transfers: 'noAccess',
      transfersApprove: 'noAccess',
      documents: 'uploading',
      companySettings: 'noAccess',
      users: 'noAccess',
    });
    expect(given.responseCode).toBe('00');
    const page = await e2e.signedInPage(DEMO_BUSINESS_CLERK);
    for (const route of ['/merchant/internal/api_key', '/merchant/internal/api_log', '/merchant/internal/webhook_log']) {
      await page.goto(`${e2e.server.url}${route}`);
      await page.waitForURL('**/merchant/buttons/my_saved_buttons');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await page.context().close();
  });
});
