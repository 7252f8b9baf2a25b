/**
 * Every money flow ends on a receipt, in Chromium, for two brands in their languages (paxum in English,
 * aplus in Spanish) at 375 and 1280 px: Anna sends to a person (p2p, with the SMS code), exchanges USD
 * into EUR between her own accounts, and pays an invoice Northwind sent her (with the SMS code). Each
 * confirmation and each receipt names the recipient, the amount, the fee, the total and the paying
 * account (currency, name, masked number); the receipt stays, links to the transfer's details, saves its
 * PDF (a real PDF file) and, where sending again makes sense, offers Repeat. The words are the locale
 * files' own, so a raw key or an English word in Spanish fails. Screenshots of each receipt go to
 * RECEIPT_SHOTS when it names a folder.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { codeSentAfter, newestOutboxId } from '../support/outbox.ts';
import { browserAndServer } from '../support/pages.ts';
import { repoRoot } from '../support/server-process.ts';
import { signedInPage } from '../support/sign-in.ts';

const ANNA_PHONE = '447700900123';
const SHOTS = process.env.RECEIPT_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

interface Account {
  accountId: number;
  currencyCode: string;
  type: number;
}

/** The texts a language's locale files give the money dialogs. */
function wordsOf(language: string) {
  const read = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, 'locales', language, file), 'utf8'));
  const { money } = read('money.json');
  const { history } = read('pdf.json');
  return {
    total: money.review.total as string,
    fee: money.review.fee as string,
    details: money.receipt.details as string,
    repeat: money.receipt.repeat as string,
    done: money.receipt.done as string,
    pdf: history.downloadReceipt as string,
  };
}

/** Money as the engine shows it in `language` (Intl), with the narrow and no-break spaces made plain. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const money = (amount: string, currency: string, language: string) =>
  plain(new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: 2 }).format(Number(amount)));

/** An account named as the dialogs name it: currency, name, masked number. */
const namedAccount = (currency: string) => new RegExp(`${currency} · .+ · ••\\s?[0-9]{4}`);

const cases = [
  { brand: 'paxum', language: 'en' },
  { brand: 'aplus', language: 'es' },
] as const;

for (const { brand, language } of cases) {
  describe(`money receipts in ${brand}/${language}`, () => {
    const e2e = browserAndServer({ BRAND: brand });
    const words = wordsOf(language);
    const open = (width: number) => signedInPage(e2e.browser, e2e.server.url, 'personal@example.com', { width, language });

    const api = () => signIn(e2e.server.url, 'personal@example.com');
    const usdAndEur = async () => {
      const { accounts } = (await (await api()).call('balanceInquiry', {})) as { accounts: Account[] };
      const payment = (currency: string) => accounts.find((account) => account.currencyCode === currency && account.type === 1001)!;
      return { usd: payment('USD'), eur: payment('EUR') };
    };
    const lastSms = () => newestOutboxId(e2e.server.url, ANNA_PHONE, 'transferConfirmation');

    /** Types the SMS code sent after message `before` into the code step and confirms it. */
    async function confirmWithCode(tab: Page, before: number) {
      const code = tab.locator('input[name="approvalCode"]');
      await code.waitFor({ timeout: 20_000 });
      await code.fill(await codeSentAfter(e2e.server.url, ANNA_PHONE, 'transferConfirmation', before));
      await tab.locator('form.eng-flow__form button[type="submit"]').click();
    }

    /**
     * The receipt: it names `shown` (recipient, amount, fee, total) and the paying account, with the
     * labels of fee and total; links to the transfer's details; saves a real PDF; offers Repeat where
     * `repeat`; stays until Done. A screenshot is taken where RECEIPT_SHOTS is set.
     */
    async function expectReceipt(tab: Page, shown: Array<string | RegExp>, { repeat, name }: { repeat: boolean; name: string }) {
      const receipt: Locator = tab.getByRole('alertdialog');
      await receipt.waitFor({ timeout: 20_000 });
      const text = plain(await receipt.innerText());
      for (const value of [...shown, namedAccount('USD'), words.fee, words.total]) {
        if (typeof value === 'string') expect(text).toContain(value);
        else expect(text).toMatch(value);
      }
      expect(text).not.toMatch(/\b[a-z]+\.[a-z]+\.[a-zA-Z.]+\b/); // no raw locale key
      // Its details link, its PDF and its reference name one transaction: the one the history shows.
      const details = await receipt.getByRole('link', { name: words.details }).getAttribute('href');
      expect(details).toMatch(/^\/history\/[0-9]+$/);
      const transactionId = details!.split('/').pop()!;
      expect(await receipt.locator('[data-field="transactionId"]').innerText()).toBe(transactionId);
      expect(await receipt.getByRole('button', { name: words.repeat }).count()).toBe(repeat ? 1 : 0);
      if (SHOTS) await tab.screenshot({ path: path.join(SHOTS, `${brand}-${language}-${name}-${tab.viewportSize()!.width}.png`) });
      const [download] = await Promise.all([tab.waitForEvent('download'), receipt.getByRole('button', { name: words.pdf }).click()]);
      expect(download.suggestedFilename()).toBe(`receipt-${transactionId}.pdf`);
      const file = await download.path();
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await seriousViolations(tab)).toEqual([]);
      await receipt.getByRole('button', { name: words.done }).click();
      await receipt.waitFor({ state: 'detached' });
    }

    /** The confirmation names `shown` and the paying account; its primary button sends. */
    async function confirmReview(tab: Page, shown: Array<string | RegExp>, name: string) {
      const review = tab.getByRole('dialog');
      await review.waitFor();
      const text = plain(await review.innerText());
      for (const value of [...shown, namedAccount('USD'), words.fee, words.total]) {
        if (typeof value === 'string') expect(text).toContain(value);
        else expect(text).toMatch(value);
      }
      if (SHOTS) await tab.screenshot({ path: path.join(SHOTS, `${brand}-${language}-${name}-review-${tab.viewportSize()!.width}.png`) });
      await review.locator('.eng-button--primary').click();
    }

    for (const width of [1280, 375]) {
      it(`p2p at ${width} px: confirmation and receipt`, async () => {
        const { usd } = await usdAndEur();
        const fee = (await (await api()).call('p2pFee', { amount: '10.00', accountId: usd.accountId })) as { fee: string; total: string };
        const tab = await open(width);
        await tab.goto(`${e2e.server.url}/transfer/p2p`);
        const account = tab.locator('main form [id$="_accountId"]');
        await expect.poll(() => account.locator(`option[value="${usd.accountId}"]`).count(), { timeout: 15_000 }).toBe(1);
        await account.selectOption(String(usd.accountId));
        await tab.locator('main form [id$="_toEmail"]').fill('business@example.com');
        await tab.locator('main form [id$="_amount"]').fill('10');
        await expect.poll(() => tab.locator('main [data-field="total"]').innerText().then(plain)).toBe(money(fee.total, 'USD', language));
        const before = await lastSms();
        await tab.locator('main form button[type="submit"]').click();
        const figures = ['business@example.com', money('10.00', 'USD', language), money(fee.fee, 'USD', language), money(fee.total, 'USD', language)];
        await confirmReview(tab, figures, 'p2p');
        await confirmWithCode(tab, before);
        await expectReceipt(tab, figures, { repeat: true, name: 'p2p' });
        await tab.context().close();
      });

      it(`exchange between own accounts at ${width} px: confirmation with its fee and total, and receipt`, async () => {
        const { usd, eur } = await usdAndEur();
        const quote = (await (await api()).call('transferFee', { fromAccountId: usd.accountId, toAccountId: eur.accountId, amount: '10.00' })) as {
          fee: string;
          total: string;
          toAmount: string;
        };
        const tab = await open(width);
        await tab.goto(`${e2e.server.url}/transfer/account`);
        const from = tab.locator('main form [id$="_fromAccount"]');
        await expect.poll(() => from.isEnabled(), { timeout: 15_000 }).toBe(true);
        await from.selectOption(String(usd.accountId));
        await tab.locator('main form [id$="_toAccount"]').selectOption(String(eur.accountId));
        await tab.locator('main form [id$="_amount"]').fill('10');
        await expect.poll(() => tab.locator('main form [id$="_toAmount"]').inputValue()).not.toBe('');
        // The panel shows the fee by the server's rules and the total that leaves the account.
        await expect.poll(() => tab.locator('main [data-field="total"]').innerText().then(plain)).toBe(money(quote.total, 'USD', language));
        expect(plain(await tab.locator('main [data-field="fee"]').innerText())).toBe(money(quote.fee, 'USD', language));
        await tab.locator('main form button[type="submit"]').click();
        const figures = [namedAccount('EUR'), money('10.00', 'USD', language), money(quote.fee, 'USD', language), money(quote.total, 'USD', language)];
        await confirmReview(tab, [...figures, money(quote.toAmount, 'EUR', language)], 'exchange');
        await expectReceipt(tab, figures, { repeat: true, name: 'exchange' });
        await tab.context().close();
      });

      it(`invoice payment at ${width} px: confirmation and receipt`, async () => {
        const northwind = await signIn(e2e.server.url, 'business@example.com');
        const created = (await northwind.call('invoiceCreate', { toEmail: 'personal@example.com', amount: '12.00', currency: 'USD' })) as {
          responseCode: string;
          invoiceId: number;
        };
        expect(created.responseCode).toBe('00');
        const { invoice } = (await (await api()).call('invoiceGet', { id: created.invoiceId })) as { invoice: { amount: string; fee: string; total: string } };
        const { usd } = await usdAndEur();
        const tab = await open(width);
        await tab.goto(`${e2e.server.url}/transfer/invoices/${created.invoiceId}`);
        const source = tab.locator('main select[id$="_accountId"]');
        await expect.poll(() => source.locator(`option[value="${usd.accountId}"]`).count(), { timeout: 15_000 }).toBe(1);
        await source.selectOption(String(usd.accountId));
        const before = await lastSms();
        await tab.locator('main form button[type="submit"]').first().click();
        const figures = [
          'Northwind Studio Ltd',
          money(invoice.amount, 'USD', language),
          money(invoice.fee, 'USD', language),
          money(invoice.total, 'USD', language),
        ];
        await confirmReview(tab, figures, 'invoice');
        await confirmWithCode(tab, before);
        // Paying an invoice again makes no sense: no Repeat.
        await expectReceipt(tab, figures, { repeat: false, name: 'invoice' });
        await tab.context().close();
      });
    }
  });
}
