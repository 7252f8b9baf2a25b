/**
 * An admin and a business customer in Chromium (issue 17 item 7, document 002 section 6): the admin finds
 * Northwind, removes one of its documents and reassigns another to one of its representatives, changes
 * its financial info in the registration wizard's own form, raises its due diligence level to 4, which
 * brings the due diligence answers, and answers them; after a reload the page shows what was saved.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';
import { repoRoot } from '../support/server-process.ts';

const SHOTS = path.join(repoRoot, '.tmp/shots-admin-company');

const e2e = browserAndServer();

/** The documents table's rows: each document's number and its representative's (empty for the company's own). */
const documentRows = async (page: Page) => {
  const documents = page.locator('section', { has: page.getByRole('heading', { name: 'Documents', exact: true }) });
  const numbers = await documents.locator('tbody tr td:nth-child(1)').allInnerTexts();
  const representatives = await documents.locator('tbody tr td:nth-child(3)').allInnerTexts();
  return numbers.map((number, index) => ({ number: number.trim(), representative: representatives[index]?.trim() ?? '' }));
};
const documentNumbers = async (page: Page) => (await documentRows(page)).map((row) => row.number);

describe('admin and a business customer', () => {
  it("removes and reassigns Northwind's documents, and changes its financial info and due diligence in the wizard's forms", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await e2e.signedInPage('admin@example.com');
    await page.goto(`${e2e.server.url}/admin-overview`);
    await page.getByLabel('Name, e-mail or customer number').fill('northwind');
    await page.getByRole('button', { name: /apply/i }).click();
    await page.locator('main table tbody tr', { hasText: 'Northwind' }).first().click();
    await page.waitForURL((url) => /^\/admin-overview\/customers\/\d+$/.test(url.pathname));
    const customerId = /\d+$/.exec(new URL(page.url()).pathname)![0];

    // Documents: one removed (after confirming), another reassigned to a representative.
    const documents = page.locator('section', { has: page.getByRole('heading', { name: 'Documents', exact: true }) });
    await documents.locator('tbody tr').first().waitFor();
    const before = await documentNumbers(page);
    expect(before.length).toBeGreaterThan(2);
    const removed = before[0]!;
    await documents.locator('tbody tr').first().getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, continue' }).click();
    await expect.poll(() => documentNumbers(page)).not.toContain(removed);

    const rows = await documentRows(page);
    const representativeId = rows.find((row) => /^\d+$/.test(row.representative))!.representative;
    const moved = rows.find((row) => row.representative === '')!.number;
    const assign = page.locator('section', { has: page.getByRole('heading', { name: 'Reassign a document' }) });
    await assign.getByLabel('Document number').fill(moved);
    await assign.getByLabel('To customer number').fill(customerId);
    await assign.getByLabel('To representative number (optional)').fill(representativeId);
    await assign.getByRole('button', { name: 'Reassign' }).click();
    await page.getByText('The document was reassigned.').waitFor();
    await expect.poll(async () => (await documentRows(page)).find((row) => row.number === moved)?.representative).toBe(representativeId);

    // Financial info: the wizard's form, started from what the company gave.
    const financial = page.locator('section', { has: page.getByRole('heading', { name: 'Financial information' }) });
    const industry = financial.getByLabel('Industry');
    await expect.poll(() => industry.inputValue()).toBe('11');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'admin-customer-1280.png'), fullPage: true });
    await industry.selectOption('21');
    await financial.getByRole('button', { name: 'Save financial information' }).click();
    await page.getByText('Financial information updated.').waitFor();

    // Due diligence answers are loaded at levels 1 and 4 only.
    const answers = page.locator('section', { has: page.getByRole('heading', { name: 'Due diligence answers' }) });
    expect(await answers.count()).toBe(0);
    const level = page.locator('section', { has: page.getByRole('button', { name: 'Update due diligence' }) });
    await level.getByLabel('Due diligence level').fill('4');
    await level.getByRole('button', { name: 'Update due diligence' }).click();
    await page.getByText('Due diligence updated.').waitFor();
    await answers.waitFor();
    const lawsuits = answers.getByRole('group', { name: /lawsuit/ });
    await lawsuits.getByLabel('Yes').check();
    await expect.poll(() => lawsuits.innerText()).toContain('Details *');
    // Refused first, then fixed: the press on the button that leaves the field (its error going away)
    // must still land on the button and send.
    await answers.getByRole('button', { name: 'Save due diligence answers' }).click();
    await lawsuits.getByText('Fill in this field.').waitFor();
    await lawsuits.getByLabel('Details').fill('One settled claim, 2021');
    await answers.getByRole('button', { name: 'Save due diligence answers' }).click();
    await page.getByText('Due diligence answers updated.').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'admin-customer-due-diligence-1280.png'), fullPage: true });

    await page.reload();
    await expect.poll(() => financial.getByLabel('Industry').inputValue()).toBe('21');
    await expect
      .poll(() =>
        answers
          .getByRole('group', { name: /lawsuit/ })
          .getByLabel('Details')
          .inputValue(),
      )
      .toBe('One settled claim, 2021');
    await page.context().close();
  }, 180_000);
});
