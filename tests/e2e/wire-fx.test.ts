/**
 * A wire in another currency than its account's in Chromium (issue 15 item 2, 'the exchange rate and
 * amount to receive'): from a EUR account to a German bank, the beneficiary paid in US dollars; the fee
 * panel says what the beneficiary gets and at which rate as the amount is typed, the review and the
 * receipt say it again.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { confirmTransferBySms } from '../support/outbox.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();

interface Account {
  accountId: number;
  currencyCode: string;
  type: number;
}

describe('wire in another currency', () => {
  it('shows the amount to receive and the rate live, on the review and on the receipt, and sends the wire', async () => {
    const beneficiary = `Ada Lovelace ${Date.now().toString(36)}`;
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const { accounts } = (await api.call('balanceInquiry', {})) as unknown as { accounts: Account[] };
    const eur = accounts.find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;

    const page = await e2e.signedInPage('personal@example.com', 375);
    await page.goto(`${e2e.server.url}/transfer/external/wire`);
    await page.getByRole('heading', { name: 'Wire to a bank account', level: 1 }).waitFor();
    const main = page.locator('main');
    const source = page.getByLabel('From account');
    await expect.poll(() => source.isEnabled()).toBe(true);
    await source.selectOption(String(eur.accountId));
    await page.getByLabel("Bank's country").selectOption('DE');
    await page.getByLabel("Beneficiary's name").fill(beneficiary);
    await page.getByLabel(/^IBAN/).fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel(/^Amount/).fill('100');

    // Until another is chosen, the account's own currency: the beneficiary gets the amount itself, and no rate is shown.
    const currency = page.getByLabel('Currency the beneficiary receives');
    expect(await currency.inputValue()).toBe('');
    await expect.poll(() => currency.locator('option:checked').innerText()).toBe("The account's currency");
    await expect.poll(() => main.locator('[data-field="toAmount"]').innerText()).toBe('€100.00');
    expect(await main.locator('[data-field="exchangeRate"]').count()).toBe(0);
    // Germany's banks may be paid in dollars: 100 euros are 108.15 dollars at the day's rate.
    await currency.selectOption('USD');
    await expect.poll(() => main.locator('[data-field="toAmount"]').innerText()).toBe('$108.15');
    expect(await main.locator('[data-field="exchangeRate"]').innerText()).toBe('1 EUR = 1.081521 USD');
    expect(await main.locator('[data-field="total"]').innerText()).toBe('€115.00');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send wire' }).click();
    const review = page.getByRole('dialog', { name: 'Check and confirm' });
    await review.waitFor();
    const reviewText = await review.innerText();
    for (const shown of [beneficiary, '€100.00', '€15.00', '€115.00', '$108.15', '1 EUR = 1.081521 USD']) expect(reviewText).toContain(shown);
    await confirmTransferBySms(page, e2e.server.url, () => review.getByRole('button', { name: 'Send', exact: true }).click());
    const receipt = page.getByRole('alertdialog', { name: 'Transfer on its way' });
    await receipt.waitFor();
    const receiptText = await receipt.innerText();
    for (const shown of [beneficiary, '€100.00', '$108.15', '1 EUR = 1.081521 USD', 'Processing']) expect(receiptText).toContain(shown);
    await page.context().close();
  });
});
