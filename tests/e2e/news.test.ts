/**
 * News in Chromium: the personal customer opens /news, sees the unread announcements addressed to
 * them (not the business-only one), narrows the list to those awaiting an answer, opens the updated
 * terms, accepts them after confirming, and finds the answer recorded in the list.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';

const TERMS = 'Updated terms of the multi-currency account';

const e2e = browserAndServer();
const { signedInPage } = e2e;

describe('news', () => {
  it('lists the announcements, opens the updated terms and accepts them after confirming', async () => {
    const page = await signedInPage('personal@example.com');
    await page.getByRole('navigation').getByRole('button', { name: 'More' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'News' }).first().click();
    await page.waitForURL('**/news');
    await page.getByRole('heading', { name: 'News', level: 1 }).waitFor();
    const rows = page.locator('main table tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await page.locator('main').innerText()).not.toContain('Batch payouts');
    const termsRow = rows.filter({ hasText: TERMS });
    expect(await termsRow.innerText()).toContain('New');
    expect(await termsRow.innerText()).toContain('Awaiting your answer');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Only those waiting for my answer').check();
    await page.getByRole('button', { name: /apply/i }).click();
    await expect.poll(() => rows.count()).toBe(1);

    await termsRow.getByRole('link', { name: TERMS }).click();
    await page.waitForURL(/\/news\/\d+$/);
    await page.getByRole('heading', { name: TERMS }).waitFor();
    await page.getByText('interbank rate plus a fixed 0.4% margin', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`You are accepting “${TERMS}”`, { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('You accepted this on', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Decline' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'All news' }).click();
    await page.waitForURL('**/news');
    const answered = page.locator('main table tbody tr', { hasText: TERMS });
    await expect.poll(() => answered.innerText()).toContain('Accepted');
    expect(await answered.innerText()).toContain('Read');
    await page.context().close();
  });

  it('reads on a phone: the list and an announcement at 375 px', async () => {
    const page = await signedInPage('personal@example.com', 375);
    await page.goto(`${e2e.server.url}/news`);
    const link = page.locator('main table tbody tr').filter({ hasText: 'phishing' }).getByRole('link');
    await link.click();
    await page.getByRole('heading', { name: 'Protect yourself from phishing' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
