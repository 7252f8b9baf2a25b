/**
 * Money dialogs when the network fails, in Chromium: Anna sends to a person, checks the confirmation
 * (recipient, amount, fee, total, the paying account by currency, name and masked number), and the
 * network fails while her transfer is on its way.
 * - The request reached the server, the answer was lost: the product's own words, never "Failed to
 *   fetch"; the client asks the server by the idempotency key, learns the transfer was taken, confirms
 *   it with the SMS code and ends on the receipt, which stays until she leaves it. The money moved once.
 * - The request never reached the server: "did not reach us", Try again sends it once, with the same
 *   key, and ends on the receipt; the money moved once.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { codeSentAfter, newestOutboxId } from '../support/outbox.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const ANNA_PHONE = '447700900123';

/** The newest SMS code sent to Anna after message `before`. */
const newCode = (before: number) => codeSentAfter(e2e.server.url, ANNA_PHONE, 'transferConfirmation', before);
const lastSmsId = () => newestOutboxId(e2e.server.url, ANNA_PHONE, 'transferConfirmation');

const isP2pCall = (url: URL) => url.pathname === '/api' && url.searchParams.get('method') === 'p2pTransfer';

/** Fills the person-to-person form from Anna's USD account and opens its confirmation. */
async function fillAndReview(page: Page, usdAccountId: number, note: string) {
  await page.goto(`${e2e.server.url}/transfer/p2p`);
  await page.getByRole('heading', { name: 'Send to a person', level: 1 }).waitFor();
  const main = page.locator('main');
  await page.getByLabel('From account').selectOption(String(usdAccountId));
  await page.getByLabel("Recipient's e-mail").fill('business@example.com');
  await main.getByText('This person has an account').waitFor();
  await page.getByLabel('Amount (USD)').fill('10.00');
  await expect.poll(() => main.locator('[data-field="total"]').innerText()).toBe('$10.25');
  await page.getByLabel('Note').fill(note);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Check and confirm' });
  await review.waitFor();
  return review;
}

/** The receipt: the details, a link to the transfer's page, Repeat and Done; it does not close by itself. */
async function expectReceipt(page: Page) {
  const receipt = page.getByRole('alertdialog', { name: 'Transfer sent' });
  await receipt.waitFor();
  const text = await receipt.innerText();
  expect(text).toContain('business@example.com');
  expect(text).toContain('$10.00');
  expect(text).toContain('$0.25');
  expect(text).toContain('$10.25');
  expect(text).not.toContain('closes by itself');
  expect(await receipt.getByRole('link', { name: 'View details' }).getAttribute('href')).toMatch(/^\/history\/[0-9]+$/);
  await receipt.getByRole('button', { name: 'Repeat' }).waitFor();
  await receipt.getByRole('button', { name: 'Done' }).waitFor();
  return receipt;
}

describe('money dialogs when the network fails', () => {
  it('confirms with every figure, and after an answer lost on the way back finds the transfer taken and ends on its receipt', async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const balanceOf = async (accountId: number) =>
      Number(
        ((await api.call('balanceInquiry', {})).accounts as Array<{ accountId: number; balance: string }>).find((a) => a.accountId === accountId)!.balance,
      );
    const usd = ((await api.call('balanceInquiry', {})).accounts as Array<{ accountId: number; currencyCode: string; type: number; name?: string }>).find(
      (account) => account.currencyCode === 'USD' && account.type === 1001,
    )!;
    const before = await balanceOf(usd.accountId);
    const lastSms = await lastSmsId();
    const page = await e2e.signedInPage('personal@example.com');
    const review = await fillAndReview(page, usd.accountId, `Lost answer ${Date.now()}`);

    const reviewText = await review.innerText();
    expect(reviewText).toContain('business@example.com');
    expect(reviewText).toContain('$10.00');
    expect(reviewText).toContain('$0.25');
    expect(reviewText).toContain('$10.25');
    // The account by currency, the name its holder gave it (else its kind) and the last digits of its number.
    expect(reviewText.replace(/\u00a0/g, ' ')).toContain(`USD · ${usd.name ?? 'Payment'} · •• ${String(usd.accountId).padStart(4, '0').slice(-4)}`);
    expect(reviewText).not.toMatch(/Account ID|Exchange rate/);

    // The request reaches the server, which takes the transfer; its answer never reaches the browser.
    const sent: string[] = [];
    await page.route(isP2pCall, async (route: Route) => {
      sent.push(String((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey));
      await route.fetch();
      await route.abort('failed');
    });
    await review.getByRole('button', { name: 'Send' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm the transfer' });
    await confirm.waitFor({ timeout: 20_000 });
    expect(sent).toHaveLength(1);
    expect(await page.locator('body').innerText()).not.toContain('Failed to fetch');
    await confirm.getByLabel('Confirmation code').fill(await newCode(lastSms));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const receipt = await expectReceipt(page);
    // Only the one request was made: the server's kept answer stood for the lost one.
    expect(sent).toHaveLength(1);
    expect(await balanceOf(usd.accountId)).toBeCloseTo(before - 10.25, 2);

    await receipt.getByRole('link', { name: 'View details' }).click();
    await page.waitForURL(/\/history\/[0-9]+$/);
    await page.context().close();
  });

  it('says a transfer that never reached the server was not sent, and Try again sends it once with the same key', async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const balanceOf = async (accountId: number) =>
      Number(
        ((await api.call('balanceInquiry', {})).accounts as Array<{ accountId: number; balance: string }>).find((a) => a.accountId === accountId)!.balance,
      );
    const usd = ((await api.call('balanceInquiry', {})).accounts as Array<{ accountId: number; currencyCode: string; type: number }>).find(
      (account) => account.currencyCode === 'USD' && account.type === 1001,
    )!;
    const before = await balanceOf(usd.accountId);
    const lastSms = await lastSmsId();
    const page = await e2e.signedInPage('personal@example.com');
    const review = await fillAndReview(page, usd.accountId, `Never sent ${Date.now()}`);

    const keys: string[] = [];
    let reachServer = false;
    await page.route(isP2pCall, async (route: Route) => {
      keys.push(String((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey));
      if (reachServer) await route.continue();
      else await route.abort('internetdisconnected');
    });
    await review.getByRole('button', { name: 'Send' }).click();

    const lost = page.getByRole('alertdialog', { name: 'Connection lost' });
    await lost.getByText('Your request did not reach us, so nothing was done.', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await page.locator('body').innerText()).not.toContain('Failed to fetch');
    expect(await balanceOf(usd.accountId)).toBe(before);

    reachServer = true;
    await lost.getByRole('button', { name: 'Try again' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the transfer' });
    await confirm.waitFor({ timeout: 20_000 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    await confirm.getByLabel('Confirmation code').fill(await newCode(lastSms));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const receipt = await expectReceipt(page);
    expect(await balanceOf(usd.accountId)).toBeCloseTo(before - 10.25, 2);

    // Repeat starts the same transfer again, filled in.
    await receipt.getByRole('button', { name: 'Repeat' }).click();
    await expect.poll(() => page.getByLabel("Recipient's e-mail").inputValue()).toBe('business@example.com');
    expect(await page.getByLabel('Amount (USD)').inputValue()).toBe('10.00');
    await page.context().close();
  });
});
