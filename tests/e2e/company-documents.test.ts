/**
 * Company documents in Chromium (issue 17 items 3 and 5): Northwind's representative, who holds the
 * documents right but no balance info, signs in and lands on /company-documents, sees what the company
 * must fix, follows the missing registered-address proof to the upload, uploads it for the unproven
 * address, and sees the count of actions required fall by two (the document and the address).
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPRESENTATIVE_DEMO_LOGIN } from '../../server/company-documents/demo-seed.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';
import { repoRoot } from '../support/server-process.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const SHOTS = path.join(repoRoot, '.tmp/shots-company-documents');

const e2e = browserAndServer();

describe('company documents', () => {
  it('a representative lands on the company documents, uploads a missing document and sees the actions required fall', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await e2e.signedInPage(REPRESENTATIVE_DEMO_LOGIN);
    await page.waitForURL((url) => url.pathname === '/company-documents');
    await page.getByRole('heading', { name: 'Company documents', level: 1 }).waitFor();
    const total = page.locator('.eng-details', { hasText: 'Things to fix' });
    await expect.poll(() => total.innerText()).toMatch(/Things to fix\s*\d+/);
    const count = async () => Number(/Things to fix\s*(\d+)/.exec(await total.innerText())![1]);
    const before = await count();
    await page.getByRole('heading', { name: 'Documents by category' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'company-documents-1280.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole('link', { name: /Registered address/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/company-documents/upload' && url.searchParams.get('category') === 'registrationAddress');
    await page.getByLabel('Document type').selectOption({ label: 'Proof of registered address' });
    await page.getByLabel('Address').selectOption({ label: '71 Shelton Street' });
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'registered-address.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('registered-address.pdf').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'company-document-upload-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/company-documents');
    await expect.poll(count).toBe(before - 2);
    await page.getByText('No document is missing.').waitFor();
    await page.getByText('Every address has a document.').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'company-documents-after-1280.png'), fullPage: true });
    await page.context().close();
  });

  it('the top user sends a resolution with its signers and accepts the prohibited escort statement after confirming', async () => {
    const page = await e2e.signedInPage('business@example.com');
    await page.goto(`${e2e.server.url}/company/resolution`);
    await page.getByRole('heading', { name: 'Resolution and statements', level: 1 }).waitFor();
    await page.getByText('No resolution has been sent yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const concerns = page.getByRole('group', { name: 'Representatives it concerns' });
    await concerns.getByLabel('Grace Holt').check();
    await page.getByRole('group', { name: 'Who signs it' }).getByLabel('Grace Holt').check();
    await page.getByRole('button', { name: 'Send the resolution' }).click();
    await page.getByText('The resolution was sent to its signers.').waitFor();
    const resolution = page.locator('section', { has: page.getByRole('heading', { name: 'Account resolution' }) });
    await resolution.getByText('Sent', { exact: true }).first().waitFor();
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Signers' }) })
      .getByText('Grace Holt')
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Accept the statement' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/Confirm for the company that it does not offer/).waitFor();
    await confirm.getByRole('button', { name: 'Yes, continue' }).click();
    await page.getByText('The statement was accepted.').waitFor();
    await page.getByText('Accepted on').waitFor();
    expect(await page.getByRole('button', { name: 'Accept the statement' }).count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'company-resolution-1280.png'), fullPage: true });
    await page.context().close();
  });
});
