/**
 * Between own accounts and pre-approved payments in Chromium: the personal customer exchanges USD into
 * EUR on /transfer/account (the amount to receive follows the rate as she types, an amount over the
 * limit is refused on its field and moves nothing), sees the success dialog, and finds both balances
 * changed on /home; then she sets up a weekly recurring payment, finds it on
 * /transfer/preapproved-payments, keeps it once, and cancels it after confirming. Axe finds nothing
 * serious on either screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

interface Account {
  accountId: number;
  currencyCode: string;
  type: number;
  balance: string;
}

/** Anna's USD and EUR payment accounts as the server holds them now. */
async function usdAndEur(api: Awaited<ReturnType<typeof signIn>>) {
  const { accounts } = (await api.call('balanceInquiry', {})) as { accounts: Account[] };
  const payment = (currency: string) => accounts.find((account) => account.currencyCode === currency && account.type === 1001)!;
  return { usd: payment('USD'), eur: payment('EUR') };
}

/** Opens /transfer/account once the accounts are loaded and picks USD to EUR. */
async function openUsdToEur(page: Page, from: number, to: number) {
  await page.goto(`${e2e.server.url}/transfer/account`);
  await page.getByRole('heading', { name: 'Between my accounts', level: 1 }).waitFor();
  const source = page.getByLabel('From account');
  await expect.poll(() => source.isEnabled()).toBe(true);
  await source.selectOption(String(from));
  await page.getByLabel('To account').selectOption(String(to));
  // The rate is shown once both accounts are chosen.
  await expect.poll(() => page.locator('main [data-field="exchangeRate"]').innerText()).toMatch(/^1 USD = [0-9.]+ EUR$/);
}

/** The balance shown on the home card of a currency, as a plain decimal. */
const homeBalance = (page: Page, currency: string) =>
  page
    .locator('main li.eng-card')
    .filter({ has: page.locator('.eng-card__title', { hasText: new RegExp(`^${currency} · `) }) })
    .locator('.eng-card__value')
    .innerText()
    .then((text) => text.replace(/[^0-9.-]/g, ''));

const minor = (amount: string) => BigInt(amount.replace('.', ''));

describe('between own accounts', () => {
  it('exchanges USD into EUR, refuses an amount over the limit on its field, and both balances change on home', async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const before = await usdAndEur(api);
    const quote = await api.call('transferFee', { fromAccountId: before.usd.accountId, toAccountId: before.eur.accountId, amount: '25.00' });
    expect(quote.responseCode).toBe('00');
    const limits = await api.call('customerLimits', { type: 'betweenAccounts', fromAccountId: before.usd.accountId });

    const page = await signedInPage('personal@example.com');
    await openUsdToEur(page, before.usd.accountId, before.eur.accountId);
    expect(await seriousViolations(page)).toEqual([]);

    // Over the per-transaction limit: refused on the amount field, nothing moves.
    const amount = page.getByLabel('Amount to send (USD)');
    const overLimit = (minor(limits.perTransactionMax) / 100n + 1n).toString();
    await amount.fill(overLimit);
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const amountError = page.locator('main .eng-field--invalid').filter({ has: amount }).locator('.eng-field-errors');
    const shownLimit = Number(limits.perTransactionMax).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    await expect.poll(() => amountError.innerText()).toBe(`The most you can send at once is ${shownLimit}.`);
    // The server refuses it too, on the same field, whatever the screen checked.
    const refused = await api.call('accountTransfer', {
      idempotencyKey: crypto.randomUUID(),
      fromAccount: before.usd.accountId,
      toAccount: before.eur.accountId,
      amount: overLimit,
    });
    expect(refused.responseCode).toBe('TA1');
    expect(refused.validationErrors.map((error: { field: string }) => error.field)).toEqual(['amount']);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect((await usdAndEur(api)).usd.balance).toBe(before.usd.balance);

    // The amount to receive follows the amount to send at the server's rate.
    await amount.fill('25');
    const toAmount = page.getByLabel('Amount to receive (EUR)');
    await expect.poll(() => toAmount.inputValue()).toBe(quote.toAmount);
    await expect.poll(() => page.locator('main [data-field="fee"]').innerText()).toBe(`$${quote.fee}`);
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    // The confirmation names where the money goes, the figures and the paying account, never an id.
    const review = page.getByRole('dialog', { name: 'Check and confirm' });
    await review.waitFor();
    const reviewText = await review.innerText();
    expect(reviewText).toContain('€' + quote.toAmount);
    expect(reviewText).toMatch(/USD · .+ · ••\s[0-9]{4}/);
    expect(reviewText).toMatch(/EUR · .+ · ••\s[0-9]{4}/);
    expect(reviewText).not.toContain('Account ID');
    await review.getByRole('button', { name: 'Send' }).click();
    const success = page.getByRole('dialog', { name: 'Transfer sent' }).or(page.getByRole('alertdialog', { name: 'Transfer sent' }));
    await success.waitFor();
    expect(await success.innerText()).toContain('€' + quote.toAmount);
    expect(await seriousViolations(page)).toEqual([]);
    await success.getByRole('button', { name: 'Done' }).click();
    await success.waitFor({ state: 'detached' });
    // The form is ready for the next transfer.
    expect(await amount.inputValue()).toBe('');

    const after = await usdAndEur(api);
    expect(minor(after.usd.balance)).toBe(minor(before.usd.balance) - 2500n - minor(quote.fee));
    expect(minor(after.eur.balance)).toBe(minor(before.eur.balance) + minor(quote.toAmount));
    await page.goto(`${e2e.server.url}/home`);
    await page.locator('main li.eng-card .eng-card__value').first().waitFor();
    await expect.poll(() => homeBalance(page, 'USD')).toBe(after.usd.balance);
    await expect.poll(() => homeBalance(page, 'EUR')).toBe(after.eur.balance);
    await page.context().close();
  });

  it('sets up a weekly recurring payment and cancels it on the pre-approved payments screen after confirming', async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const { usd, eur } = await usdAndEur(api);
    const page = await signedInPage('personal@example.com', 375);
    await openUsdToEur(page, usd.accountId, eur.accountId);

    await page.getByLabel('Amount to receive (EUR)').fill('5');
    await expect.poll(() => page.getByLabel('Amount to send (USD)').inputValue()).toMatch(/^[1-9][0-9]*\.[0-9]{2}$/);
    // "Just once" until a frequency is chosen; then the schedule's fields show.
    expect(await page.getByLabel('Number of payments').count()).toBe(0);
    await page.getByLabel('How often').selectOption({ label: 'Every week' });
    await page.getByLabel('Number of payments').fill('4');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Transfer and repeat' }).click();
    const review = page.getByRole('dialog', { name: 'Check and confirm' });
    expect(await review.innerText()).toContain('Every week');
    await review.getByRole('button', { name: 'Send' }).click();
    const success = page.getByRole('dialog', { name: 'Transfer sent' }).or(page.getByRole('alertdialog', { name: 'Transfer sent' }));
    await success.waitFor();
    await success.getByRole('button', { name: 'Done' }).click();

    const { payments } = await api.call('preapprovedPaymentList', { type: 'account' });
    const created = payments[0];
    expect(created).toMatchObject({
      status: 'active',
      frequency: 'weekly',
      amount: '5.00',
      currencyCode: 'EUR',
      amountIsReceived: true,
      maxTransactions: 4,
      doneTransactions: 1,
    });

    await page.getByRole('link', { name: 'Pre-approved payments' }).click();
    await page.waitForURL('**/transfer/preapproved-payments');
    await page.getByRole('heading', { name: 'Pre-approved payments', level: 1 }).waitFor();
    const item = page.locator('main table tbody tr', { hasText: '1 of 4 payments made' });
    await item.waitFor();
    expect(await item.innerText()).toContain('Every week');
    const status = item.locator('.eng-badge');
    expect(await status.getAttribute('data-value')).toBe('active');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // The type filter: no p2p payments, then all again.
    await page.getByLabel('Type').selectOption({ label: 'To a person' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No pre-approved payments match.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await item.waitFor();

    // Asked first: keeping it changes nothing.
    await item.getByRole('button', { name: /Cancel payments/ }).click();
    const question = page.getByRole('alertdialog', { name: 'Cancel the recurring payment?' });
    await question.waitFor();
    expect(await question.innerText()).toContain('No more payments of €5.00 to my EUR account will be made.');
    expect(await seriousViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Keep' }).click();
    await question.waitFor({ state: 'detached' });
    expect((await api.call('preapprovedPaymentList', { type: 'account' })).payments[0].status).toBe('active');

    await item.getByRole('button', { name: /Cancel payments/ }).click();
    await question.getByRole('button', { name: 'Cancel payments' }).click();
    await expect.poll(() => status.getAttribute('data-value')).toBe('canceled');
    expect(await item.getByRole('button', { name: /Cancel payments/ }).count()).toBe(0);
    const canceled = (await api.call('preapprovedPaymentList', { type: 'account' })).payments.find((payment: { id: number }) => payment.id === created.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.nextRunAt).toBeUndefined();
    await page.context().close();
  });
});
