/**
 * Ordering a virtual EUR card in Ukrainian, as Anna (who lives in the UK, whose card price list is in
 * pounds): from her virtual cards one application screen, opened on "virtual", and one confirmation.
 * Her EUR payment account is chosen for her; the fees are in euros (the card's currency), written the
 * Ukrainian way, on the application and on the confirmation, which also names the product, the currency
 * and the account that pays. Confirming issues the card active: a receipt shows its PIN once and leads
 * to loading money onto it, which she does at once.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { browserAndServer, signedInPage } from '../support/pages.ts';

const e2e = browserAndServer();

/** Anna's transfer-confirmation SMS in the sandbox outbox, newest first. */
const transferSms = async (): Promise<{ id: number; body: string }[]> => {
  const answer = await fetch(`${e2e.server.url}/sandbox/outbox/messages?${new URLSearchParams({ to: '447700900123', purpose: 'transferConfirmation' })}`);
  return ((await answer.json()) as { messages: { id: number; body: string }[] }).messages;
};
const latestTransferSms = async () => (await transferSms())[0]?.id ?? 0;

/** An amount in euros as Ukrainian (Intl 'uk') writes it, e.g. '10,54 EUR'. */
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
    // The balance in the select is written as the fees are (one money format): '1 876,00 EUR' beside '10,54 EUR'.
    expect(await settlement.locator(`option[value="${eur.accountId}"]`).innerText()).toContain(ukrainianEuros(eur.balance));
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

    // 3. The receipt: the card is active at once, its PIN shown once, and loading it is the next step.
    const receipt = page.getByRole('alertdialog', { name: 'Ваша віртуальна картка готова' });
    const pin = receipt.locator('[data-fact="pinCode"]');
    await pin.waitFor();
    expect((await pin.innerText()).trim()).toMatch(/^[0-9]{4}$/);
    await page.locator('.eng-notice-area__item', { hasText: 'Ваша віртуальна картка активна.' }).waitFor();
    await receipt.getByRole('link', { name: 'Поповнити картку' }).click();
    await page.waitForURL(/\/cards\/[0-9]+\/load$/);
    const accountId = Number(new URL(page.url()).pathname.split('/')[2]);
    expect(await api.call('cardGet', { accountId })).toMatchObject({
      cardIsVirtual: true,
      currencyCode: 'EUR',
      settlementAccountId: eur.accountId,
      cardStatusId: 2,
      capabilities: { load: true, activate: false },
    });

    // 4. Usable at once: 5,00 EUR loaded from her EUR account (typed with the Ukrainian decimal comma).
    const from = page.getByLabel('З рахунку');
    await expect.poll(() => from.isEnabled()).toBe(true);
    await from.selectOption(String(eur.accountId));
    await page.getByLabel(/Сума/).fill('5,00');
    // The fee and the total under the amount, as the load will take them.
    await expect.poll(() => main.locator('[data-field="total"]').innerText()).toBe(ukrainianEuros('5.00'));
    await main.getByRole('button', { name: 'Поповнити картку', exact: true }).click();
    const review = page.getByRole('dialog', { name: 'Перевірте та підтвердіть' });
    const reviewed = await review.innerText();
    expect(reviewed).toContain(ukrainianEuros('5.00'));
    expect(reviewed).toContain('Віртуальна передплачена Mastercard · 5355 22•• ••••'); // the card by its product, no placeholder
    expect(reviewed).not.toContain('{{');
    // Recipient, amount, fee, total and the paying account, each named.
    const quote = await api.call('cardLoadQuote', { accountId, amount: '5.00' });
    expect(reviewed).toContain(`Комісія\n${ukrainianEuros(quote.fee)}`);
    expect(reviewed).toContain(`Усього до списання\n${ukrainianEuros(quote.total)}`);
    expect(reviewed).toContain(`Рахунок списання\nEUR · Платіжний · ${eur.maskedNumber}`);
    const smsBefore = await latestTransferSms();
    await review.getByRole('button', { name: 'Поповнити картку', exact: true }).click();
    // Her approval mode asks for the code the sandbox sent by SMS.
    const approval = page.getByRole('dialog', { name: 'Підтвердьте переказ' });
    await approval.waitFor();
    await expect.poll(latestTransferSms).toBeGreaterThan(smsBefore);
    const [sms] = await transferSms();
    await approval.getByLabel('Код підтвердження').fill(/\b([0-9]{6})\b/.exec(sms!.body)![1]!);
    await approval.getByRole('button', { name: 'Підтвердити', exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    await expect.poll(async () => (await api.call('cardGet', { accountId })).balance).toBe('5.00');
    await page.context().close();
  });

  it('reissues a virtual card active at once: a new card in its place, the balance kept, nothing to activate', async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const { cards } = await api.call('cardList', { openOnly: true });
    const card = cards.find((one: { cardIsVirtual: boolean; cardStatusId: number }) => one.cardIsVirtual && one.cardStatusId === 2);
    const page = await e2e.signedInPage('personal@example.com', 375);
    const main = page.locator('main');
    await page.goto(`${e2e.server.url}/cards/${card.accountId}/reissue`);
    await main.getByText('A new virtual card replaces this one at once').waitFor();
    await main.getByRole('button', { name: 'Reissue card', exact: true }).click();
    await page.locator('.eng-notice-area__item', { hasText: 'Your new virtual card is active. The old card no longer works.' }).waitFor();
    await page.waitForURL(`**/cards/${card.accountId}`);
    const reissued = await api.call('cardGet', { accountId: card.accountId });
    expect(reissued).toMatchObject({ cardStatusId: 2, balance: card.balance, capabilities: { activate: false, load: true } });
    expect(reissued.cardId).not.toBe(card.cardId);
    expect(reissued.cardReissuedStatusId).toBeUndefined();
    await page.context().close();
  });
});
