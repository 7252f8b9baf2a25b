/**
 * Global pay and the recipient link in Chromium (issue 16 item 4): the personal customer sends a global-pay
 * batch (uploaded, submitted and approved with the code e-mailed to her); its recipient opens the link the
 * outbox holds, sees who pays her and how much, picks Germany and a bank wire, sees what she would
 * receive, types her IBAN (its bank named and SWIFT code suggested), sends it and approves with the code
 * e-mailed to her; a tester settles the wire on /sandbox/rails, the recipient's page then says paid and
 * lists the payout among her last ones, and the sender sees the payment paid in the batch. A wrong link
 * says so in the page's words. Axe finds nothing serious.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { ANNA_PHONE, outboxMessages } from '../support/outbox.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer({ BRAND: 'paxum', SCHEDULER_INTERVAL_MS: '1000' });

interface Account {
  accountId: number;
  currencyCode: string;
  type: number;
}

const csvDataUrl = (text: string) => `data:text/csv;name=global.csv;base64,${Buffer.from(text, 'utf8').toString('base64')}`;

/** The newest message to `to` for `purpose` once there is one, waiting for it to be sent. */
async function messageTo(to: string, purpose: string): Promise<string> {
  let body = '';
  await expect
    .poll(
      async () => {
        body = (await outboxMessages(e2e.server.url, to, purpose))[0]?.body ?? '';
        return body;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return body;
}

const codeIn = (body: string) => /^([0-9]{6}) /.exec(body)?.[1] ?? '';

describe('global pay through the recipient link', () => {
  it('lets the recipient choose a bank wire by IBAN, approve it with her code, and the sender sees it paid', async () => {
    const stamp = Date.now().toString(36);
    const recipient = `ana.${stamp}@example.net`;
    const name = `Ana Weber ${stamp}`;
    const sender = await signIn(e2e.server.url, 'personal@example.com');
    const { accounts } = (await sender.call('balanceInquiry', {})) as { accounts: Account[] };
    const eur = accounts.find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;
    const file = [
      'amount,description,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,feeShare,forbiddenMethods',
      `100.00,November shoot,individual,${name},${recipient},DE,sender,oct`,
    ].join('\n');
    const uploaded = await sender.call('globalPayUpload', { accountId: eur.accountId, batchName: `Models ${stamp}`, attachedFile: csvDataUrl(file) });
    expect(uploaded).toMatchObject({ responseCode: '00', errors: [] });
    const batchId = uploaded.batch.batchId as number;
    const submitted = await sender.call('globalPaySubmit', { idempotencyKey: crypto.randomUUID(), batchId });
    expect(submitted).toMatchObject({ responseCode: '00' });
    // Her code comes the way her two-step setting says: by SMS to her phone, else by e-mail.
    const senderCode = codeIn(await messageTo(submitted.approval.approveType === 'sms' ? ANNA_PHONE : 'personal@example.com', 'globalPayApproval'));
    expect(await sender.call('globalPayBatchApprove', { idempotencyKey: crypto.randomUUID(), operationId: batchId, approvalCode: senderCode })).toMatchObject({
      responseCode: '00',
    });

    // The recipient opens the link of her e-mail: no sign-in.
    const link = /https?:\/\/\S+\/receive\/[A-Za-z0-9_-]{43,}/.exec(await messageTo(recipient, 'globalPayLink'))?.[0] ?? '';
    const path = new URL(link).pathname;
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${e2e.server.url}${path}`);
    await page.getByRole('heading', { name: 'Receive a payment', level: 1 }).waitFor();
    const main = page.locator('main');
    await main.getByRole('heading', { name: /is sending you a payment$/ }).waitFor();
    expect(await main.locator('[data-field="amount"]').innerText()).toBe('€100.00');
    expect(await main.locator('[data-field="status"]').innerText()).toBe('Waiting for your choice');

    // Germany offers a wire (the sender forbade cards): the currency is the only one, and what she receives is asked live.
    await page.getByLabel('Your country').selectOption('DE');
    const methods = page.getByRole('group', { name: 'Method' });
    await methods.getByRole('radio', { name: 'Bank wire' }).waitFor();
    expect(await methods.getByRole('radio', { name: 'To a card' }).count()).toBe(0);
    await methods.getByRole('radio', { name: 'Bank wire' }).check();
    await expect.poll(() => page.getByLabel('Currency').inputValue()).toBe('EUR');
    await expect.poll(() => main.locator('[data-field="toAmount"]').innerText()).toMatch(/^€[0-9]+\.[0-9]{2}$/);

    await page.getByLabel(/^IBAN/).fill('DE89 3704 0044 0532 0130 00');
    await expect.poll(() => page.getByLabel(/^SWIFT/).inputValue()).toBe('COBADEFFXXX');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();

    // The code e-mailed to her confirms the choice.
    const approve = main.getByRole('heading', { name: 'Confirm with the code we e-mailed you' });
    await approve.waitFor();
    const code = codeIn(await messageTo(recipient, 'globalPayReceiveCode'));
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('button', { name: 'Confirm and get paid' }).click();
    await main.getByRole('heading', { name: 'Your payment is on its way' }).waitFor();

    // A tester settles the wire; the scheduler then marks the payment paid.
    const tester = await e2e.browser.newPage();
    await tester.goto(`${e2e.server.url}/sandbox/rails`);
    const payout = tester.locator('article', { hasText: name });
    await payout.getByRole('button', { name: 'Settle' }).click();
    await tester.getByRole('status').filter({ hasText: 'settled' }).waitFor();
    await tester.close();
    await expect
      .poll(
        async () => {
          await page.reload();
          await main.locator('[data-field="status"]').waitFor();
          return main.locator('[data-field="status"]').innerText();
        },
        { timeout: 20_000 },
      )
      .toBe('Paid');
    const withdrawals = main.getByRole('group', { name: 'Your last payments' });
    expect(await withdrawals.innerText()).toContain('•••• 3000');

    // The sender sees it paid in the batch.
    const batch = await sender.call('globalPayBatchGet', { batchId });
    expect(batch.payments).toMatchObject([{ beneficiaryName: name, status: 'paid' }]);

    // A wrong link says so in the page's words.
    await page.goto(`${e2e.server.url}/receive/${'A'.repeat(43)}`);
    await main.getByText('This link cannot be used').waitFor();
    await page.close();
  });
});
