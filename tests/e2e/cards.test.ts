/**
 * Cards in Chromium, the issue's whole story for Anna (approval mode sms, codes read from the sandbox
 * outbox): /cards sends her to the physical list (she holds a physical and a virtual prepaid card) and
 * a card opens from it; she applies for a virtual EUR card and confirms it, which activates it at once,
 * paying the fees from her EUR account (the balance falls by the fee posting of her history), and
 * sees the PIN once on the receipt; the PIN page shows the same PIN after an SMS code (the SMS never carries it); the
 * card's details reveal the full number after another code; she loads 40.00 EUR with the transfer code;
 * the sandbox processor authorises a 12.34 EUR purchase that shows in the card's history with the
 * balance 27.66; she pauses (no load offered), resumes and cancels the card after the dialog: the card
 * is cancelled and closed and its balance is back on her EUR account. Axe finds nothing serious on the
 * list, the detail, /add-card and the PIN page; no page of the flow shows a full card number except
 * the reveal.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const ANNA_PHONE = '447700900123';

interface OutboxMessage {
  id: number;
  body: string;
}

type Api = Awaited<ReturnType<typeof signIn>>;

/** Anna's SMS of a purpose, newest first. */
const smsMessages = async (purpose: 'cardSecret' | 'transferConfirmation'): Promise<OutboxMessage[]> => {
  const answer = await fetch(`${e2e.server.url}/sandbox/outbox/messages?${new URLSearchParams({ to: ANNA_PHONE, purpose })}`);
  return ((await answer.json()) as { messages: OutboxMessage[] }).messages;
};

/** The newest SMS of `purpose` after message `after`, once it has arrived. */
async function newSms(purpose: 'cardSecret' | 'transferConfirmation', after: number): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const [latest] = await smsMessages(purpose);
        found = latest && latest.id > after ? latest : undefined;
        return found?.id ?? 0;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(after);
  return found!;
}

const latestSmsId = async (purpose: 'cardSecret' | 'transferConfirmation') => (await smsMessages(purpose))[0]?.id ?? 0;

/** The code at the start of an SMS ("123456 is your code ..."). */
const codeOf = (message: OutboxMessage) => {
  const code = /^([0-9]{4,8}) is your code/.exec(message.body)?.[1];
  if (!code) throw new Error(`No code in the SMS: ${message.body}`);
  return code;
};

/** Fails when the page's text shows a full card number (16 digits, together or in groups of four). */
async function expectNoFullCardNumber(page: Page, where: string) {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text.match(/\d{16}/g) ?? [], `a 16-digit number on ${where}`).toEqual([]);
  expect(text.match(/\d{4} \d{4} \d{4} \d{4}/g) ?? [], `a grouped card number on ${where}`).toEqual([]);
}

/** Answers the card code popup with the SMS code of the card secret sent after `after`; returns the SMS. */
async function answerCardChallenge(page: Page, after: number): Promise<OutboxMessage> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.waitFor();
  const sms = await newSms('cardSecret', after);
  await dialog.getByLabel('Confirmation code').fill(codeOf(sms));
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return sms;
}

const minor = (amount: string) => BigInt(amount.replace('.', ''));

async function eurAccount(api: Api): Promise<{ accountId: number; balance: string }> {
  const { accounts } = await api.call('balanceInquiry', {});
  return accounts.find((account: { currencyCode: string; type: number }) => account.currencyCode === 'EUR' && account.type === 1001);
}

/** The card's status badge on its detail. */
const detailStatus = (page: Page) => page.locator('main dd[data-field="cardStatusId"] [data-value]').getAttribute('data-value');

async function openDetail(page: Page, accountId: number) {
  await page.goto(`${e2e.server.url}/cards/${accountId}`);
  await page.locator('main dd[data-field="cardStatusId"] [data-value]').waitFor();
}

const actions = (page: Page): Locator => page.getByRole('region', { name: 'Card actions' });

describe('cards', () => {
  it('applies for a virtual card, active once confirmed, reads its PIN, loads it, pays with it in the sandbox, pauses, resumes and cancels it', async () => {
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const eur = await eurAccount(api);
    const page = await e2e.signedInPage('personal@example.com');
    const main = page.locator('main');

    // 1. The routing rule: a physical prepaid card among hers, so /cards opens the physical list.
    await page.goto(`${e2e.server.url}/cards`);
    await page.waitForURL('**/cards/physical');
    const listed = main.locator('li[data-key]');
    await listed.first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoFullCardNumber(page, 'the physical cards');
    const physical = (await api.call('cardList', {})).cards.filter((card: { cardIsVirtual: boolean }) => !card.cardIsVirtual);
    expect(await listed.count()).toBe(physical.length);
    await listed
      .first()
      .getByRole('link', { name: /Open card/ })
      .click();
    await page.waitForURL(new RegExp(`/cards/${physical[0].accountId}$`));
    await main.locator('dd[data-field="maskedCardNumber"]').waitFor();
    expect(await main.locator('dd[data-field="maskedCardNumber"]').innerText()).toBe(physical[0].maskedCardNumber);
    await expectNoFullCardNumber(page, 'the physical card');

    // 2. Apply for a virtual EUR card settled by her EUR account, then confirm it.
    await page.goto(`${e2e.server.url}/add-card`);
    await page.getByRole('heading', { name: 'Apply for a card', level: 1 }).waitFor();
    await main.getByRole('radio', { name: 'Virtual', exact: true }).check();
    await page.getByRole('radio', { name: /Virtual prepaid Mastercard/ }).check();
    await page.getByLabel('Currency').selectOption('EUR');
    const settlement = page.getByLabel('Settlement account');
    await expect.poll(() => settlement.isEnabled()).toBe(true);
    await settlement.selectOption(String(eur.accountId));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL(/\/confirm-card\/[0-9]+$/);
    const cardId = Number(new URL(page.url()).pathname.split('/').pop());
    // Her price list is in GBP (she lives in the UK); the EUR card's fees are stated in euros, what her EUR account pays.
    const confirmation = await api.call('cardConfirmation', { cardId });
    const feesDue = minor(confirmation.fees.issue) + minor(confirmation.fees.annual);
    expect(feesDue).toBeGreaterThan(0n);
    const beforeFees = await eurAccount(api);

    // 3. Confirming activates the virtual card at once: the fees from the EUR account, the PIN once on the receipt.
    await main.getByRole('button', { name: 'Confirm', exact: true }).click();
    const receipt = page.getByRole('alertdialog', { name: 'Your virtual card is ready' });
    const shownPin = receipt.locator('[data-fact="pinCode"]');
    await shownPin.waitFor();
    const activationPin = (await shownPin.innerText()).trim();
    expect(activationPin).toMatch(/^[0-9]{4}$/);
    await expectNoFullCardNumber(page, 'the receipt');
    const accountId = Number(
      (await receipt.getByRole('link', { name: 'Load money onto the card' }).getAttribute('href'))!.match(/^\/cards\/([0-9]+)\/load$/)![1],
    );
    const applied = await api.call('cardGet', { accountId });
    expect(applied).toMatchObject({ cardId, cardIsVirtual: true, currencyCode: 'EUR', settlementAccountId: eur.accountId, cardStatusId: 2 });
    expect(applied.maskedCardNumber).toMatch(/^5355 22•• •••• [0-9]{4}$/);
    const afterFees = await eurAccount(api);
    const charged = minor(beforeFees.balance) - minor(afterFees.balance);
    // The one fee posting of her EUR history is what left the account: the fees the confirmation stated.
    const fees = await api.call('transactionHistory', { accountId: eur.accountId, operationType: 'Fees', pageSize: 5 });
    expect(fees.responseCode).toBe('00');
    const posting = fees.transactions[0];
    expect(JSON.stringify(posting)).toContain('Card issue fee');
    expect(minor(String(posting.amount).replace('-', ''))).toBe(charged);
    expect(charged).toBe(feesDue);

    // 4. The PIN page shows the same PIN after the SMS code; the SMS does not carry it.
    await receipt.getByRole('button', { name: 'Hide PIN', exact: true }).click();
    await shownPin.waitFor({ state: 'detached' });
    await main.getByRole('link', { name: 'Open the card' }).click();
    await page.waitForURL(`**/cards/${accountId}`);
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoFullCardNumber(page, 'the new card');
    await expect.poll(() => detailStatus(page)).toBe('2');
    await actions(page).getByRole('link', { name: 'PIN', exact: true }).click();
    await page.waitForURL(`**/card/${accountId}/pin`);
    const showPin = main.getByRole('button', { name: 'Show PIN' });
    await showPin.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const beforePinSms = await latestSmsId('cardSecret');
    await showPin.click();
    const pinSms = await answerCardChallenge(page, beforePinSms);
    await expect.poll(() => main.locator('[data-fact="pinCode"]').innerText()).toBe(activationPin);
    expect(pinSms.body).not.toContain(activationPin);
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoFullCardNumber(page, 'the PIN page');

    // The full number only on the reveal, after its own code.
    await openDetail(page, accountId);
    const beforeRevealSms = await latestSmsId('cardSecret');
    await main.getByRole('button', { name: 'Show card details' }).click();
    await answerCardChallenge(page, beforeRevealSms);
    const revealed = (await main.locator('[data-fact="cardNumber"]').innerText()).replace(/\s/g, '');
    expect(revealed).toMatch(/^535522[0-9]{10}$/);
    expect(revealed.slice(-4)).toBe(applied.maskedCardNumber.slice(-4));
    await main.getByRole('button', { name: 'Hide details' }).click();
    await main.getByRole('button', { name: 'Show card details' }).waitFor();
    await expectNoFullCardNumber(page, 'the card after hiding its details');

    // 5. Load 40.00 EUR from the EUR account with the transfer code.
    await actions(page).getByRole('link', { name: 'Load card', exact: true }).click();
    await page.waitForURL(`**/cards/${accountId}/load`);
    const from = page.getByLabel('From account');
    await expect.poll(() => from.isEnabled()).toBe(true);
    await from.selectOption(String(eur.accountId));
    await page.getByLabel('Amount in EUR').fill('40.00');
    const beforeLoadSms = await latestSmsId('transferConfirmation');
    await main.getByRole('button', { name: 'Load card', exact: true }).click();
    const review = page.getByRole('dialog', { name: 'Check and confirm' });
    expect(await review.innerText()).toContain('€40.00');
    await review.getByRole('button', { name: 'Load card', exact: true }).click();
    const approval = page.getByRole('dialog', { name: 'Confirm the transfer' });
    await approval.waitFor();
    await approval.getByLabel('Confirmation code').fill(codeOf(await newSms('transferConfirmation', beforeLoadSms)));
    await approval.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Transfer sent' }).waitFor();
    await expectNoFullCardNumber(page, 'the card load');
    await openDetail(page, accountId);
    await expect.poll(() => main.locator('dd[data-field="balance"]').innerText()).toBe('€40.00');

    // 6. A purchase authorised in the sandbox processor's page shows in the card's history.
    const merchant = `Corner Books ${Date.now()}`;
    const sandbox = await page.context().newPage();
    await sandbox.goto(`${e2e.server.url}/sandbox/cards?${new URLSearchParams({ login: 'personal@example.com' })}`);
    await sandbox.locator(`#amount-${cardId}`).fill('12.34');
    await sandbox.locator(`#merchant-${cardId}`).fill(merchant);
    await sandbox.locator(`form[action="/sandbox/cards/${cardId}/authorize"]`).getByRole('button', { name: 'Authorise' }).click();
    await sandbox.getByText('Approved: 12.34 EUR charged.').waitFor();
    await sandbox.close();
    await page.reload();
    const purchase = main.getByRole('region', { name: 'Card history' }).locator('tbody tr').filter({ hasText: merchant });
    await purchase.waitFor();
    expect(await purchase.innerText()).toContain('€12.34');
    expect(await purchase.locator('[data-value]').getAttribute('data-value')).toBe('approved');
    expect(await main.locator('dd[data-field="balance"]').innerText()).toBe('€27.66');
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoFullCardNumber(page, 'the card with its history');

    // 7. Pause: no load offered; resume: active again.
    await actions(page).getByRole('button', { name: 'Pause card' }).click();
    await expect.poll(() => detailStatus(page)).toBe('71');
    expect(await actions(page).getByRole('link', { name: 'Load card' }).count()).toBe(0);
    expect((await api.call('cardGet', { accountId })).cardStatusId).toBe(71);
    await actions(page).getByRole('button', { name: 'Resume card' }).click();
    await expect.poll(() => detailStatus(page)).toBe('2');
    await actions(page).getByRole('link', { name: 'Load card' }).waitFor();

    // Cancel, after the dialog: the card is cancelled and closed, its balance back on the EUR account.
    const beforeBlock = await eurAccount(api);
    await actions(page).getByRole('link', { name: 'Cancel card' }).click();
    await page.waitForURL(`**/cards/${accountId}/cancel`);
    await main.getByRole('button', { name: 'Cancel card' }).click();
    const question = page.getByRole('alertdialog', { name: 'Cancel this card?' }).or(page.getByRole('dialog', { name: 'Cancel this card?' }));
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel the card' }).click();
    await page.waitForURL('**/cards/physical');
    const blocked = await api.call('cardGet', { accountId });
    expect(blocked).toMatchObject({ cardStatusId: 4, accountStatusId: 11, balance: '0.00' });
    expect(minor((await eurAccount(api)).balance)).toBe(minor(beforeBlock.balance) + 2766n);
    await page.goto(`${e2e.server.url}/cards/virtual`);
    const closedCard = main.locator(`li[data-key="${accountId}"]`);
    await closedCard.waitFor();
    expect(await closedCard.locator('[data-value]').first().getAttribute('data-value')).toBe('4');
    expect(await closedCard.innerText()).toContain('Closed');
    await expectNoFullCardNumber(page, 'the virtual cards');
    // Its detail is no longer offered: the guard sends her to the list.
    await page.goto(`${e2e.server.url}/cards/${accountId}`);
    await page.waitForURL((url) => url.pathname !== `/cards/${accountId}`);
    await page.context().close();
  });
});
