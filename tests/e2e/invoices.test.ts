/**
 * Invoices in Chromium: Northwind (business@) sends an invoice to personal@example.com from the
 * create form; Anna finds it among her received invoices, pays it from her USD account and confirms
 * with the sms code from the outbox; both then see it paid. axe finds nothing serious on the way.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

async function latestSmsCode(url: string): Promise<string> {
  const answer = await fetch(`${url}/sandbox/outbox/messages?${new URLSearchParams({ to: '447700900123', purpose: 'transferConfirmation' })}`);
  const { messages } = (await answer.json()) as { messages: Array<{ body: string }> };
  const code = /^([0-9]{6}) is your code/.exec(messages[0]?.body ?? '')?.[1];
  if (!code) throw new Error('no transfer code was sent to Anna');
  return code;
}

describe('invoices', () => {
  it('Northwind invoices Anna, Anna pays it with an sms code, both see it paid', async () => {
    const note = `Invoice e2e ${Date.now()}`;
    const northwind = await signedInPage('business@example.com');
    await northwind.goto(`${e2e.server.url}/transfer/invoices/new`);
    await northwind.locator('main form [id$="_toEmail"]').fill('personal@example.com');
    await northwind.locator('main form [id$="_amount"]').fill('21.50');
    await northwind.locator('main form [id$="_noteBody"]').fill(note);
    expect(await seriousViolations(northwind)).toEqual([]);
    await northwind.locator('main form button[type="submit"]').click();
    await northwind.waitForURL(/\/transfer\/invoices\/[0-9]+$/);
    const invoiceId = /\/transfer\/invoices\/([0-9]+)$/.exec(northwind.url())![1]!;
    await northwind
      .locator('main h2')
      .filter({ hasText: `Invoice ${invoiceId}` })
      .waitFor();
    await northwind.locator('main').getByText('Unpaid', { exact: true }).waitFor();

    const anna = await signedInPage('personal@example.com');
    await anna.goto(`${e2e.server.url}/transfer/invoices`);
    const row = anna.locator(`main tr[data-key="${invoiceId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Northwind Studio Ltd');
    expect(await seriousViolations(anna)).toEqual([]);
    await row.getByRole('link').click();
    await anna.waitForURL(`**/transfer/invoices/${invoiceId}`);
    await anna.getByText(note).waitFor();
    const source = anna.locator('main select[id$="_accountId"]');
    // The engine's select starts with its empty choice: wait for the accounts after it.
    await expect.poll(() => source.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const usd = await source
      .locator('option')
      .evaluateAll((options) => (options as HTMLOptionElement[]).find((option) => option.textContent?.includes('USD'))?.value);
    await source.selectOption(usd!);
    expect(await seriousViolations(anna)).toEqual([]);
    // The pay button says what leaves the account: the amount with the fee.
    const { invoice } = (await (await signIn(e2e.server.url, 'personal@example.com')).call('invoiceGet', { id: Number(invoiceId) })) as {
      invoice: { amount: string; total: string };
    };
    expect(Number(invoice.total)).toBeGreaterThanOrEqual(Number(invoice.amount));
    const total = Number(invoice.total).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    const fee = (Number(invoice.total) - Number(invoice.amount)).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    await anna.getByRole('button', { name: `Pay ${total}` }).click();
    // The confirmation: the payee, the amount, the fee, the total and the paying account.
    const review = anna.getByRole('dialog', { name: 'Check and confirm' });
    const reviewText = await review.innerText();
    for (const shown of [total, fee, Number(invoice.amount).toLocaleString('en-US', { style: 'currency', currency: 'USD' })])
      expect(reviewText).toContain(shown);
    expect(reviewText).toMatch(/USD · .+ · ••\s[0-9]{4}/);
    await review.getByRole('button', { name: 'Pay', exact: true }).click();
    const codeInput = anna.locator('input[name="approvalCode"]');
    await codeInput.waitFor();
    expect(await seriousViolations(anna)).toEqual([]);
    await codeInput.fill(await latestSmsCode(e2e.server.url));
    await anna.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const receipt = anna.getByRole('alertdialog', { name: 'Transfer sent' });
    expect(await receipt.innerText()).toContain(total);
    await receipt.getByRole('button', { name: 'Done' }).click();
    await anna.locator('main').getByText('Paid', { exact: true }).waitFor({ timeout: 15_000 });
    await anna.context().close();

    await northwind.reload();
    await northwind.locator('main').getByText('Paid', { exact: true }).waitFor();
    await northwind.goto(`${e2e.server.url}/transfer/invoices`);
    await northwind.getByRole('navigation', { name: 'Invoice lists' }).getByRole('link', { name: 'Sent' }).click();
    await northwind.waitForURL('**/transfer/invoices/sent');
    await northwind.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'All' }).click();
    const sentRow = northwind.locator(`main tr[data-key="${invoiceId}"]`);
    await sentRow.waitFor();
    expect(await sentRow.innerText()).toContain('Paid');
    expect(await seriousViolations(northwind)).toEqual([]);
    await northwind.context().close();
  });
});
