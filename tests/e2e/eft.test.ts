/**
 * A local bank transfer (EFT) to Brazil in Chromium (issue 15): choosing Brazil says at once that its
 * payments need the bank and its branch (schemas/data/eft-banks.json through eftBanks) and asks Brazil's
 * extra parameters (the extraParams call's fields); the banks follow the country and the branches the
 * bank. Sent without a branch, it is refused on the branch field before anything is sent; with one, the
 * review names the beneficiary, bank, amount, fee and total, and the receipt says it is processing. A
 * tester settles it on /sandbox/rails and its details page shows it completed. Axe finds nothing serious.
 * Named as a template, the beneficiary is listed under the saved beneficiaries, and the recent local
 * transfers list the payout just made, found by the search box, its state following the rail live
 * (Delivered once settled, without reloading); the template's Use fills the form again, Brazil's details
 * included, and sends.
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

describe('local bank transfer (EFT)', () => {
  it('refuses Brazil without a branch code on the branch field, sends it with one, and shows it completed once the rail settles it', async () => {
    const beneficiary = `Ana Souza ${Date.now().toString(36)}`;
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const { accounts } = (await api.call('balanceInquiry', {})) as { accounts: Account[] };
    const eur = accounts.find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;

    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/external/eft`);
    await page.getByRole('heading', { name: 'Local bank transfer', level: 1 }).waitFor();
    const main = page.locator('main');
    const source = page.getByLabel('From account');
    await expect.poll(() => source.isEnabled()).toBe(true);
    await source.selectOption(String(eur.accountId));

    const country = page.getByLabel("Beneficiary's country");
    await expect.poll(() => country.locator('option[value="BR"]').count()).toBe(1);
    // Germany is not an EFT country: the list holds only the table's countries, named in the reader's language.
    expect(await country.locator('option[value="DE"]').count()).toBe(0);
    await country.selectOption('BR');
    expect(await country.locator('option[value="BR"]').innerText()).toBe('Brazil');
    await main.getByText('Payments to this country need the bank and its branch.').waitFor();

    await page.getByLabel("Beneficiary's name").fill(beneficiary);
    await page.getByLabel(/^Account number/).fill('12345-6');
    const bank = page.getByLabel('Bank', { exact: true });
    await expect.poll(() => bank.locator('option[value="001"]').count()).toBe(1);
    expect(await bank.locator('option[value="001"]').innerText()).toBe('Banco do Brasil (001)');
    await bank.selectOption('001');
    const branch = page.getByLabel('Branch', { exact: true });
    await expect.poll(() => branch.locator('option[value="1607"]').count()).toBe(1);
    // Brazil's extra parameters, drawn from the extraParams answer.
    await page.getByLabel(/^Tax number/).fill('12345678901');
    await page.getByLabel(/^Account type/).selectOption({ label: 'Checking account' });
    await page.getByLabel(/^Amount/).fill('100');
    await page.getByLabel(/^Save as template/).fill(`Supplier ${beneficiary}`);
    await expect.poll(() => main.locator('[data-field="fee"]').innerText()).toBe('€3.00');
    expect(await main.locator('[data-field="total"]').innerText()).toBe('€103.00');
    expect(await seriousViolations(page)).toEqual([]);

    // Without a branch: refused on the branch field, nothing sent.
    const send = page.getByRole('button', { name: 'Send transfer' });
    await send.click();
    await main.getByText("Choose the beneficiary's branch: payments to this country need the branch code.").waitFor();
    expect(await branch.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('dialog', { name: 'Check and confirm' }).count()).toBe(0);
    expect(await payoutsOf(beneficiary)).toEqual({ payouts: 0 });

    await branch.selectOption('1607');
    await send.click();
    const review = page.getByRole('dialog', { name: 'Check and confirm' });
    await review.waitFor();
    const reviewText = await review.innerText();
    for (const shown of [beneficiary, '12345-6', 'Banco do Brasil', '€100.00', '€3.00', '€103.00']) expect(reviewText).toContain(shown);
    // Her two-step setting asks the SMS code before the payout leaves.
    await confirmTransferBySms(page, e2e.server.url, () => review.getByRole('button', { name: 'Send', exact: true }).click());

    const receipt = page.getByRole('alertdialog', { name: 'Transfer on its way' });
    await receipt.waitFor();
    const receiptText = await receipt.innerText();
    for (const shown of [beneficiary, '€100.00', '€3.00', '€103.00', 'Processing']) expect(receiptText).toContain(shown);
    expect(await seriousViolations(page)).toEqual([]);
    const detailsPath = await receipt.getByRole('link', { name: 'View details' }).getAttribute('href');
    expect(detailsPath).toMatch(/^\/history\/[0-9]+$/);
    await receipt.getByRole('button', { name: 'Done' }).click();

    // The recent local transfers list the payout just made; the search box finds it by a part of the name.
    const recent = main.locator('section', { has: page.getByRole('heading', { name: 'Recent local transfers' }) });
    const search = recent.getByRole('searchbox', { name: 'Search by name or account number' });
    await search.fill(beneficiary.slice(-6));
    await search.press('Enter');
    const recentRow = recent.getByRole('row', { name: new RegExp(beneficiary) });
    await recentRow.waitFor();
    expect(await recent.getByRole('row').count()).toBe(2); // its heading row and the one payout found
    expect(await recentRow.innerText()).toMatch(/€100\.00[\s\S]*(Sent to the bank|On its way)/);
    // The template is among the saved beneficiaries.
    const templates = main.locator('section', { has: page.getByRole('heading', { name: 'Saved beneficiaries' }) });
    const templateRow = templates.getByRole('row', { name: new RegExp(`Supplier ${beneficiary}`) });
    expect(await templateRow.innerText()).toContain(`${beneficiary} · BR 123456`);

    // A tester settles it on the sandbox page.
    const tester = await e2e.browser.newPage();
    await tester.goto(`${e2e.server.url}/sandbox/rails`);
    const payout = tester.locator('article', { hasText: beneficiary });
    expect(await payout.locator('h2').innerText()).toMatch(/^EFT-[0-9]+ · 100\.00 EUR · (pending|sent)$/);
    await payout.getByRole('button', { name: 'Settle' }).click();
    await tester.getByRole('status').filter({ hasText: 'settled' }).waitFor();
    await tester.close();

    // Pushed live: the recent list says it was delivered without a reload.
    await recentRow.getByText('Delivered').waitFor();
    // The template's Use fills the form with its beneficiary.
    await templateRow.getByRole('button', { name: 'Use' }).click();
    await expect.poll(() => page.getByLabel("Beneficiary's name").inputValue()).toBe(beneficiary);
    expect(await page.getByLabel(/^Account number/).inputValue()).toBe('123456');
    expect(await country.inputValue()).toBe('BR');
    await expect.poll(() => bank.inputValue()).toBe('001');
    await expect.poll(() => branch.inputValue()).toBe('1607');
    // The country's further details come back too.
    await expect.poll(() => page.getByLabel(/^Tax number/).inputValue()).toBe('12345678901');
    expect(
      await page
        .getByLabel(/^Account type/)
        .locator('option:checked')
        .innerText(),
    ).toBe('Checking account');
    // Sent from the template: only the details Brazil asks go with it, and the rail takes it.
    await page.getByLabel(/^Amount/).fill('5');
    await send.click();
    await review.waitFor();
    await confirmTransferBySms(page, e2e.server.url, () => review.getByRole('button', { name: 'Send', exact: true }).click());
    await receipt.waitFor();
    expect(await receipt.innerText()).toContain('€5.00');

    await page.goto(`${e2e.server.url}${detailsPath}`);
    await expect.poll(() => main.locator('[data-field="transferStatus"]').innerText()).toBe('Completed');
    expect(await main.locator('[data-field="amount"]').innerText()).toMatch(/^[-\u2212]€103\.00$/);
    await page.context().close();
  });
});

/** How many payouts the sandbox page lists for this beneficiary. */
async function payoutsOf(beneficiary: string): Promise<{ payouts: number }> {
  const page = await (await fetch(`${e2e.server.url}/sandbox/rails`)).text();
  return { payouts: page.split(beneficiary).length - 1 };
}
