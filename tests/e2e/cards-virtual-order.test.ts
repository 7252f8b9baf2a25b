/**
 * Ordering a virtual EUR card in Ukrainian, as Anna (who lives in the UK, whose card price list is in
 * pounds): from her virtual cards one application screen, opened on "virtual", and one confirmation.
 * Her EUR payment account is chosen for her; the fees are in euros (the card's currency), written the
 * Ukrainian way, on the application and on the confirmation, which also names the product, the currency
 * and the account that pays. Confirming lands on the card with its notice, and the notice goes when she
 * leaves that page.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { browserAndServer, signedInPage } from '../support/pages.ts';

const e2e = browserAndServer();

/** An amount in euros as Ukrainian (Intl 'uk') writes it, e.g. '10,54 €'. */
const ukrainianEuros = (amount: string) => new Intl.NumberFormat('uk', { style: 'currency', currency: 'EUR' }).format(Number(amount));

describe('ordering a virtual card', () => {
  it('orders a virtual EUR card in one screen and one confirmation, with the fees in euros in Ukrainian formats', async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const { accounts } = await api.call('balanceInquiry', {});
    const eur = accounts.find(
      (account: { currencyCode: string; type: number; accountStatusId: number }) => account.currencyCode === 'EUR' && account.type === 1001,
    );
    // What the server charges for a EUR card of her country, in euros (her price list is in pounds).
    const offer = (await api.call('cardApplyInfo', { productType: 2006, currencyCode: 'EUR' })).products[0];
    expect(offer.fees.currency).toBe('EUR');
    const listed = (await api.call('cardApplyInfo', { productType: 2006 })).products[0];
    expect(listed.fees.currency).toBe('GBP');

    const page = await signedInPage(e2e.browser, e2e.server.url, 'personal@example.com', { language: 'ua' });
    const main = page.locator('main');
    await page.goto(`${e2e.server.url}/cards/virtual`);
    await main.getByRole('link', { name: 'Замовити картку' }).click();

    // 1. The one screen: on "virtual" already; product and currency chosen, the rest filled in.
    await page.waitForURL('**/add-card?virtual=true');
    expect(await main.getByRole('radio', { name: 'Віртуальна', exact: true }).isChecked()).toBe(true);
    await main.getByRole('radio', { name: 'Віртуальна передплачена Mastercard' }).check();
    await page.getByLabel('Валюта').selectOption('EUR');
    const settlement = page.getByLabel('Розрахунковий рахунок');
    await expect.poll(() => settlement.inputValue()).toBe(String(eur.accountId));
    const annual = main.locator('[data-field="annual"]');
    await expect.poll(() => annual.innerText()).toBe(ukrainianEuros(offer.fees.annual));
    expect(await main.locator('[data-field="issue"]').innerText()).toBe(ukrainianEuros(offer.fees.issue));
    expect(await main.locator('[data-field="monthly"]').innerText()).toBe(ukrainianEuros(offer.fees.monthly));
    expect(await main.innerText()).not.toMatch(/[0-9]\s*GBP|£/); // no amount in pounds (the product lists GBP among its currencies)
    await main.getByRole('button', { name: 'Оформити', exact: true }).click();

    // 2. The confirmation: product, currency, the paying account and the fees in euros.
    await page.waitForURL(/\/confirm-card\/[0-9]+$/);
    await main.locator('dd[data-field="annual"]').waitFor();
    expect(await main.locator('dd[data-field="productName"]').innerText()).toContain('Віртуальна передплачена Mastercard');
    expect(await main.locator('dd[data-field="currencyCode"]').innerText()).toBe('EUR');
    expect(await main.locator('dd[data-field="maskedNumber"]').innerText()).toBe(`Платіжний рахунок у EUR ${eur.maskedNumber}`);
    expect(await main.locator('dd[data-field="annual"]').innerText()).toBe(ukrainianEuros(offer.fees.annual));
    expect(await main.locator('dd[data-field="issue"]').innerText()).toBe(ukrainianEuros(offer.fees.issue));
    expect(await main.innerText()).not.toMatch(/[0-9]\s*GBP|£/); // no amount in pounds (the product lists GBP among its currencies)
    await main.getByRole('button', { name: 'Підтвердити', exact: true }).click();

    // 3. On the card, with the notice; leaving the page takes the notice away.
    await page.waitForURL(/\/cards\/[0-9]+$/);
    const accountId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await api.call('cardGet', { accountId })).toMatchObject({ cardIsVirtual: true, currencyCode: 'EUR', settlementAccountId: eur.accountId });
    const notice = page.locator('.notices .notice', { hasText: 'Заявку на картку підтверджено.' });
    await notice.waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Головна' }).first().click();
    await page.waitForURL('**/home');
    await notice.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
