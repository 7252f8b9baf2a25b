/**
 * A wire by IBAN in Chromium (issue 15): the personal customer fills /transfer/external/wire from her EUR
 * account and sees the wire fee and total before sending; a wrong IBAN is refused on the IBAN field as
 * it is typed, nothing held; the right one names its bank under the field and suggests its SWIFT code;
 * the review names the beneficiary, amount, fee, total and paying account; the wire asks the SMS code her
 * two-step setting wants (read from the sandbox outbox), nothing reaching the rail before it, and the
 * receipt then says the wire is processing. A tester settles it through the form of /sandbox/rails, and
 * the wire's details page (the receipt's link) shows it completed. An amount over the country's maximum
 * is refused on the amount field by the server, and said under the amount before sending once the bank's
 * country is chosen. A business user who may only create requests sends a wire for approval: the receipt
 * says so, nothing reaches the rail, and the approver's queue names the rail and the beneficiary. Axe
 * finds nothing serious.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { codeSentAfter, newestOutboxId } from '../support/outbox.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
/** The personal demo customer's phone, where her transfer codes go by SMS. */
const ANNA_PHONE = '447700900123';

interface Account {
  accountId: number;
  currencyCode: string;
  type: number;
}

describe('wire by IBAN', () => {
  it('refuses a wrong IBAN on its field, sends a wire that is processing, and shows it completed once the rail settles it', async () => {
    // A name nobody else's wire carries, to find this one on the sandbox page.
    const beneficiary = `Ada Lovelace ${Date.now().toString(36)}`;
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const { accounts } = (await api.call('balanceInquiry', {})) as { accounts: Account[] };
    const eur = accounts.find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;

    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/external/wire`);
    await page.getByRole('heading', { name: 'Wire to a bank account', level: 1 }).waitFor();
    const main = page.locator('main');
    const source = page.getByLabel('From account');
    await expect.poll(() => source.isEnabled()).toBe(true);
    await source.selectOption(String(eur.accountId));
    await page.getByLabel("Beneficiary's name").fill(beneficiary);
    // One digit off the published example: its check digits no longer hold.
    const iban = page.getByLabel(/^IBAN/);
    await iban.fill('DE89370400440532013001');
    // Refused on the IBAN field as it is typed (the IBAN dictionary checks it), in words, and nothing held.
    await main.getByText('This IBAN is not right').waitFor();
    await expect.poll(() => iban.getAttribute('aria-invalid')).toBe('true');
    expect(await payoutsOf(beneficiary)).toEqual({ payouts: 0 });

    // The right IBAN names its bank under the field and suggests its SWIFT code.
    await iban.fill('DE89 3704 0044 0532 0130 00');
    const swift = page.getByLabel('SWIFT (BIC) code');
    await expect.poll(() => swift.inputValue()).toBe('COBADEFFXXX');
    await expect.poll(() => main.getByText('Commerzbank AG, Köln').count()).toBe(2); // under the IBAN and under the SWIFT code
    await page.getByLabel(/^Amount/).fill('100');
    // The fee and the total held, asked live: the wire's minimum fee of 15.00, with each way of paying the charges.
    await expect.poll(() => main.locator('[data-field="fee"]').innerText()).toBe('€15.00');
    expect(await main.locator('[data-field="total"]').innerText()).toBe('€115.00');
    const charges = page.getByRole('group', { name: 'Charges' });
    expect(await charges.getByRole('radio', { name: 'Shared charges' }).isChecked()).toBe(true);
    expect(await charges.innerText()).toContain('Fee €30.00');
    await page.getByLabel(/^Payment reference/).fill('Invoice 42');
    expect(await seriousViolations(page)).toEqual([]);

    const sendWire = page.getByRole('button', { name: 'Send wire' });
    const review = page.getByRole('dialog', { name: 'Check and confirm' });
    await sendWire.click();
    await review.waitFor();
    const reviewText = await review.innerText();
    for (const shown of [beneficiary, 'DE89 3704 0044 0532 0130 00', '€100.00', '€15.00', '€115.00', 'Invoice 42']) expect(reviewText).toContain(shown);
    expect(reviewText).toMatch(/EUR · .+ · ••\s[0-9]{4}/);
    expect(await seriousViolations(page)).toEqual([]);
    const codesBefore = await newestOutboxId(e2e.server.url, ANNA_PHONE, 'transferConfirmation');
    await review.getByRole('button', { name: 'Send', exact: true }).click();

    // Her setting asks the SMS code: the money is held, and the rail has nothing until she gives it.
    const confirm = page.getByRole('dialog', { name: 'Confirm the transfer' });
    await confirm.waitFor();
    const code = await codeSentAfter(e2e.server.url, ANNA_PHONE, 'transferConfirmation', codesBefore);
    expect(await confirm.innerText()).toContain('€100.00');
    expect(await payoutsOf(beneficiary)).toEqual({ payouts: 0 });
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByLabel('Confirmation code').fill(code);
    await confirm.getByRole('button', { name: 'Confirm' }).click();

    // The receipt: the wire is processing until the rail settles it.
    const receipt = page.getByRole('alertdialog', { name: 'Transfer on its way' });
    await receipt.waitFor();
    const receiptText = await receipt.innerText();
    for (const shown of [beneficiary, '€100.00', '€15.00', '€115.00', 'Processing', 'Invoice 42']) expect(receiptText).toContain(shown);
    expect(await seriousViolations(page)).toEqual([]);
    const details = receipt.getByRole('link', { name: 'View details' });
    const detailsPath = await details.getAttribute('href');
    expect(detailsPath).toMatch(/^\/history\/[0-9]+$/);
    expect(await receipt.getByRole('button', { name: 'Download receipt' }).count()).toBe(1);
    await receipt.getByRole('button', { name: 'Done' }).click();
    await receipt.waitFor({ state: 'detached' });

    // The details page says processing before the rail has settled it.
    await page.goto(`${e2e.server.url}${detailsPath}`);
    const transferStatus = main.locator('[data-field="transferStatus"]');
    await expect.poll(() => transferStatus.innerText()).toBe('Processing');

    // A tester settles it on the sandbox page, through its form.
    const tester = await e2e.browser.newPage();
    await tester.goto(`${e2e.server.url}/sandbox/rails`);
    const payout = tester.locator('article', { hasText: beneficiary });
    expect(await payout.locator('h2').innerText()).toMatch(/· 100\.00 EUR · (pending|sent)$/);
    await payout.getByRole('button', { name: 'Settle' }).click();
    await tester.getByRole('status').filter({ hasText: 'settled' }).waitFor();
    expect(await tester.locator('article', { hasText: beneficiary }).locator('h2').innerText()).toMatch(/· settled$/);
    await tester.close();

    // The customer's details page shows it completed, and the history line the money taken.
    await page.reload();
    await expect.poll(() => transferStatus.innerText()).toBe('Completed');
    expect(await main.locator('[data-field="amount"]').innerText()).toMatch(/^[-\u2212]€115\.00$/);

    // Over Germany's maximum for a euro wire (15,000), the country left to the IBAN: refused on the amount
    // by the server, nothing held.
    await page.goto(`${e2e.server.url}/transfer/external/wire`);
    await expect.poll(() => source.isEnabled()).toBe(true);
    await source.selectOption(String(eur.accountId));
    const over = `${beneficiary} over`;
    await page.getByLabel("Beneficiary's name").fill(over);
    await iban.fill('DE89 3704 0044 0532 0130 00');
    await expect.poll(() => page.getByLabel('SWIFT (BIC) code').inputValue()).toBe('COBADEFFXXX');
    const amount = page.getByLabel(/^Amount/);
    await amount.fill('20000');
    await expect.poll(() => main.locator('[data-field="total"]').innerText()).toBe('€20,020.00');
    await sendWire.click();
    await review.waitFor();
    await review.getByRole('button', { name: 'Send', exact: true }).click();
    await main.getByText('You can send at most €15,000.00 in one payment to a bank in this country.').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await payoutsOf(over)).toEqual({ payouts: 0 });

    // With the bank's country chosen, the maximum shows under the amount and is said before sending.
    await page.getByLabel("Bank's country").selectOption('DE');
    await expect.poll(() => main.locator('[data-field="maxAmount"]').innerText()).toBe('€15,000.00');
    await amount.fill('15000.01');
    await page.getByLabel(/^Payment reference/).click();
    await main.getByText('You can send at most €15,000.00 in one wire to this country.').waitFor();
    await page.context().close();
  });
});

describe('wire by a business user who may only create requests', () => {
  it('is sent for approval, not to the rail, and the approver sees it as a bank wire to its beneficiary', async () => {
    const beneficiary = `Grace Hopper ${Date.now().toString(36)}`;
    const clerk = await e2e.signedInPage('clerk@example.com');
    await clerk.goto(`${e2e.server.url}/transfer/external/wire`);
    const source = clerk.getByLabel('From account');
    await expect.poll(() => source.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const usd = await source
      .locator('option')
      .evaluateAll((options) => (options as HTMLOptionElement[]).find((option) => option.textContent?.includes('USD'))?.value);
    await source.selectOption(usd!);
    await clerk.getByLabel("Beneficiary's name").fill(beneficiary);
    await clerk.getByLabel(/^IBAN/).fill('DE89 3704 0044 0532 0130 00');
    await clerk.getByLabel('SWIFT (BIC) code').fill('COBADEFFXXX');
    await clerk.getByLabel(/^Amount/).fill('70');
    await expect.poll(() => clerk.locator('main [data-field="total"]').innerText()).toBe('$85.00');
    await clerk.getByRole('button', { name: 'Send wire' }).click();
    const review = clerk.getByRole('dialog', { name: 'Check and confirm' });
    await review.waitFor();
    await review.getByRole('button', { name: 'Send', exact: true }).click();
    const receipt = clerk.getByRole('alertdialog', { name: 'Approval request created' });
    await receipt.waitFor();
    expect(await receipt.innerText()).toContain('Another user of your company must approve this transfer.');
    expect(await seriousViolations(clerk)).toEqual([]);
    expect(await payoutsOf(beneficiary)).toEqual({ payouts: 0 });
    await clerk.context().close();

    const approver = await e2e.signedInPage('business@example.com');
    await approver.goto(`${e2e.server.url}/transfer/approved`);
    const row = approver.locator('main tr[data-key]').filter({ hasText: beneficiary });
    await row.waitFor();
    const rowText = await row.innerText();
    for (const shown of ['Bank wire', '$70.00', 'clerk@example.com']) expect(rowText).toContain(shown);
    await approver.context().close();
  });
});

/** How many payouts the sandbox page lists for this beneficiary. */
async function payoutsOf(beneficiary: string): Promise<{ payouts: number }> {
  const page = await (await fetch(`${e2e.server.url}/sandbox/rails`)).text();
  return { payouts: page.split(beneficiary).length - 1 };
}
