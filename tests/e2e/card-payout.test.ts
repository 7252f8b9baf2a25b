/**
 * A payout to a card in Chromium (issue 15, the oct rail): the personal customer fills
 * /transfer/external/card from her USD account. A card of a blocked bin is said blocked under the card
 * field as its bin is looked up, and the form will not send it; a number whose check digit is wrong is
 * refused on the card field before anything is sent (the server refuses both too: rails-oct.test.ts). A good card shows its network, issuer and
 * country, the fee and total before sending; the review names the card and the receipt says the payout
 * is processing. Ticked "save this card", the card is offered again, masked, in the card choice.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { confirmTransferBySms } from '../support/outbox.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();

describe('payout to a card', () => {
  it('stops a blocked bin on the card field, and sends a good card that is then processing and saved', async () => {
    // A holder nobody else's payout names, to find this one on the sandbox page.
    const holder = `Ada Lovelace ${Date.now().toString(36)}`;
    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/external/card`);
    await page.getByRole('heading', { name: 'Send to a card', level: 1 }).waitFor();
    const main = page.locator('main');
    const source = page.getByLabel('From account');
    await expect.poll(() => source.isEnabled()).toBe(true);
    const cardNumber = page.getByLabel('Card number');
    const send = page.getByRole('button', { name: 'Send to card' });
    const review = page.getByRole('dialog', { name: 'Check and confirm' });

    // A blocked bin (401288): said under the field once looked up, and the form does not send it.
    await cardNumber.fill('4012 8888 8888 1881');
    await page.getByLabel("Cardholder's name").fill(holder);
    await page.getByLabel(/^Amount/).fill('100');
    await main.getByText('We cannot send money to cards of this range. Use another card.').waitFor();
    await expect.poll(() => main.locator('[data-field="total"]').innerText()).toBe('$102.00');
    await send.click();
    // The press marks the field wrong instead of opening the review.
    await expect.poll(() => cardNumber.getAttribute('aria-invalid')).toBe('true');
    expect(await review.count()).toBe(0);
    expect(await payoutsOf(holder)).toEqual({ payouts: 0 });

    // A Visa number with its last digit wrong: the browser's Luhn check (the server's own function) says so on the field.
    await cardNumber.fill('4111 1111 1111 1112');
    await send.click();
    await main.getByText(/This is not a card number/).waitFor();
    expect(await cardNumber.getAttribute('aria-invalid')).toBe('true');
    expect(await review.count()).toBe(0);
    expect(await payoutsOf(holder)).toEqual({ payouts: 0 });

    // The good number, saved for next time.
    await cardNumber.fill('4111 1111 1111 1111');
    await main.getByText('Visa · JPMorgan Chase Bank · US').waitFor();
    await page.getByLabel('Save this card for next time').check();
    expect(await seriousViolations(page)).toEqual([]);
    await send.click();
    await review.waitFor();
    const reviewText = await review.innerText();
    // The number typed shows masked, its first six and last four digits only.
    for (const shown of [holder, '4111 11•• •••• 1111', '$100.00', '$2.00', '$102.00']) expect(reviewText).toContain(shown);
    expect(reviewText).not.toContain('4111 1111 1111 1111');
    // Her two-step setting asks the SMS code before the payout leaves.
    await confirmTransferBySms(page, e2e.server.url, () => review.getByRole('button', { name: 'Send', exact: true }).click());

    const receipt = page.getByRole('alertdialog', { name: 'Payout on its way' });
    await receipt.waitFor();
    const receiptText = await receipt.innerText();
    for (const shown of [holder, '4111 11•• •••• 1111', '$100.00', '$2.00', 'Processing']) expect(receiptText).toContain(shown);
    expect(await payoutsOf(holder)).toEqual({ payouts: 1 });
    await receipt.getByRole('button', { name: 'Done' }).click();
    await receipt.waitFor({ state: 'detached' });

    // The card is offered again, masked; choosing it hides the number and the name.
    await page.reload();
    const savedCard = page.getByLabel('Card', { exact: true });
    const offered = savedCard.locator('option', { hasText: holder });
    await expect.poll(() => offered.count()).toBe(1);
    expect(await offered.innerText()).toBe(`Visa •••• 1111 · ${holder}`);
    await savedCard.selectOption({ label: `Visa •••• 1111 · ${holder}` });
    await expect.poll(() => cardNumber.count()).toBe(0);
    await page.context().close();
  });
});

/** How many payouts the sandbox page lists for this cardholder. */
async function payoutsOf(holder: string): Promise<{ payouts: number }> {
  const page = await (await fetch(`${e2e.server.url}/sandbox/rails`)).text();
  return { payouts: page.split(holder).length - 1 };
}
