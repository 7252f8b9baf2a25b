/**
 * The history area in Chromium: the personal customer narrows the transaction history with its quick
 * filters, its search box and its folded filters and sees the lines and the count follow the server, opens
 * a transaction's details with its timeline, finds the same lines on Home in Russian at 375 px without
 * anything overflowing, exports the filtered
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
import { browserAndServer, signedInPage as signedInPageAs } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

const tableRows = (page: Page) => page.locator('main tbody tr.eng-table__row');
const lines = (page: Page) => page.locator('main .eng-row-list__item:not(.eng-skeleton *)');
const resultCount = (page: Page) => page.locator('main .eng-table-toolbar__count');
const downloaded = async (download: Download) => readFile((await download.path())!);
const counted = (n: number) => `${n} result${n === 1 ? '' : 's'}`;
/** How far the page is wider than the window: 0 when nothing overflows sideways. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('history', () => {
  it('opens with search and quick filters, narrows by direction, period, search and the folded filters, opens a line with its timeline and exports', async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const everything = await api.call('transactionHistory', { pageSize: 100 });
    const outgoing = await api.call('transactionHistory', { transactionDirection: 'outgoing', pageSize: 100 });
    const thisMonth = await api.call('transactionHistory', { transactionDirection: 'outgoing', period: 'thisMonth', pageSize: 100 });
    const exchanges = (everything.transactions as Array<{ operationType: string; transactionDate: string }>).filter((row) => row.operationType === 'Exchange');
    expect(exchanges.length).toBeGreaterThan(0);
    const since = exchanges[exchanges.length - 1]!.transactionDate.slice(0, 10);
    const filtered = await api.call('transactionHistory', { transactionType: 'Exchange', fromDate: since, pageSize: 100 });
    expect(filtered.results).toBeGreaterThan(0);
    expect(filtered.results).toBeLessThan(everything.results);
    expect(outgoing.results).toBeLessThan(everything.results);

    const page = await signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/history`);
    await page.getByRole('heading', { name: 'Transaction history', level: 1 }).waitFor();
    await lines(page).first().waitFor();
    await expect.poll(() => resultCount(page).innerText()).toBe(counted(everything.results));
    expect(await lines(page).count()).toBe(20);
    // A search box first, the quick filters, and the rest folded.
    await page.getByRole('search').getByRole('searchbox', { name: 'Search' }).waitFor();
    expect(await page.getByLabel('Type', { exact: true }).count()).toBe(0);
    expect(await page.locator('main .eng-row-list__heading').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Money out: every line says minus, and the count follows the server.
    await page.getByRole('group', { name: 'Direction' }).getByRole('button', { name: 'Money out' }).click();
    await expect.poll(() => resultCount(page).innerText()).toBe(counted(outgoing.results));
    const values = await page.locator('main .eng-row-list__value').allInnerTexts();
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((value) => value.startsWith('\u2212'))).toBe(true);
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'This month' }).click();
    await expect.poll(() => resultCount(page).innerText()).toBe(counted(thisMonth.results));
    expect(new URL(page.url()).search).toBe('?transactionDirection=outgoing&period=thisMonth');

    // A search by a word of the newest outgoing line's description.
    const word = (thisMonth.transactions[0].description as string).split(/\s+/).find((part) => part.length >= 4)!;
    const searched = await api.call('transactionHistory', { transactionDirection: 'outgoing', period: 'thisMonth', keyword: word, pageSize: 100 });
    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect.poll(() => resultCount(page).innerText()).toBe(counted(searched.results));
    for (const text of await lines(page).allInnerTexts()) expect(text.toLowerCase()).toContain(word.toLowerCase());

    // "Custom" opens the folded filters; the type and the date there narrow the rest.
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.getByRole('group', { name: 'Direction' }).getByRole('button', { name: 'In and out' }).click();
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('Type', { exact: true }).selectOption('Exchange');
    await page.getByLabel('From', { exact: true }).fill(since);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => resultCount(page).innerText()).toBe(counted(filtered.results));
    await expect.poll(() => lines(page).count()).toBe(Math.min(filtered.results, 20));
    expect(await page.locator('main summary').innerText()).toBe('More filters (2 applied)');

    // The export asks the server for the same filter and streams every matching row.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = (await downloaded(download))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(csv[0]).toBe('Date,Transaction,Account,Type,Description,Counterparty,Status,Amount,Currency');
    expect(csv).toHaveLength(filtered.results + 1);
    const first = filtered.transactions[0];
    expect(csv[1]!.split(',')).toEqual(
      expect.arrayContaining([String(first.transactionId), String(first.accountId), 'Exchange', first.amount, first.currencyCode]),
    );
    expect(csv.slice(1).every((line) => line.split(',')[3] === 'Exchange')).toBe(true);

    // A line opens the transaction's details, with its timeline.
    await lines(page).first().getByRole('link').click();
    await page.waitForURL(`**/history/${first.transactionId}`);
    await page.getByRole('heading', { name: 'Transaction details', level: 1 }).waitFor();
    const details = page.locator('main dl.eng-details');
    await details.waitFor();
    await expect.poll(() => details.innerText()).toContain(first.description);
    expect(await details.innerText()).toContain(String(first.transactionId));
    const timeline = page.getByRole('region', { name: 'Timeline' });
    expect(await timeline.locator('.eng-timeline__event').allInnerTexts()).toEqual(['Created', 'Completed']);
    expect(await timeline.locator('time').first().getAttribute('datetime')).toBe(first.transactionDate);
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

  it("shows Home's recent activity as the same day-grouped lines, with a way to all of it, and nothing overflows in Russian at 375 px", async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const recent = await api.call('transactionHistory', { pageSize: 10, excludeOperationTypes: ['Fees'] });
    const page = await signedInPageAs(e2e.browser, e2e.server.url, 'personal@example.com', { width: 375, language: 'ru' });
    await page.waitForURL('**/home');
    const activity = page.getByRole('group', { name: 'Последние операции' });
    await activity.locator('.eng-row-list__item:not(.eng-skeleton *)').first().waitFor();
    expect(await activity.locator('.eng-row-list__item:not(.eng-skeleton *)').count()).toBe(recent.transactions.length);
    const newest = recent.transactions[0];
    expect(await activity.locator('.eng-row-list__item:not(.eng-skeleton *)').first().getByRole('link').getAttribute('href')).toBe(
      `/history/${newest.transactionId}`,
    );
    expect(await page.getByRole('link', { name: 'Все операции' }).getAttribute('href')).toBe('/history');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${e2e.server.url}/history`);
    await lines(page).first().waitFor();
    await page.getByRole('group', { name: 'Период' }).getByRole('button', { name: 'Свой период' }).click();
    await page.getByLabel('Тип', { exact: true }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
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
    const row = page.locator('main table tbody tr', { hasText: monthName }).filter({ hasText: usd.maskedNumber });
    await row.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download PDF statement for ${monthName}, USD account ${usd.maskedNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${usd.accountId}-${year}-${String(month).padStart(2, '0')}.pdf`);
    const bytes = await downloaded(download);
    const { text } = inspectPdf(bytes);
    // This month's statement closes at the account's posted balance.
    // The account is named by its masked number, never its database id.
    expect(text).toMatch(new RegExp(`••\\s${usd.maskedNumber.slice(-4)}, USD`));
    expect(await row.innerText()).not.toContain(`No. ${usd.accountId}`);
    expect(text).toContain('Amount, USD');
    // In the reader's money format ('$10,290.40' in English), as the screens write it.
    const closing = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(Number(usd.balance));
    expect(text).toMatch(new RegExp(`Closing balance\\s+${closing.replace(/[$.]/g, (c) => `\\${c}`)}`));
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
