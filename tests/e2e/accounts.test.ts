/**
 * Accounts in Chromium: the personal customer adds a currency from home and finds its card, opens the
 * payment instructions of the USD account from the accounts list (marked viewed on the server), and
 * creates a bitcoin wallet whose address and QR code are shown; axe finds nothing serious on the way.
 */
import { describe, expect, it } from 'vitest';
import { isValidRoutingNumber } from '../../server/instructions/bank-numbers.ts';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

describe('accounts', () => {
  it('adds a currency from home and shows its card', async () => {
    const page = await signedInPage('personal@example.com');
    await page.waitForURL('**/home');
    await page.getByRole('link', { name: 'Add currency' }).first().click();
    await page.waitForURL('**/accounts/add-currency');
    await page.getByRole('heading', { name: 'Add a currency', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Currency').selectOption({ label: 'USD · US dollar' });
    await page.locator('main form button[type="submit"]').click();
    await page.getByText('You already hold a USD account', { exact: false }).waitFor();
    expect(page.url()).toContain('/accounts/add-currency');

    await page.getByLabel('Currency').selectOption({ label: 'AUD · Australian dollar' });
    await page.locator('main form button[type="submit"]').click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.locator('main .eng-card__title').allInnerTexts(), { timeout: 15_000 }).toContain('AUD · Payment');
    await page.context().close();
  });

  it('opens the payment instructions of an account from the accounts list', async () => {
    const page = await signedInPage('personal@example.com');
    await page.getByRole('navigation').getByRole('link', { name: 'Accounts' }).first().click();
    await page.waitForURL('**/accounts');
    const usdCard = page.locator('main li[data-key]').filter({ hasText: 'USD · Payment account' });
    await usdCard.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await usdCard.getByRole('link', { name: /Payment instructions/ }).click();
    await page.waitForURL(/\/accounts\/\d+\/instructions$/);
    const routing = page.locator('[data-field="routingNumber"]');
    await routing.waitFor();
    expect(isValidRoutingNumber(await routing.innerText())).toBe(true);
    expect(await page.locator('[data-field="beneficiaryName"]').innerText()).toBe('Anna Novak');
    expect(await seriousViolations(page)).toEqual([]);

    const api = await signIn(e2e.server.url, 'personal@example.com');
    const accountId = Number(/\/accounts\/(\d+)\//.exec(page.url())![1]);
    await expect.poll(async () => (await api.call('paymentInstructions', { accountId })).instructions[0].viewed).toBe(true);
    await page.context().close();
  });

  it('creates a bitcoin wallet and shows its address with a QR code', async () => {
    const page = await signedInPage('personal@example.com', 375);
    await page.goto(`${e2e.server.url}/accounts/wallet`);
    await page.getByRole('heading', { name: 'Crypto wallets', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: /^Currency/ }).selectOption({ label: 'BTC · Bitcoin' });
    await page.getByRole('button', { name: 'Create wallet' }).click();
    const address = page.locator('[data-field="walletAddress"]');
    await address.waitFor();
    const shown = await address.innerText();
    expect(shown).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    await page.getByRole('img', { name: 'QR code of your BTC deposit address' }).locator('svg').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const api = await signIn(e2e.server.url, 'personal@example.com');
    expect((await api.call('walletCreate', { currencyCode: 'BTC' })).address).toBe(shown);
    await page.goto(`${e2e.server.url}/accounts`);
    await page
      .locator('main li[data-key]')
      .filter({ hasText: 'BTC' })
      .getByRole('link', { name: /Deposit address/ })
      .waitFor();
    await page.context().close();
  });
});
