import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';

/** The state badge (`data-value`: none, pending, validated...) of the form named `form` ("Form W-9") on the page. */
export const formBadge = (page: Page, form: string) => page.locator('.eng-details__item', { hasText: form }).locator('.eng-badge');

/**
 * A company's FATCA/CRS self-certification (`/self-certification-business`, issue 17 item 6) as its user
 * fills it in Chromium, from step 1 to the W-9 signed on the sandbox e-signature page: an "other company",
 * tax resident in the United Kingdom with its VAT number (the number the per-country table names), a US
 * taxpayer with an EIN. Every step is checked with axe-core; `shot` is called at each stage. Resolves back
 * on /self-certification-business with the W-9 pending.
 *
 * @example
 * await page.getByRole('link', { name: 'Start now' }).click();
 * await selfCertifyAsUsTaxpayer(page);
 */
export async function selfCertifyAsUsTaxpayer(page: Page, shot: (name: string) => Promise<void> = async () => {}): Promise<void> {
  await page.getByRole('heading', { name: /Step 1 of/ }).waitFor();
  await page.getByRole('radio', { name: /Other company/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await shot('fatca-1-entity');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('heading', { name: /Step 2 of 6/ }).waitFor();
  await page.getByLabel("The company's shares trade on a stock exchange").waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('heading', { name: /Step 3 of 6/ }).waitFor();
  const residency = page.locator('[data-item="0"]');
  await residency.locator('select').first().selectOption('GB');
  await residency.getByLabel(/VAT registration number \(VRN\)/).fill('GB123456789');
  expect(await seriousViolations(page)).toEqual([]);
  await shot('fatca-3-residency');
  await residency.getByRole('button', { name: 'Save' }).click();
  await page.locator('[data-item="0"]', { hasText: 'Tax residency 1: United Kingdom' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('heading', { name: /Step 4 of 6/ }).waitFor();
  await page.getByLabel('The company is a US taxpayer').check();
  await page.getByLabel(/Employer Identification Number \(EIN\)/).fill('12-3456789');
  expect(await seriousViolations(page)).toEqual([]);
  await shot('fatca-4-us');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('heading', { name: /Step 5 of 6/ }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await shot('fatca-5-review');
  await page.getByRole('button', { name: 'Save answers' }).click();
  await page.getByText('Your answers are saved and sent for checking.').waitFor();
  await formBadge(page, 'Form W-9').waitFor();
  expect(await formBadge(page, 'Form W-9').getAttribute('data-value')).toBe('none');
  expect(await seriousViolations(page)).toEqual([]);
  await shot('fatca-6-saved');

  await page.getByRole('button', { name: 'Sign the W-9' }).click();
  await page.waitForURL('**/sandbox/e-signature/**');
  await page.getByText('Employer identification number: 12-3456789').waitFor();
  await shot('fatca-7-sandbox-signature');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await page.waitForURL('**/self-certification-business');
  await expect.poll(() => formBadge(page, 'Form W-9').getAttribute('data-value'), { timeout: 15_000 }).toBe('pending');
  // the signed form waits for its check: it is not offered for signing again
  await expect.poll(() => page.getByRole('button', { name: 'Sign the W-9' }).count(), { timeout: 15_000 }).toBe(0);
}
