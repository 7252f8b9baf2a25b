/**
 * A company's FATCA/CRS self-certification in Chromium (issue 17 item 6): Northwind's top user starts from
 * the business self-certification splash, says what kind of entity the company is, gives its tax residency
 * (the number named by the per-country table), says it is a US taxpayer and gives its EIN, saves the
 * answers, signs the W-9 on the e-signature sandbox page and comes back to see the W-9 pending. Every step
 * is checked with axe-core.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

describe('business FATCA/CRS self-certification', () => {
  it("lets Northwind's top user self-certify from the splash and sign the W-9 in the sandbox", async () => {
    const page = await signedInPage('business@example.com');
    await page.goto(`${e2e.server.url}/self-certification-business-splash`);
    await page.getByRole('heading', { name: 'Why we ask' }).waitFor();
    const w9OnSplash = page.locator('.eng-details__item', { hasText: 'Form W-9' }).locator('.eng-badge');
    await w9OnSplash.waitFor();
    expect(await w9OnSplash.getAttribute('data-value')).toBe('none');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Start now' }).click();
    await page.waitForURL('**/self-certification-business');

    await page.getByRole('heading', { name: /Step 1 of/ }).waitFor();
    await page.getByRole('radio', { name: /Other company/ }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: /Step 2 of 6/ }).waitFor();
    await page.getByLabel("The company's shares trade on a stock exchange").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: /Step 3 of 6/ }).waitFor();
    const residency = page.locator('[data-item="0"]');
    await residency.locator('select').first().selectOption('GB');
    const vrn = residency.getByLabel(/VAT registration number \(VRN\)/);
    await vrn.fill('GB123456789');
    expect(await seriousViolations(page)).toEqual([]);
    await residency.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-item="0"]', { hasText: 'Tax residency 1: United Kingdom' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: /Step 4 of 6/ }).waitFor();
    await page.getByLabel('The company is a US taxpayer').check();
    await page.getByLabel(/Employer Identification Number \(EIN\)/).fill('12-3456789');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: /Step 5 of 6/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save answers' }).click();
    await page.getByText('Your answers are saved and sent for checking.').waitFor();
    const w9 = page.locator('.eng-details__item', { hasText: 'Form W-9' }).locator('.eng-badge');
    await w9.waitFor();
    expect(await w9.getAttribute('data-value')).toBe('none');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign the W-9' }).click();
    await page.waitForURL('**/sandbox/e-signature/**');
    await page.getByText('Employer identification number: 12-3456789').waitFor();
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await page.waitForURL('**/self-certification-business');
    const signed = page.locator('.eng-details__item', { hasText: 'Form W-9' }).locator('.eng-badge');
    await expect.poll(() => signed.getAttribute('data-value'), { timeout: 15_000 }).toBe('pending');
  });
});
