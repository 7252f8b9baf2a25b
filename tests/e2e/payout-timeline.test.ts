/**
 * A payout's states live on its details page (issue 15 item 4), and the transfer-options hub (item 1), in
 * Chromium. The personal customer's wire is open on its details page; a tester returns it from
 * /sandbox/rails with AC04, and without reloading the page its timeline shows it returned, with the
 * reason's words ("The account is closed."), and the hold voided. The hub /transfer/external lists
 * every rail: the wire opens its screen; instant payment, which needs a tax number she has not given,
 * says so and offers to add one. On the wire screen, a beneficiary saved as a template fills the form
 * with Use. Axe finds nothing serious.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { ANNA_PHONE, codeSentAfter, newestOutboxId } from '../support/outbox.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();

interface Account {
  accountId: number;
  currencyCode: string;
  type: number;
}

describe('payout timeline and transfer options', () => {
  it('shows a returned wire with its reason on the open details page, without reload', async () => {
    const beneficiary = `Grace Hopper ${Date.now().toString(36)}`;
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const { accounts } = (await api.call('balanceInquiry', {})) as { accounts: Account[] };
    const eur = accounts.find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;
    const codesBefore = await newestOutboxId(e2e.server.url, ANNA_PHONE, 'transferConfirmation');
    const sent = (await api.call('wireTransfer', {
      idempotencyKey: randomUUID(),
      accountId: eur.accountId,
      amount: '20.00',
      beneficiaryName: beneficiary,
      iban: 'DE89 3704 0044 0532 0130 00',
      swift: 'COBADEFFXXX',
    })) as { transactionId: number; operationId: number; status: string };
    // Her two-step setting asks the SMS code; given, the wire goes to its rail.
    expect(sent.status).toBe('awaitingConfirmation');
    const code = await codeSentAfter(e2e.server.url, ANNA_PHONE, 'transferConfirmation', codesBefore);
    expect(((await api.call('transferApprove', { trxid: sent.operationId, approvalCode: code })) as { status: string }).status).toBe('processing');

    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/history/${sent.transactionId}`);
    const main = page.locator('main');
    const timeline = main.locator('.eng-timeline');
    await timeline.getByText('Money held').waitFor();
    expect(await timeline.getByText('Returned to the sender').count()).toBe(0);
    // A mark on this document: it would be gone after a reload.
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));

    const tester = await e2e.browser.newPage();
    await tester.goto(`${e2e.server.url}/sandbox/rails`);
    const payout = tester.locator('article', { hasText: beneficiary });
    await payout.getByLabel('Reason of a return or failure').selectOption('AC04');
    await payout.getByRole('button', { name: 'Return' }).click();
    await tester.getByRole('status').filter({ hasText: 'returned' }).waitFor();
    await tester.close();

    const returned = timeline.locator('[data-event="returned"]');
    await returned.waitFor();
    expect(await returned.innerText()).toContain('The account is closed.');
    expect(await returned.locator('time').count()).toBe(1);
    await timeline.locator('[data-event="voided"]').waitFor();
    expect(await page.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('lists the transfer options: the wire opens its screen, instant payment says a tax number is needed', async () => {
    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/external`);
    await page.getByRole('heading', { name: 'Send to a bank or card', level: 1 }).waitFor();
    const main = page.locator('main');
    const tiles = main.locator('li[data-key]');
    await expect
      .poll(() => tiles.evaluateAll((items) => items.map((item) => item.getAttribute('data-key'))))
      .toEqual(['wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac']);
    const instant = main.locator('li[data-key="instant_payment"]');
    expect(await instant.innerText()).toContain('Your tax number is needed');
    expect(await instant.getByRole('link', { name: /Send/ }).count()).toBe(0);
    expect(await instant.getByRole('button', { name: /Send/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await main
      .locator('li[data-key="wire"]')
      .getByRole('link', { name: /^Send/ })
      .or(main.locator('li[data-key="wire"]').getByRole('button', { name: /^Send/ }))
      .click();
    await page.waitForURL(/\/transfer\/external\/wire$/);
    await page.getByRole('heading', { name: 'Wire to a bank account', level: 1 }).waitFor();

    await page.goBack();
    await instant
      .getByRole('link', { name: /Add your tax number/ })
      .or(instant.getByRole('button', { name: /Add your tax number/ }))
      .click();
    await page.waitForURL(/\/profile\/tax$/);
    await page.context().close();
  });

  it('fills the wire form from a saved beneficiary', async () => {
    const template = `Grace ${Date.now().toString(36)}`;
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const { accounts } = (await api.call('balanceInquiry', {})) as { accounts: Account[] };
    const eur = accounts.find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;
    await api.call('wireTransfer', {
      idempotencyKey: randomUUID(),
      accountId: eur.accountId,
      amount: '5.00',
      beneficiaryName: 'Grace Hopper',
      iban: 'GB29 NWBK 6016 1331 9268 19',
      swift: 'NWBKGB2L',
      templateName: template,
    });

    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/external/wire`);
    const saved = page.getByRole('row', { name: new RegExp(template) });
    await saved.getByRole('button', { name: /^Use/ }).click();
    await expect.poll(() => page.getByLabel("Beneficiary's name").inputValue()).toBe('Grace Hopper');
    expect(await page.getByLabel(/^IBAN/).inputValue()).toBe('GB29NWBK60161331926819');
    expect(await page.getByLabel('SWIFT (BIC) code').inputValue()).toBe('NWBKGB2L');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
