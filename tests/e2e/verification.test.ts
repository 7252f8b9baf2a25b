/**
 * The verification area in Chromium: an unverified customer sees the status banner with its counter
 * and follows it; a limited customer uploads every limit document and the account moves to
 * processing; an identity verification is completed on the provider sandbox page and the session
 * screen shows it. Every verification screen is checked with axe-core.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';
import { DEMO_REPRESENTATIVE_SECRET } from '../../server/verification/demo-seed.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const e2e = browserAndServer();
const { signedInPage } = e2e;

describe('verification', () => {
  it('shows an unverified customer the banner with the number of actions, which leads to the profile', async () => {
    const page = await signedInPage('unverified@example.com');
    await page.goto(`${e2e.server.url}/home`);
    const banner = page.locator('.verification-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-state')).toBe('hasRequiredActions');
    const link = banner.getByRole('link');
    expect(await link.innerText()).toBe('Actions required: 3');
    expect(await seriousViolations(page)).toEqual([]);
    await link.click();
    await page.waitForURL('**/profile');
  });

  it('lists what is missing on /unverified-account and shows the due diligence request', async () => {
    const page = await signedInPage('unverified@example.com', 375);
    await page.goto(`${e2e.server.url}/unverified-account`);
    const missing = page.locator('.eng-card[data-key]');
    await expect.poll(() => missing.evaluateAll((items) => items.map((item) => item.getAttribute('data-key')))).toEqual(['fatca', 'identity', 'phone']);
    await page.getByRole('heading', { name: 'Due diligence, level 1' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The upload sends the request's fixed flag beside the file; the document then shows as submitted.
    await page.locator('input[type="file"]').setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('The document is uploaded.').waitFor();
    await page.locator('tr', { hasText: 'statement.png' }).locator('.eng-badge[data-value="0"]').waitFor();
  });

  it('sends a verified customer home from /unverified-account and shows no banner', async () => {
    const page = await signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/unverified-account`);
    await page.waitForURL('**/home');
    await page.locator('main h1').waitFor();
    expect(await page.locator('.verification-banner').count()).toBe(0);
  });

  it('lets a limited customer upload every limit document, after which the documents are being processed', async () => {
    const page = await signedInPage('limited@example.com');
    await page.goto(`${e2e.server.url}/home`);
    const banner = page.locator('.verification-banner[data-state="limited"]');
    await banner.waitFor();
    await banner.getByRole('link').click();
    await page.waitForURL('**/limited-account');
    await page.locator('[data-group="1"]').getByRole('heading', { name: 'Expired documents' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const state = page.locator('[data-field="state"]');
    expect(await state.innerText()).toBe('Your account is limited. Upload every document listed below; we review them as soon as they arrive.');
    for (let left = 4; left > 0; left--) {
      const form = page.locator('.eng-card form').first();
      await form.locator('input[type="file"]').setInputFiles({ name: `scan-${left}.png`, mimeType: 'image/png', buffer: PNG });
      await form.getByRole('button', { name: 'Upload' }).click();
      await expect.poll(() => page.locator('.eng-card form').count(), { timeout: 15_000 }).toBe(left - 1);
    }
    await expect.poll(() => state.innerText()).toBe('All documents are uploaded. We are reviewing them and will lift the limit once they are confirmed.');
    expect(await page.locator('.eng-badge[data-value="0"]').count()).toBe(4);
    await page.goto(`${e2e.server.url}/home`);
    await page.locator('main h1').waitFor();
    expect(await page.locator('.verification-banner').count()).toBe(0);
  });

  it('completes an identity verification on the provider sandbox page', async () => {
    const page = await signedInPage('unverified@example.com');
    await page.goto(`${e2e.server.url}/unverified-account`);
    await page.locator('.eng-card[data-key="identity"]').getByRole('button').click();
    await page.waitForURL('**/identity-verification/**');
    const status = page.locator('.verification-notice[data-status]');
    await expect.poll(() => status.getAttribute('data-status')).toBe('started');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Continue at the verification partner' }).click();
    await page.waitForURL('**/sandbox/identity/**');
    expect(await page.locator('#lastName').inputValue()).toBe('Varga');
    await page.getByRole('button', { name: 'Complete verification' }).click();
    await page.waitForURL('**/identity-verification/**');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('completed');
    await page.goto(`${e2e.server.url}/unverified-account`);
    await expect
      .poll(() => page.locator('.eng-card[data-key]').evaluateAll((items) => items.map((item) => item.getAttribute('data-key'))))
      .toEqual(['fatca', 'phone']);
  });

  it('says on the splash why the self-certification is asked for and which documents it needs, and starts it', async () => {
    const page = await signedInPage('unverified@example.com', 375);
    await page.goto(`${e2e.server.url}/self-certification-splash`);
    await page.getByRole('heading', { name: 'Why we ask' }).waitFor();
    const selfCertification = page.locator('.eng-details__item', { hasText: 'Tax residency self-certification' }).locator('.eng-badge');
    expect(await selfCertification.getAttribute('data-value')).toBe('none');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Start now' }).click();
    await page.waitForURL('**/self-certification');
    await page.getByRole('heading', { name: /Step 1 of 4/ }).waitFor();
  });

  it('self-certifies and signs the W-8BEN on the e-signature sandbox page', async () => {
    const page = await signedInPage('unverified@example.com');
    await page.goto(`${e2e.server.url}/self-certification`);
    await page.getByRole('heading', { name: /Step 1 of 4/ }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    const residency = page.locator('[data-item="0"]');
    await residency.locator('select').selectOption('PT');
    await residency.getByLabel('Tax identification number').fill('123456789');
    await residency.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-item="0"]', { hasText: 'Tax residency 1: Portugal' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('[data-step="residencies"] [data-item="0"]', { hasText: 'Portugal' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save answers' }).click();
    await page.getByText('Your answers are saved and sent for checking.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign the W-8BEN' }).click();
    await page.waitForURL('**/sandbox/e-signature/**');
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await page.waitForURL('**/self-certification');
    const w8ben = page.locator('.eng-details__item', { hasText: 'Form W-8BEN' }).locator('.eng-badge');
    await expect.poll(() => w8ben.getAttribute('data-value'), { timeout: 15_000 }).toBe('pending');
  });

  it("lets a company's representative self-certify by the link's secret, which the tab keeps for a later visit", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/self-certification-representative?authSecret=${DEMO_REPRESENTATIVE_SECRET}`);
    await page.getByText('Liam Hart, you certify your own tax residency as a representative of').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    const residency = page.locator('[data-item="0"]');
    await residency.locator('select').selectOption('GB');
    await residency.getByLabel('Tax identification number').fill('AB123456C');
    await residency.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Save answers' }).click();
    await page.getByText('Your answers are saved and sent for checking.').waitFor();
    await page.getByRole('button', { name: 'Sign the W-8BEN' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Without the secret in the address, the kept one is put back and the saved answers open on the documents.
    await page.goto(`${e2e.server.url}/self-certification-representative`);
    await page.waitForURL(`**/self-certification-representative?authSecret=${DEMO_REPRESENTATIVE_SECRET}`);
    await page.getByRole('heading', { name: /Step 4 of 4/ }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.locator('[data-step="residencies"] [data-item="0"]', { hasText: 'United Kingdom' }).waitFor();
    await context.close();
  });
});
