/**
 * Mass transfers in Chromium (issue 16): Anna uploads a p2p batch file with two bad rows and sees them
 * listed by row and column with the summary; she fixes the file and uploads it again, opens its
 * confirmation and confirms; the batch page follows it to the end, also after a reload; the batch is in
 * /history/batch-transfers, which opens it. The same file again is asked about (92) and, on yes, kept.
 * A wire batch file's bad rows are listed; the fixed one is confirmed with the SMS code, its payout settled
 * on /sandbox/rails, and the batch ends completed in the list. A 300-payment wire batch's page, reloaded
 * while the network has settled 100, shows 100 of 300 and goes on to the end without another reload. The
 * hub offers instant and Interac batches only where the mass sending flags allow them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from '../support/api-client.ts';
import { browserAndServer } from '../support/pages.ts';
import { seriousViolations } from '../support/axe.ts';
import { ANNA_PHONE, codeSentAfter, newestOutboxId } from '../support/outbox.ts';

const e2e = browserAndServer();

/** The upload form once its paying account is chosen (the account list loads after the page). */
const accountChosen = async (page: Page) => {
  await expect.poll(() => page.getByLabel('Pay from').inputValue(), { timeout: 15_000 }).not.toBe('');
};

const WIRE_HEADER = 'Beneficiary name,IBAN,SWIFT (BIC),Amount,Note';
const wires = (lines: string[]) => ({ name: 'wires.csv', mimeType: 'text/csv', buffer: Buffer.from(`${WIRE_HEADER}\n${lines.join('\n')}\n`, 'utf8') });

/** A number written in letters (a beneficiary's name takes no digits): 0 → 'a', 27 → 'bb'. */
const letters = (value: number): string => {
  let rest = value;
  let word = '';
  do {
    word = String.fromCharCode(97 + (rest % 26)) + word;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return word;
};

/** Confirms the batch on its confirmation page with Anna's SMS code, and waits for its page. */
const confirmWithCode = async (page: Page, batchId: number) => {
  const before = await newestOutboxId(e2e.server.url, ANNA_PHONE, 'massTransferConfirm');
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await stepUp.waitFor();
  await stepUp.getByLabel('Confirmation code').fill(await codeSentAfter(e2e.server.url, ANNA_PHONE, 'massTransferConfirm', before));
  await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.waitForURL(`**/history/batch-transfers/${batchId}`);
};

const csv = (lines: string[]) => Buffer.from(`E-mail,Amount,Note\n${lines.join('\n')}\n`, 'utf8');

describe('mass transfers', () => {
  it('lists bad rows by row and column, takes the fixed file, confirms it and follows it to the end', async () => {
    const name = `Fees ${Date.now()}`;
    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/mass`);
    await page.getByRole('link', { name: /To e-mail addresses/ }).click();
    await page.getByRole('heading', { name: 'Mass transfer to e-mail', level: 1 }).waitFor();

    await accountChosen(page);
    await page.getByLabel('Batch name').fill(name);
    const file = page.locator('input[type="file"]');
    await file.setInputFiles({
      name: 'fees.csv',
      mimeType: 'text/csv',
      buffer: csv(['business@example.com,1.25,March', 'not-an-e-mail,2.00,Bad payee', 'business@example.com,-3,Negative', 'business@example.com,0.75,April']),
    });
    await page.getByRole('button', { name: 'Check the batch' }).click();

    const summary = page.getByRole('alertdialog', { name: 'Batch checked' });
    await summary.waitFor();
    const rows = await summary.getByRole('table').locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t').slice(0, 2).join(' '))).toEqual(['2 E-mail', '3 Amount']);
    const said = await summary.innerText();
    expect(said).toMatch(/With errors\s*2/);
    expect(said).not.toContain('Go to confirmation');
    expect(await seriousViolations(page)).toEqual([]);
    await summary.getByRole('button', { name: 'Close' }).click();
    await summary.waitFor({ state: 'detached' });

    // The form kept its values: only the file changes.
    expect(await page.getByLabel('Batch name').inputValue()).toBe(name);
    await file.setInputFiles({ name: 'fees.csv', mimeType: 'text/csv', buffer: csv(['business@example.com,1.25,March', 'business@example.com,0.75,April']) });
    await page.getByRole('button', { name: 'Check the batch' }).click();
    const good = page.getByRole('alertdialog', { name: 'Batch checked' });
    await good.waitFor();
    expect(await good.innerText()).toMatch(/Ready to pay\s*2/);
    await good.getByRole('link', { name: 'Go to confirmation' }).click();

    await page.getByRole('heading', { name: 'Confirm the batch', level: 1 }).waitFor();
    const batchId = Number(new URL(page.url()).searchParams.get('batchId'));
    expect(batchId).toBeGreaterThan(0);
    await page.locator('main').getByText(name).waitFor();
    expect(await page.locator('main').innerText()).toMatch(/Awaiting confirmation/);
    expect(await seriousViolations(page)).toEqual([]);
    // The batch's second factor: the code sent by SMS, bound to this batch and its total.
    const before = await newestOutboxId(e2e.server.url, ANNA_PHONE, 'massTransferConfirm');
    await page.getByRole('button', { name: 'Confirm and pay' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.waitFor();
    await stepUp.getByLabel('Confirmation code').fill(await codeSentAfter(e2e.server.url, ANNA_PHONE, 'massTransferConfirm', before));
    await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();

    // The batch page: followed while it pays, and where it stands after a reload.
    await page.waitForURL(`**/history/batch-transfers/${batchId}`);
    await page.reload();
    await expect.poll(() => page.locator('main [data-value]').first().getAttribute('data-value'), { timeout: 30_000 }).toBe('completed');
    const bar = page.getByRole('progressbar');
    expect(await bar.getAttribute('value')).toBe('2');
    expect(await bar.getAttribute('max')).toBe('2');
    expect(await page.locator('main').innerText()).toContain('2 of 2');

    await page.goto(`${e2e.server.url}/history/batch-transfers`);
    const row = page.locator('tbody tr', { hasText: name });
    await row.waitFor();
    await row
      .getByRole('button', { name: /Open/ })
      .or(row.getByRole('link', { name: /Open/ }))
      .first()
      .click();
    await page.waitForURL(`**/history/batch-transfers/${batchId}`);
    await page
      .getByRole('link', { name: 'Payments' })
      .or(page.getByRole('button', { name: 'Payments' }))
      .first()
      .click();
    await page.waitForURL(`**/history/batch-transfers/${batchId}/payments`);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
  });

  it('lists a wire batch file bad rows, takes the fixed one, confirms it with the code and completes once the network settles it', async () => {
    const name = `Suppliers ${Date.now()}`;
    const beneficiary = `Ada ${letters(Date.now())}`;
    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/mass`);
    await page
      .getByRole('link', { name: 'Wire transfers' })
      .or(page.getByRole('button', { name: 'Wire transfers' }))
      .first()
      .click();
    await page.getByRole('heading', { name: 'Mass wire transfer', level: 1 }).waitFor();
    await accountChosen(page);
    await page.getByLabel('Batch name').fill(name);
    await page
      .locator('input[type="file"]')
      .setInputFiles(
        wires([
          'Ada Lovelace,DE89 3704 0044 0532 0130 00,COBADEFFXXX,12.00,',
          'Bad Iban,DE88 3704 0044 0532 0130 00,COBADEFFXXX,5.00,',
          'Ada Again,DE89 3704 0044 0532 0130 00,COBADEFFXXX,-1,',
        ]),
      );
    await page.getByRole('button', { name: 'Check the batch' }).click();
    const summary = page.getByRole('alertdialog', { name: 'Batch checked' });
    await summary.waitFor();
    const rows = await summary.getByRole('table').locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t')[0])).toEqual(['2', '3']);
    expect(rows[0]).toMatch(/IBAN/);
    await summary.getByRole('button', { name: 'Close' }).click();
    await page.locator('input[type="file"]').setInputFiles(wires([`${beneficiary},DE89 3704 0044 0532 0130 00,COBADEFFXXX,12.00,`]));
    await page.getByRole('button', { name: 'Check the batch' }).click();
    const good = page.getByRole('alertdialog', { name: 'Batch checked' });
    await good.waitFor();
    await good.getByRole('link', { name: 'Go to confirmation' }).click();
    await page.waitForURL('**/transfer/external/mass/confirm?batchId=*');
    const batchId = Number(new URL(page.url()).searchParams.get('batchId'));
    await confirmWithCode(page, batchId);

    // The runner hands its payout to the wire network; a tester settles it on the sandbox page.
    const tester = await e2e.browser.newPage();
    const payout = tester.locator('article', { hasText: beneficiary });
    await expect
      .poll(
        async () => {
          await tester.goto(`${e2e.server.url}/sandbox/rails`);
          return payout.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await payout.locator('h2').innerText()).toMatch(/^WIRE-[0-9]+ · 12\.00 [A-Z]{3} · (pending|sent)$/);
    await payout.getByRole('button', { name: 'Settle' }).click();
    await tester.getByRole('status').filter({ hasText: 'settled' }).waitFor();
    await tester.close();

    // The batch page, still open, follows it to the end; the batch list says it is completed.
    await expect.poll(() => page.locator('main [data-value]').first().getAttribute('data-value'), { timeout: 30_000 }).toBe('completed');
    expect(await page.getByRole('progressbar').getAttribute('value')).toBe('1');
    await page.goto(`${e2e.server.url}/history/batch-transfers`);
    const row = page.locator('tbody tr', { hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain('Completed');
    await page.context().close();
  });

  it('follows a running batch of 300 wire payments after a reload, its progress going on as the network settles them', async () => {
    const stamp = letters(Date.now());
    const name = `Payroll ${stamp}`;
    const rows = Array.from({ length: 300 }, (_, index) => `Payee ${stamp} ${letters(index + 1)},DE89 3704 0044 0532 0130 00,COBADEFFXXX,1.00,`);
    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/mass/wire`);
    await accountChosen(page);
    await page.getByLabel('Batch name').fill(name);
    await page.locator('input[type="file"]').setInputFiles(wires(rows));
    await page.getByRole('button', { name: 'Check the batch' }).click();
    const summary = page.getByRole('alertdialog', { name: 'Batch checked' });
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(/Ready to pay\s*300/);
    await summary.getByRole('link', { name: 'Go to confirmation' }).click();
    await page.waitForURL('**/transfer/external/mass/confirm?batchId=*');
    const batchId = Number(new URL(page.url()).searchParams.get('batchId'));
    await confirmWithCode(page, batchId);

    // Every row becomes a wire payout held at the network; none is settled yet.
    const anna = await signIn(e2e.server.url, 'personal@example.com');
    let operations: number[] = [];
    await expect
      .poll(
        async () => {
          operations = [];
          for (let pageNumber = 1; pageNumber <= 3; pageNumber++) {
            const answer = await anna.call('massTransferPayments', { batchId, pageNumber, pageSize: 100 });
            for (const payment of answer.payments as Array<{ operationId?: number }>) if (payment.operationId) operations.push(payment.operationId);
          }
          return operations.length;
        },
        { timeout: 60_000 },
      )
      .toBe(300);
    const settle = async (ids: number[]) => {
      for (const id of ids) {
        const answer = await fetch(`${e2e.server.url}/sandbox/rails/wire/payouts/WIRE-${id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'settle' }),
        });
        expect(answer.status).toBe(200);
      }
    };
    const bar = page.getByRole('progressbar');
    await settle(operations.slice(0, 100));

    // Reloaded mid-way, the page picks the batch up where it stands: 100 of 300, still paying.
    await page.reload();
    await expect.poll(() => bar.getAttribute('value'), { timeout: 15_000 }).toBe('100');
    expect(await bar.getAttribute('max')).toBe('300');
    expect(await page.locator('main [data-value]').first().getAttribute('data-value')).toBe('processing');
    // Without another reload it goes on to the end as the network settles the rest.
    await settle(operations.slice(100));
    await expect.poll(() => bar.getAttribute('value'), { timeout: 30_000 }).toBe('300');
    await expect.poll(() => page.locator('main [data-value]').first().getAttribute('data-value'), { timeout: 30_000 }).toBe('completed');
    expect(await page.locator('main').innerText()).toContain('300 of 300');
    await page.context().close();
  });

  it('asks before keeping the same file again, and keeps it on yes', async () => {
    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/mass/p2p`);
    await accountChosen(page);
    await page.getByLabel('Batch name').fill('Twice');
    const same = { name: 'twice.csv', mimeType: 'text/csv', buffer: csv([`business@example.com,0.10,Twice ${Date.now()}`]) };
    await page.locator('input[type="file"]').setInputFiles(same);
    await page.getByRole('button', { name: 'Check the batch' }).click();
    const first = page.getByRole('alertdialog', { name: 'Batch checked' });
    await first.waitFor();
    await first.getByRole('button', { name: 'Close' }).click();
    // A batch kept for confirmation empties the form: the same file again.
    await page.getByLabel('Batch name').fill('Twice');
    await page.locator('input[type="file"]').setInputFiles(same);
    await page.getByRole('button', { name: 'Check the batch' }).click();
    const question = page.getByRole('dialog', { name: 'Same batch again?' }).or(page.getByRole('alertdialog', { name: 'Same batch again?' }));
    await question.waitFor();
    expect(await question.innerText()).toMatch(/batch [0-9]+/);
    await question.getByRole('button', { name: 'Upload again' }).click();
    await page.getByRole('alertdialog', { name: 'Batch checked' }).waitFor();
  });

  it("opens each rail's upload from the hub with its own title and sample file, and a rail not listed is the not-found page", async () => {
    const page = await e2e.signedInPage('business@example.com');
    for (const [link, rail, heading, transferType] of [
      ['Wire transfers', 'wire', 'Mass wire transfer', 'wire'],
      ['Bank transfers (EFT)', 'eft', 'Mass bank transfer (EFT)', 'eft'],
      ['Card payouts', 'oct', 'Mass card payout', 'creditCard'],
      ['Crypto withdrawals', 'digital', 'Mass crypto withdrawal', 'cryptoEft'],
      ['Instant payments', 'instant', 'Mass instant payment', 'instant'],
      ['Interac e-Transfers', 'interac', 'Mass Interac e-Transfer', 'interac'],
    ] as const) {
      await page.goto(`${e2e.server.url}/transfer/mass`);
      await page.getByRole('link', { name: link }).click();
      await page.waitForURL(`**/transfer/mass/${rail}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await page.title()).toContain(heading);
      // The sample file is asked for with the address's transfer type.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download a sample file' }).click();
      expect((await download).suggestedFilename()).toBe(`mass-${transferType}-sample.csv`);
    }
    // Global pay is the hub's child too, by its own flag, on its own screen.
    await page.goto(`${e2e.server.url}/transfer/mass`);
    await page.getByRole('link', { name: 'Global pay' }).click();
    await page.waitForURL('**/transfer/mass/global');
    await page.goto(`${e2e.server.url}/transfer/mass/cheque`);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.getByLabel('Batch name').count()).toBe(0);
    await page.context().close();
  });

  it('offers instant and Interac batches where the mass sending flags allow them, each checked from its sample file', async () => {
    // Anna may send to e-mail addresses, by wire and by global pay only.
    const anna = await e2e.signedInPage('personal@example.com');
    await anna.goto(`${e2e.server.url}/transfer/mass`);
    await anna.getByRole('link', { name: 'Wire transfers' }).waitFor();
    await anna.getByRole('link', { name: 'Global pay' }).waitFor();
    expect(await anna.getByRole('link', { name: 'Instant payments' }).count()).toBe(0);
    expect(await anna.getByRole('link', { name: 'Interac e-Transfers' }).count()).toBe(0);
    await anna.context().close();

    // Northwind may send every kind.
    const page = await e2e.signedInPage('business@example.com');
    for (const [link, heading, transferType] of [
      ['Instant payments', 'Mass instant payment', 'instant'],
      ['Interac e-Transfers', 'Mass Interac e-Transfer', 'interac'],
    ] as const) {
      await page.goto(`${e2e.server.url}/transfer/mass`);
      await page.getByRole('link', { name: link }).click();
      await page.waitForURL(`**/transfer/mass/${transferType}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // The sample file the page offers, uploaded as it is: its two payments are read with the rail's checks.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download a sample file' }).click();
      const saved = await download;
      const sample = { name: saved.suggestedFilename(), mimeType: 'text/csv', buffer: readFileSync(await saved.path()) };
      await accountChosen(page);
      await page.getByLabel('Batch name').fill(`${heading} ${Date.now()}`);
      await page.locator('input[type="file"]').setInputFiles(sample);
      await page.getByRole('button', { name: 'Check the batch' }).click();
      const summary = page.getByRole('alertdialog', { name: 'Batch checked' });
      if (transferType === 'interac') {
        // Interac pays in Canadian dollars only: the first (USD) account is refused on its field, the CAD one taken.
        await page.getByText('This method pays only from an account in CAD.').waitFor();
        const from = page.getByLabel('Pay from');
        const cad = await from
          .locator('option')
          .evaluateAll((options) => (options as HTMLOptionElement[]).find((option) => option.textContent?.includes('CAD'))?.value);
        await from.selectOption(cad!);
        await page.getByRole('button', { name: 'Check the batch' }).click();
      }
      await summary.waitFor();
      expect(await summary.innerText()).toMatch(/Payments\s*2/);
      await summary.getByRole('button', { name: 'Close' }).click();
    }
  });
});
