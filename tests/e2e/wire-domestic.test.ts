/**
 * A US wire by ACH in Chromium (issue 15 item 2): choosing the United States as the bank's country asks
 * for a routing number and an account number instead of an IBAN and a SWIFT code; a routing number whose
 * check digit is wrong is refused on its own field in the browser before anything is sent; the right one sends a wire that is
 * processing, the review naming the routing and account numbers and the charges chosen. Axe finds nothing
 * serious.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { confirmTransferBySms } from '../support/outbox.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();

describe('wire by ACH', () => {
  it('asks a US bank for routing and account numbers, refuses a wrong routing number on its field, and sends the wire', async () => {
    const beneficiary = `Grace Hopper ${Date.now().toString(36)}`;
    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/external/wire`);
    await page.getByRole('heading', { name: 'Wire to a bank account', level: 1 }).waitFor();
    const main = page.locator('main');
    const source = page.getByLabel('From account');
    await expect.poll(() => source.isEnabled()).toBe(true);

    await page.getByLabel("Bank's country").selectOption('US');
    // The US scheme's numbers replace the IBAN and SWIFT code.
    const routing = page.getByLabel(/^Routing number \(ABA\)/);
    await routing.waitFor();
    expect(await page.getByLabel(/^IBAN/).count()).toBe(0);
    expect(await page.getByLabel('SWIFT (BIC) code').count()).toBe(0);
    await page.getByLabel("Beneficiary's name").fill(beneficiary);
    // One digit off JPMorgan Chase's published routing number: its check digit no longer holds.
    await routing.fill('021000022');
    await page.getByLabel(/^Account number/).fill('000123456789');
    await page.getByLabel(/^Amount/).fill('100');
    await expect.poll(() => main.locator('[data-field="fee"]').innerText()).toMatch(/15\.00$/);
    await page.getByRole('group', { name: 'Charges' }).getByRole('radio', { name: 'All charges paid by me' }).check();
    await expect.poll(() => main.locator('[data-field="fee"]').innerText()).toMatch(/30\.00$/);
    expect(await seriousViolations(page)).toEqual([]);

    const sendWire = page.getByRole('button', { name: 'Send wire' });
    const review = page.getByRole('dialog', { name: 'Check and confirm' });
    await sendWire.click();
    // Refused on the routing number's field in the browser, by the server's own check digit function,
    // before anything is sent: no review, nothing held.
    await main.getByText('This routing number is not right').waitFor();
    await expect.poll(() => routing.getAttribute('aria-invalid')).toBe('true');
    expect(await review.count()).toBe(0);
    expect(await payoutsOf(beneficiary)).toEqual({ payouts: 0 });

    await routing.fill('021000021');
    await sendWire.click();
    await review.waitFor();
    const reviewText = await review.innerText();
    for (const shown of [beneficiary, '021000021', '000123456789', 'All charges paid by me']) expect(reviewText).toContain(shown);
    // Her two-step setting asks the SMS code before the payout leaves.
    await confirmTransferBySms(page, e2e.server.url, () => review.getByRole('button', { name: 'Send', exact: true }).click());
    const receipt = page.getByRole('alertdialog', { name: 'Transfer on its way' });
    await receipt.waitFor();
    expect(await receipt.innerText()).toContain('Processing');
    expect(await payoutsOf(beneficiary)).toEqual({ payouts: 1 });
    await page.context().close();
  });
});

/** How many payouts the sandbox page lists for this beneficiary. */
async function payoutsOf(beneficiary: string): Promise<{ payouts: number }> {
  const page = await (await fetch(`${e2e.server.url}/sandbox/rails`)).text();
  return { payouts: page.split(beneficiary).length - 1 };
}
