/**
 * Global pay and the recipient link in Chromium (issue 16 item 4): the personal customer uploads a global-pay
 * file on /transfer/mass/global, submits the batch on its summary and confirms it with her code; its recipient opens the link the
 * outbox holds, sees who pays her and how much, picks Germany and a bank wire, sees what she would
 * receive, types her IBAN (its bank named and SWIFT code suggested), sends it and approves with the code
 * e-mailed to her; a tester settles the wire on /sandbox/rails, the recipient's page then says paid and
 * lists the payout among her last ones, and the sender sees the payment paid in the batch's summary. A wrong link
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

/**
 * Anna sends a global pay batch of one payment (a CSV row after the header) from her EUR account, through the
 * API, and approves it with the code she is sent; answers the recipient's link from the outbox.
 */
async function linkOfOnePayment(tag: string, row: string, recipient: string): Promise<string> {
  const sender = await signIn(e2e.server.url, 'personal@example.com');
  const { accounts } = (await sender.call('balanceInquiry', {})) as { accounts: Account[] };
  const eur = accounts.find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;
  const file = ['amount,description,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,feeShare,forbiddenMethods', row].join('\n');
  const attachedFile = `data:text/csv;name=${tag}.csv;base64,${Buffer.from(file, 'utf8').toString('base64')}`;
  const uploaded = (await sender.call('globalPayUpload', { accountId: eur.accountId, batchName: tag, attachedFile })) as { batch: { batchId: number } };
  const batchId = uploaded.batch.batchId;
  await sender.call('globalPaySubmit', { idempotencyKey: `${tag}-submit`, batchId });
  let senderCode = '';
  await expect
    .poll(
      async () => {
        const [sms] = await outboxMessages(e2e.server.url, ANNA_PHONE, 'globalPayApproval');
        const [mail] = await outboxMessages(e2e.server.url, 'personal@example.com', 'globalPayApproval');
        senderCode = codeIn(sms?.body ?? mail?.body ?? '');
        return senderCode;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^[0-9]{6}$/);
  await sender.call('globalPayBatchApprove', { idempotencyKey: `${tag}-approve`, operationId: batchId, approvalCode: senderCode });
  return /https?:\/\/\S+\/receive\/[A-Za-z0-9_-]{43,}/.exec(await messageTo(recipient, 'globalPayLink'))?.[0] ?? '';
}

describe('global pay through the recipient link', () => {
  it('sends a batch from the upload screen, lets the recipient choose a bank wire by IBAN and approve it with her code, and the sender sees it paid', async () => {
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

    // The sender uploads the file on /transfer/mass/global and lands on the batch's summary.
    const senderPage = await e2e.signedInPage('personal@example.com');
    await senderPage.goto(`${e2e.server.url}/transfer/mass/global`);
    await senderPage.getByRole('heading', { name: 'Global pay', level: 1 }).waitFor();
    const from = senderPage.getByLabel('From account');
    await expect.poll(() => from.isEnabled()).toBe(true);
    await from.selectOption(String(eur.accountId));
    await senderPage.getByLabel(/^Batch name/).fill(`Models ${stamp}`);
    await senderPage.getByLabel(/^File/).setInputFiles({ name: 'global.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
    await senderPage.getByRole('button', { name: 'Upload' }).click();
    await senderPage.getByRole('heading', { name: 'Global pay batch', level: 1 }).waitFor();
    const summary = senderPage.locator('main');
    await summary.getByRole('heading', { name: `Models ${stamp}` }).waitFor();
    const batchId = Number(new URL(senderPage.url()).searchParams.get('batchId'));
    expect(await summary.locator('[data-field="total"]').innerText()).toBe('€100.00');

    // She also forbids the crypto wallet to this recipient in the payment's editor (the card was forbidden by the file).
    await summary.locator('tr', { hasText: name }).getByRole('button', { name: /^Edit/ }).click();
    const forbidden = summary.getByRole('group', { name: 'Methods this recipient may not choose' });
    expect(await forbidden.getByRole('checkbox', { name: 'To a card' }).isChecked()).toBe(true);
    expect(await forbidden.getByRole('checkbox', { name: 'Bank wire' }).isChecked()).toBe(false);
    await forbidden.getByRole('checkbox', { name: 'Crypto wallet' }).check();
    await summary.getByRole('button', { name: 'Keep these values' }).click();
    await summary.getByRole('button', { name: 'Save changes to payments' }).click();
    await expect
      .poll(async () => {
        const batch = (await sender.call('globalPayBatchGet', { batchId: Number(new URL(senderPage.url()).searchParams.get('batchId')) })) as {
          payments: Array<{ paymentMethods: Array<{ name: string; forbidden: boolean }> }>;
        };
        return batch.payments[0]?.paymentMethods.filter((method) => method.forbidden).map((method) => method.name);
      })
      .toEqual(['oct', 'crypto_eft']);

    // She submits it and confirms with the code her two-step setting sends (by SMS to her phone, else by e-mail).
    await summary.getByRole('button', { name: 'Submit the batch' }).click();
    await summary.getByRole('heading', { name: 'Confirm with your code' }).waitFor();
    const approval = (await sender.call('globalPayBatchGet', { batchId })) as { operationId: number };
    expect(approval.operationId).toBe(batchId);
    let senderCode = '';
    await expect
      .poll(
        async () => {
          const [sms] = await outboxMessages(e2e.server.url, ANNA_PHONE, 'globalPayApproval');
          const [mail] = await outboxMessages(e2e.server.url, 'personal@example.com', 'globalPayApproval');
          senderCode = codeIn(sms?.body ?? mail?.body ?? '');
          return senderCode;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^[0-9]{6}$/);
    await summary.getByRole('textbox', { name: 'Code' }).fill(senderCode);
    await summary.getByRole('button', { name: 'Confirm and send' }).click();
    await expect.poll(() => summary.locator('[data-field="status"]').first().innerText()).toBe('Sent');

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

    // The sender sees it paid in the batch, once the scheduler's global pay job has marked the payment (the recipient's
    // page reads the settled wire at once, so her "Paid" can come first).
    const paidRow = summary.locator('tr', { hasText: name });
    await expect
      .poll(
        async () => {
          await senderPage.reload();
          await paidRow.waitFor();
          return paidRow.locator('[data-value="paid"]').count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await senderPage.close();

    // A wrong link says so in the page's words.
    await page.goto(`${e2e.server.url}/receive/${'A'.repeat(43)}`);
    await main.getByText('This link cannot be used').waitFor();
    await page.close();
  });

  it('asks a recipient in GB taking a wire for her sort code and account number, and says the rail’s refusal on the account number', async () => {
    const stamp = Date.now().toString(36);
    const recipient = `bea.${stamp}@example.net`;
    const link = await linkOfOnePayment(`gb-${stamp}`, `40.00,Artwork,individual,Bea Jones ${stamp},${recipient},GB,sender,oct`, recipient);
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${e2e.server.url}${new URL(link).pathname}`);
    await page.getByRole('heading', { name: 'Receive a payment', level: 1 }).waitFor();
    await page.getByLabel('Your country').selectOption('GB');
    const methods = page.getByRole('group', { name: 'Method' });
    await methods.getByRole('radio', { name: 'Bank wire' }).check();

    // A wire to GB: sort code and account number, no IBAN.
    const account = page.getByLabel(/^Account number/);
    await account.waitFor();
    expect(await page.getByLabel(/^Sort code/).count()).toBe(1);
    expect(await page.getByLabel(/^IBAN/).count()).toBe(0);
    await page.getByLabel(/^Account holder/).fill(`Bea Jones ${stamp}`);
    await page.getByLabel(/^Sort code/).fill('20-00-00');
    await account.fill('1234');
    await page.getByRole('button', { name: 'Continue' }).click();
    const described = async () => {
      const ids = ((await account.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
      const texts = await Promise.all(
        ids.map((id) =>
          page
            .locator(`[id="${id}"]`)
            .innerText()
            .catch(() => ''),
        ),
      );
      return texts.join(' ');
    };
    await expect.poll(described).toContain('A UK account number has 8 digits.');

    await page.close();
  });

  it('shows a payment’s country in its editor, and offers a new payment its country’s methods as soon as the country is chosen', async () => {
    const stamp = Date.now().toString(36);
    const sender = await signIn(e2e.server.url, 'personal@example.com');
    const { accounts } = (await sender.call('balanceInquiry', {})) as { accounts: Account[] };
    const eur = accounts.find((account) => account.currencyCode === 'EUR' && account.type === 1001)!;
    const file = [
      'amount,description,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,feeShare,forbiddenMethods',
      `30.00,Design,individual,Cleo Marin ${stamp},cleo.${stamp}@example.net,RO,sender,`,
    ].join('\n');
    const attachedFile = `data:text/csv;name=ro.csv;base64,${Buffer.from(file, 'utf8').toString('base64')}`;
    const uploaded = (await sender.call('globalPayUpload', { accountId: eur.accountId, batchName: `Editor ${stamp}`, attachedFile })) as {
      batch: { batchId: number };
    };
    const batchId = uploaded.batch.batchId;

    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/external/global-summary?batchId=${batchId}`);
    const summary = page.locator('main');
    await summary.getByRole('heading', { name: `Editor ${stamp}` }).waitFor();

    // The uploaded payment's editor shows its country (Romania), not "Choose…", and Romania's methods.
    await summary
      .locator('tr', { hasText: `Cleo Marin ${stamp}` })
      .getByRole('button', { name: /^Edit/ })
      .click();
    const editor = summary.locator('.eng-editable__editor');
    const country = editor.getByRole('combobox', { name: 'Country' });
    await expect.poll(() => country.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('Romania');
    const forbidden = editor.getByRole('group', { name: 'Methods this recipient may not choose' });
    await expect.poll(() => forbidden.getByRole('checkbox').count()).toBe(3);
    await editor.getByRole('button', { name: 'Cancel' }).click();

    // A new payment: no methods before its country, Germany's as soon as it is chosen; one forbidden is kept on save.
    await summary.getByRole('button', { name: 'Add a payment' }).click();
    const added = summary.locator('.eng-editable__editor');
    const addedMethods = added.getByRole('group', { name: 'Methods this recipient may not choose' });
    await addedMethods.getByText("Choose the recipient's country to see its methods.").waitFor();
    expect(await addedMethods.getByRole('checkbox').count()).toBe(0);
    await added.getByRole('combobox', { name: 'Country' }).selectOption('US');
    await addedMethods.getByRole('checkbox', { name: 'Bank wire' }).waitFor();
    expect(await addedMethods.getByRole('checkbox').count()).toBe(3);
    await added.getByRole('combobox', { name: 'Country' }).selectOption('DE');
    await expect.poll(() => addedMethods.getByRole('checkbox', { name: 'Crypto wallet' }).isChecked()).toBe(false);
    await addedMethods.getByRole('checkbox', { name: 'To a card' }).check();
    await added.getByRole('textbox', { name: 'Recipient', exact: true }).fill(`Dan Vogel ${stamp}`);
    await added.getByRole('textbox', { name: "Recipient's e-mail" }).fill(`dan.${stamp}@example.net`);
    await added.getByRole('combobox', { name: 'Recipient type' }).selectOption({ label: 'A person' });
    await added.getByRole('combobox', { name: 'Fee paid by' }).selectOption({ label: 'You' });
    await added.getByRole('textbox', { name: 'Amount' }).fill('12.50');
    await added.getByRole('button', { name: 'Keep these values' }).click();
    await summary.getByRole('button', { name: 'Save changes to payments' }).click();
    await expect
      .poll(async () => {
        const batch = (await sender.call('globalPayBatchGet', { batchId })) as {
          payments: Array<{ beneficiaryName: string; beneficiaryCountryCode: string; paymentMethods: Array<{ name: string; forbidden: boolean }> }>;
        };
        const dan = batch.payments.find((payment) => payment.beneficiaryName === `Dan Vogel ${stamp}`);
        return dan && { country: dan.beneficiaryCountryCode, forbidden: dan.paymentMethods.filter((method) => method.forbidden).map((method) => method.name) };
      })
      .toEqual({ country: 'DE', forbidden: ['oct'] });
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('lets a recipient in the US of a euro batch be paid in dollars by wire: the rate and the amount to receive shown are what she is paid', async () => {
    const stamp = Date.now().toString(36);
    const recipient = `eva.${stamp}@example.net`;
    const link = await linkOfOnePayment(`us-${stamp}`, `100.00,Photos,individual,Eva Stone ${stamp},${recipient},US,sender,oct|crypto_eft`, recipient);
    const secret = new URL(link).pathname.split('/').pop()!;
    // What the server quotes for a wire in dollars, asked as the page asks it (the link's calls are public).
    const sender = await signIn(e2e.server.url, 'personal@example.com');
    const quote = (await sender.call('receiveMeta', { paymentSecret: secret, paymentMethod: 'wire', toCurrencyCode: 'USD', countryCode: 'US' })) as {
      toAmount: string;
      exchangeRate: string;
    };
    expect(quote.exchangeRate).not.toBe('1');

    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${e2e.server.url}${new URL(link).pathname}`);
    await page.getByRole('heading', { name: 'Receive a payment', level: 1 }).waitFor();
    const main = page.locator('main');
    await page.getByLabel('Your country').selectOption('US');
    await page.getByRole('group', { name: 'Method' }).getByRole('radio', { name: 'Bank wire' }).check();
    // The batch's euros first, nothing converted; dollars offered beside them.
    const currency = page.getByLabel('Currency');
    await expect.poll(() => currency.inputValue()).toBe('EUR');
    await expect.poll(() => main.locator('[data-field="toAmount"]').innerText()).toBe('€100.00');
    expect(await main.locator('[data-field="exchangeRate"]').count()).toBe(0);
    expect(await currency.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['EUR', 'USD']));
    await currency.selectOption('USD');
    await expect.poll(() => main.locator('[data-field="toAmount"]').innerText()).toBe(`$${quote.toAmount}`);
    expect(await main.locator('[data-field="exchangeRate"]').innerText()).toBe(`1 EUR = ${quote.exchangeRate} USD`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(/^Account holder/).fill(`Eva Stone ${stamp}`);
    await page.getByLabel(/^Routing number/).fill('021000021');
    await page.getByLabel(/^Account number/).fill('123456789');
    await page.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('heading', { name: 'Confirm with the code we e-mailed you' }).waitFor();
    await page.getByRole('textbox', { name: 'Code' }).fill(codeIn(await messageTo(recipient, 'globalPayReceiveCode')));
    await page.getByRole('button', { name: 'Confirm and get paid' }).click();
    await main.getByRole('heading', { name: 'Your payment is on its way' }).waitFor();
    // Her payout is the quoted dollars.
    const withdrawals = main.getByRole('group', { name: 'Your last payments' });
    await expect.poll(() => withdrawals.innerText()).toContain(`$${quote.toAmount}`);
    await page.close();
  });
});
