/**
 * Subscribers in Chromium (issue 18 item 5): Anna pays Northwind's recurring button on its checkout page
 * with the sms code, Northwind finds her subscription in its subscribers list, opens it and sees one
 * installment, then cancels it after the question.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
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

describe('subscribers of a recurring button', () => {
  it('Anna subscribes on the checkout page; Northwind sees her with one installment and cancels', async () => {
    const name = `E2e plan ${Date.now()}`;
    const merchantApi = await signIn(e2e.server.url, 'business@example.com');
    const accounts = (await merchantApi.call('balanceInquiry', {})) as unknown as { accounts: Array<{ accountId: number; currencyCode: string }> };
    const usd = accounts.accounts.find((a) => a.currencyCode === 'USD')!.accountId;
    const created = (await merchantApi.call('merchantButtonCreate', {
      name,
      accountId: usd,
      amount: '6.40',
      successUrl: 'https://shop.example/thanks',
      cancelUrl: 'https://shop.example/cart',
      recurringInterval: 'month',
      recurringInstallments: 6,
    })) as unknown as { button: { id: number } };

    const anna = await signedInPage('personal@example.com');
    await anna.goto(`${e2e.server.url}/checkout/${created.button.id}/pay`);
    await anna.getByText(name).first().waitFor();
    await anna.locator('main').getByText('Month').first().waitFor();
    const source = anna.locator('main select[id$="_accountId"]');
    await expect.poll(() => source.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const annaUsd = await source
      .locator('option')
      .evaluateAll((options) => (options as HTMLOptionElement[]).find((option) => option.textContent?.includes('USD'))?.value);
    await source.selectOption(annaUsd!);
    await anna.locator('main').getByRole('button', { name: 'Pay', exact: true }).click();
    await anna.getByRole('dialog', { name: 'Check and confirm' }).getByRole('button', { name: 'Pay', exact: true }).click();
    const codeInput = anna.locator('input[name="approvalCode"]');
    await codeInput.waitFor();
    await codeInput.fill(await latestSmsCode(e2e.server.url));
    await anna.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    expect(await anna.getByRole('alertdialog', { name: 'Transfer sent' }).innerText()).toContain('$6.40');

    const northwind = await signedInPage('business@example.com');
    await northwind.goto(`${e2e.server.url}/merchant/accounts/subscribers`);
    const row = northwind.locator('main tr').filter({ hasText: name });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('Active');
    const listed = (await merchantApi.call('subscriberList', { payerEmail: 'personal@example.com' })) as unknown as {
      subscribers: Array<{ subscriptionId: number; buttonName: string }>;
    };
    const { subscriptionId } = listed.subscribers.find((subscriber) => subscriber.buttonName === name)!;
    await northwind.goto(`${e2e.server.url}/merchant/accounts/subscribers/${subscriptionId}`);
    const installments = northwind.locator('main section', { has: northwind.getByRole('heading', { name: 'Installments' }) }).locator('tbody tr');
    await installments.first().waitFor({ timeout: 15_000 });
    expect(await installments.count()).toBe(1);
    expect(await installments.first().innerText()).toContain('$6.40');

    await northwind.goto(`${e2e.server.url}/merchant/accounts/subscribers`);
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: /Cancel subscription/ }).click();
    await northwind.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await northwind.getByText('Subscription cancelled.').waitFor({ timeout: 15_000 });
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Cancelled');
  });
});
