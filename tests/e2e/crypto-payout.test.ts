/**
 * A crypto withdrawal in Chromium (issue 15, the crypto_eft rail): the personal customer fills
 * /transfer/external/crypto from her EUR account. An Ethereum address with one letter in the wrong case
 * (its EIP-55 checksum broken) is refused on the address field by the browser, before anything is sent;
 * a Bitcoin address sent as Ethereum is refused on the same field by the server; the right address shows
 * the network fee and total, and the receipt says the withdrawal is on its way. Axe finds nothing serious.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { confirmTransferBySms } from '../support/outbox.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();

/** EIP-55's first published example, and the same with its last letter's case flipped. */
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ETH_WRONG_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
/** BIP 173's example: a right address, of another network. */
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

interface Account {
  accountId: number;
  currencyCode: string;
  type: number;
}

describe('crypto withdrawal', () => {
  it('refuses a wrong-checksum address on its field, then sends to the right one', async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const { accounts } = (await api.call('balanceInquiry', {})) as { accounts: Account[] };
    const eur = accounts.find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;
    const before = await payoutsTo(ETH_ADDRESS);

    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/external/crypto`);
    await page.getByRole('heading', { name: 'Send crypto', level: 1 }).waitFor();
    const main = page.locator('main');
    const source = page.getByLabel('From account');
    await expect.poll(() => source.isEnabled()).toBe(true);
    await source.selectOption(String(eur.accountId));
    await page.getByRole('radio', { name: 'Ethereum (ETH, ERC-20)' }).check();
    const address = page.getByLabel(/^Recipient's address/);
    await address.fill(ETH_WRONG_CHECKSUM);
    await page.getByLabel(/^Amount/).fill('100');
    // Ethereum's network fee on 100.00: the 5.00 minimum, asked live.
    await expect.poll(() => main.locator('[data-field="fee"]').innerText()).toBe('€5.00');
    expect(await main.locator('[data-field="total"]').innerText()).toBe('€105.00');

    // The browser refuses the broken checksum on the address field: no review, nothing sent.
    const send = page.getByRole('button', { name: 'Send crypto' });
    await send.click();
    await main.getByText('This is not a Bitcoin, Ethereum or TRON address, or one of its characters is mistyped').waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('dialog', { name: 'Check and confirm' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // A right address of another network passes the browser; the server refuses it on the same field.
    await address.fill(BTC_ADDRESS);
    await send.click();
    const review = page.getByRole('dialog', { name: 'Check and confirm' });
    await review.waitFor();
    await review.getByRole('button', { name: 'Send', exact: true }).click();
    await main.getByText('This is not an Ethereum address, or one of its characters is mistyped').waitFor();
    await expect.poll(() => send.isEnabled()).toBe(true);
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await payoutsTo(BTC_ADDRESS)).toEqual({ payouts: 0 });

    await address.fill(ETH_ADDRESS);
    await send.click();
    await review.waitFor();
    const reviewText = await review.innerText();
    for (const shown of ['Ethereum (ETH, ERC-20)', ETH_ADDRESS, '€100.00', '€5.00', '€105.00']) expect(reviewText).toContain(shown);
    // Her two-step setting asks the SMS code before the payout leaves.
    await confirmTransferBySms(page, e2e.server.url, () => review.getByRole('button', { name: 'Send', exact: true }).click());

    const receipt = page.getByRole('alertdialog', { name: 'Transfer on its way' });
    await receipt.waitFor();
    const receiptText = await receipt.innerText();
    for (const shown of [ETH_ADDRESS, '€100.00', '€5.00', '€105.00', 'Processing', 'gone to the network']) expect(receiptText).toContain(shown);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await payoutsTo(ETH_ADDRESS)).toEqual({ payouts: before.payouts + 1 });
    await page.context().close();
  });
});

/** How many payouts the sandbox page lists for this address. */
async function payoutsTo(address: string): Promise<{ payouts: number }> {
  const page = await (await fetch(`${e2e.server.url}/sandbox/rails`)).text();
  return { payouts: page.split(address).length - 1 };
}
