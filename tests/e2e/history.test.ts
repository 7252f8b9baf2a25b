/**
 * The history area in Chromium: the personal customer filters the transaction history by type and date
 * and sees the rows and the count follow the server, opens a transaction's details, exports the filtered
 * history as CSV through the page's own button, downloads the transaction's receipt from its details, downloads this month's statement of the USD account as a
 * PDF through its own button (currency and closing balance inside), and reads the home balance chart
 * through its accessible table; the business customer sees its batch transfers. Axe finds nothing serious
 * on any of these screens.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { inspectPdf } from '../support/pdf-tools.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

const tableRows = (page: Page) => page.locator('main tbody tr.eng-table__row');
const resultCount = (page: Page) => page.locator('main .eng-table-toolbar__count');
const downloaded = async (download: Download) => readFile((await download.path())!);

describe('history', () => {
  it('filters the history by type and date, opens a transaction and exports the filtered rows as CSV', async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const everything = await api.call('transactionHistory', { pageSize: 100 });
    const exchanges = (everything.transactions as Array<{ operationType: string; transactionDate: string }>).filter((row) => row.operationType === 'Exchange');
    expect(exchanges.length).toBeGreaterThan(0);
    const since = exchanges[exchanges.length - 1]!.transactionDate.slice(0, 10);
    const filtered = await api.call('transactionHistory', { transactionType: 'Exchange', fromDate: since, pageSize: 100 });
    expect(filtered.results).toBeGreaterThan(0);
    expect(filtered.results).toBeLessThan(everything.results);

    const page = await signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/history`);
    await page.getByRole('heading', { name: 'Transaction history', level: 1 }).waitFor();
    await tableRows(page).first().waitFor();
    await expect.poll(() => resultCount(page).innerText()).toBe(`${everything.results} results`);
    expect(await tableRows(page).count()).toBe(20);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Type', { exact: true }).selectOption('Exchange');
    await page.getByLabel('From', { exact: true }).fill(since);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => resultCount(page).innerText()).toBe(`${filtered.results} result${filtered.results === 1 ? '' : 's'}`);
    await expect.poll(() => tableRows(page).count()).toBe(Math.min(filtered.results, 20));
    const types = await tableRows(page).locator('td:nth-child(4)').allInnerTexts();
    expect(new Set(types.map((text) => text.trim()))).toEqual(new Set(['Exchange']));

    // The export asks the server for the same filter and streams every matching row.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const lines = (await downloaded(download))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('Date,Transaction,Account,Type,Description,Counterparty,Status,Amount,Currency');
    expect(lines).toHaveLength(filtered.results + 1);
    const first = filtered.transactions[0];
    expect(lines[1]!.split(',')).toEqual(
      expect.arrayContaining([String(first.transactionId), String(first.accountId), 'Exchange', first.amount, first.currencyCode]),
    );
    expect(lines.slice(1).every((line) => line.split(',')[3] === 'Exchange')).toBe(true);

    // A row opens the transaction's details.
    await tableRows(page).first().getByRole('link').first().click();
    await page.waitForURL(`**/history/${first.transactionId}`);
    await page.getByRole('heading', { name: 'Transaction details', level: 1 }).waitFor();
    const details = page.locator('main dl.eng-details');
    await details.waitFor();
    await expect.poll(() => details.innerText()).toContain(first.description);
    expect(await details.innerText()).toContain(String(first.transactionId));
    expect(await seriousViolations(page)).toEqual([]);
    // The details offer the transaction's receipt as a PDF.
    const [receipt] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download receipt (PDF)' }).click()]);
    expect(receipt.suggestedFilename()).toBe(`receipt-${first.transactionId}.pdf`);
    const { text: receiptText, info } = inspectPdf(await downloaded(receipt));
    expect(info).toMatchObject({ Title: 'Payment receipt', Tagged: 'yes' });
    expect(receiptText).toContain(String(first.transactionId));
    expect(receiptText).toContain(first.amount.replace(/^-/, ''));
    await page
      .getByRole('link', { name: 'Back to history' })
      .or(page.getByRole('button', { name: 'Back to history' }))
      .first()
      .click();
    await page.waitForURL('**/history');
    await page.context().close();
  });

  it("downloads this month's statement of the USD account as a PDF with the currency and closing balance", async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const usd = (await api.call('balanceInquiry', {})).accounts.find((account: { currencyCode: string }) => account.currencyCode === 'USD');
    const now = new Date();
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    const thisMonth = await api.call('transactionHistory', { accountId: usd.accountId, fromDate: `${year}-${String(month).padStart(2, '0')}-01` });
    expect(thisMonth.results).toBeGreaterThan(0);

    const page = await signedInPage('personal@example.com', 375);
    await page.goto(`${e2e.server.url}/statements`);
    await page.getByRole('heading', { name: 'Statements', level: 1 }).waitFor();
    const monthName = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));
    const row = page.locator('main table tbody tr', { hasText: monthName }).filter({ hasText: `No. ${usd.accountId}` });
    await row.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download PDF statement for ${monthName}, USD account ${usd.accountId}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${usd.accountId}-${year}-${String(month).padStart(2, '0')}.pdf`);
    const bytes = await downloaded(download);
    const { text } = inspectPdf(bytes);
    // This month's statement closes at the account's posted balance.
    expect(text).toContain(`No. ${usd.accountId}, USD`);
    expect(text).toContain('Amount, USD');
    expect(text).toMatch(new RegExp(`Closing balance\\s+${usd.balance.replace('.', '\\.')} USD`));
    await page.context().close();
  });

  it('shows the balance chart on home with its data as an accessible table', async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const { points } = await api.call('balanceHistory', { days: 85, step: 7 });
    expect(points.length).toBe(13);

    const page = await signedInPage('personal@example.com');
    await page.waitForURL('**/home');
    const chart = page.locator('main figure.eng-chart');
    await chart.locator('.eng-chart__bar').first().waitFor();
    expect(await chart.locator('.eng-chart__bar').count()).toBe(points.length);
    const table = page.getByRole('table', { name: 'Balance over the last 12 weeks' });
    expect(await table.locator('tbody tr').count()).toBe(points.length);
    const last = points[points.length - 1];
    const [, value] = await table.locator('tbody tr').last().locator('th, td').allInnerTexts();
    expect(value!.replace(/[^0-9.-]/g, '')).toBe(last.balance);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("lists the business customer's batch transfers and filters them by name", async () => {
    const api = await signIn(e2e.server.url, 'business@example.com');
    const batches = await api.call('batchTransferList', {});
    const payouts = await api.call('batchTransferList', { search: 'payouts' });
    expect(batches.total).toBeGreaterThan(payouts.total);
    expect(payouts.total).toBeGreaterThan(0);

    const page = await signedInPage('business@example.com', 375);
    await page.goto(`${e2e.server.url}/history/batch-transfers`);
    await page.getByRole('heading', { name: 'Batch transfers', level: 1 }).waitFor();
    await tableRows(page).first().waitFor();
    await expect.poll(() => tableRows(page).count()).toBe(batches.total);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Search', { exact: true }).fill('payouts');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => tableRows(page).count()).toBe(payouts.total);
    expect(await resultCount(page).innerText()).toBe(`${payouts.total} result${payouts.total === 1 ? '' : 's'}`);
    expect(await tableRows(page).first().innerText()).toContain(payouts.batchTransfer.transfer[0].name);
    await page.context().close();
  });
});
