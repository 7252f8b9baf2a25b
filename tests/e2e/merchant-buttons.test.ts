/**
 * Saved buttons and webhooks in Chromium (issue 18's end-to-end proof): Northwind's user adds a webhook
 * endpoint (a receiver on 127.0.0.1) and reads its signing secret from the one-time reveal, saves a button,
 * Anna opens its checkout page, pays it from her USD account with the sms code, and Northwind sees the IPN
 * the runner posted to its notify URL (the same receiver) in its IPN history; the receiver gets
 * payment.received signed so that the `standardwebhooks` library verifies it with that secret, the webhook
 * log shows the attempt, and "Send again" (after its confirmation) delivers the same message once more.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({ path: request.url ?? '', headers: request.headers, body });
    response.writeHead(200).end('ok');
  });
});
const sentTo = (path: string) => received.filter((request) => request.path === path);

async function latestSmsCode(url: string): Promise<string> {
  const answer = await fetch(`${url}/sandbox/outbox/messages?${new URLSearchParams({ to: '447700900123', purpose: 'transferConfirmation' })}`);
  const { messages } = (await answer.json()) as { messages: Array<{ body: string }> };
  const code = /^([0-9]{6}) is your code/.exec(messages[0]?.body ?? '')?.[1];
  if (!code) throw new Error('no transfer code was sent to Anna');
  return code;
}

describe('saved buttons and checkout', () => {
  beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  it('Northwind adds a webhook endpoint and saves a button, Anna pays it on its checkout page, Northwind sees the IPN and the webhook', async () => {
    const name = `E2e button ${Date.now()}`;
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const notifyUrl = `${receiverUrl}/ipn`;
    const webhookUrl = `${receiverUrl}/webhooks`;
    const merchantApi = await signIn(e2e.server.url, 'business@example.com');
    await merchantApi.call('ipnSettingsUpdate', { statusId: 1, notifyStatusId: 1, notifyUrl });

    const northwind = await signedInPage('business@example.com');
    await northwind.goto(`${e2e.server.url}/merchant/internal/api_key`);
    const endpointForm = northwind.locator('main form').filter({ has: northwind.getByRole('button', { name: 'Add endpoint' }) });
    await endpointForm.getByLabel('Name').fill('E2e receiver');
    await endpointForm.getByLabel('Address (URL)').fill(webhookUrl);
    await endpointForm.getByRole('button', { name: 'Add endpoint' }).click();
    const revealed = northwind.locator('[data-fact="secret"]');
    await revealed.waitFor();
    const secret = (await revealed.innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await northwind.locator('main tr').filter({ hasText: webhookUrl }).waitFor();

    await northwind.goto(`${e2e.server.url}/merchant/buttons/my_saved_buttons`);
    const form = northwind.locator('main form');
    await form.locator('[id$="_name"]').fill(name);
    const account = form.locator('select[id$="_accountId"]');
    await expect.poll(() => account.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const usd = await account
      .locator('option')
      .evaluateAll((options) => (options as HTMLOptionElement[]).find((option) => option.textContent?.includes('USD'))?.value);
    await account.selectOption(usd!);
    await form.locator('[id$="_amount"]').fill('7.25');
    await form.locator('[id$="_successUrl"]').fill('https://shop.example/thanks');
    await form.locator('[id$="_cancelUrl"]').fill('https://shop.example/cart');
    await northwind.getByRole('button', { name: 'Save button' }).click();
    const row = northwind.locator('main tr').filter({ hasText: name });
    await row.waitFor();
    const link = /\/checkout\/([0-9]+)/.exec(await row.innerText())!;

    const anna = await signedInPage('personal@example.com');
    await anna.goto(`${e2e.server.url}${link[0]}`);
    await anna.getByText(name).first().waitFor();
    await anna.locator('main').getByText('Sign in and pay').click();
    await anna.waitForURL(`**${link[0]}/pay`);
    const source = anna.locator('main select[id$="_accountId"]');
    await expect.poll(() => source.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const annaUsd = await source
      .locator('option')
      .evaluateAll((options) => (options as HTMLOptionElement[]).find((option) => option.textContent?.includes('USD'))?.value);
    await source.selectOption(annaUsd!);
    await anna.locator('main').getByRole('button', { name: 'Pay', exact: true }).click();
    const review = anna.getByRole('dialog', { name: 'Check and confirm' });
    expect(await review.innerText()).toContain('Northwind Studio Ltd');
    await review.getByRole('button', { name: 'Pay', exact: true }).click();
    const codeInput = anna.locator('input[name="approvalCode"]');
    await codeInput.waitFor();
    await codeInput.fill(await latestSmsCode(e2e.server.url));
    await anna.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const receipt = anna.getByRole('alertdialog', { name: 'Transfer sent' });
    expect(await receipt.innerText()).toContain('$7.25');

    await expect.poll(() => sentTo('/ipn').length, { timeout: 30_000 }).toBe(1);
    expect(JSON.parse(sentTo('/ipn')[0]!.body)).toMatchObject({ buttonId: Number(link[1]), amount: '7.25', currencyCode: 'USD', payerName: 'Anna Novak' });
    await northwind.goto(`${e2e.server.url}/merchant/ipn/history`);
    const message = northwind.locator('main tr').filter({ hasText: '$7.25' });
    await message.waitFor({ timeout: 15_000 });
    expect(await message.innerText()).toContain('Confirmed');

    // The webhook: payment.received, signed with the secret the page showed once.
    await expect.poll(() => sentTo('/webhooks').length, { timeout: 30_000 }).toBe(1);
    const delivery = sentTo('/webhooks')[0]!;
    const event = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    expect(event).toMatchObject({ type: 'payment.received', data: { amount: '7.25', currencyCode: 'USD', payerName: 'Anna Novak' } });
    expect(() =>
      new Webhook('whsec_' + Buffer.from('not the secret').toString('base64')).verify(delivery.body, delivery.headers as Record<string, string>),
    ).toThrow();

    // The log shows the attempt; "Send again", once confirmed, delivers the same message once more.
    await northwind.goto(`${e2e.server.url}/merchant/internal/webhook_log`);
    const attempt = northwind.locator('main tr').filter({ hasText: webhookUrl });
    await attempt.first().waitFor({ timeout: 15_000 });
    expect(await attempt.count()).toBe(1);
    expect(await attempt.innerText()).toContain('payment.received');
    expect(await attempt.innerText()).toContain('Delivered');
    expect(await attempt.innerText()).toContain('200');
    await attempt.getByRole('button', { name: /Send again/ }).click();
    const question = northwind.getByRole('alertdialog');
    await question.waitFor();
    expect(await question.innerText()).toContain(`Send the event payment.received again to ${webhookUrl}?`);
    await question.getByRole('button', { name: 'Send again' }).click();
    await northwind.getByText('The event is sent again').waitFor();
    await expect.poll(() => sentTo('/webhooks').length, { timeout: 30_000 }).toBe(2);
    const again = sentTo('/webhooks')[1]!;
    expect(again.headers['webhook-id']).toBe(delivery.headers['webhook-id']);
    expect(new Webhook(secret).verify(again.body, again.headers as Record<string, string>)).toMatchObject({ type: 'payment.received' });
  });
});
