/**
 * Person to person in Chromium: Anna checks payees as she types (not an e-mail yet, a customer), sees
 * the fee, sends to business@example.com saving a template, confirms with the SMS code read from the
 * sandbox outbox, sees the success (which closes by itself), finds the payee among her recent
 * recipients and the template in her list; the transfer shows in both customers' /history. Axe finds
 * nothing serious.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { outboxMessages } from '../support/outbox.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const ANNA_PHONE = '447700900123';

const smsCodes = () => outboxMessages(e2e.server.url, ANNA_PHONE, 'transferConfirmation');

describe('person to person', () => {
  it('sends to a customer by e-mail with the sms code, saves a template, and shows in both histories', async () => {
    const note = `Coffee beans ${Date.now()}`;
    const api = await signIn(e2e.server.url, 'personal@example.com');
    const usd = (await api.call('balanceInquiry', {})).accounts.find(
      (account: { currencyCode: string; type: number }) => account.currencyCode === 'USD' && account.type === 1001,
    );
    const before = (await smsCodes())[0]?.id ?? 0;

    const page = await e2e.signedInPage('personal@example.com');
    await page.goto(`${e2e.server.url}/transfer/p2p`);
    await page.getByRole('heading', { name: 'Send to a person', level: 1 }).waitFor();
    const main = page.locator('main');
    await page.getByLabel('From account').selectOption(String(usd.accountId));

    // The e-mail rule first: no server check for something that is not an e-mail yet.
    const email = page.getByLabel("Recipient's e-mail");
    await email.fill('ab@c');
    await main.getByText('This is not an e-mail address yet').waitFor();
    await email.fill('business@example.com');
    await main.getByText('This person has an account').waitFor();

    await page.getByLabel('Amount (USD)').fill('12.50');
    await expect.poll(() => main.locator('[data-field="fee"]').innerText()).toBe('$0.25');
    expect(await main.locator('[data-field="total"]').innerText()).toBe('$12.75');
    await page.getByLabel('Note').fill(note);
    await page.getByLabel('Template name').fill('Beans');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // The confirmation: recipient, amount, fee, total and the paying account.
    const review = page.getByRole('dialog', { name: 'Check and confirm' });
    await review.waitFor();
    const reviewText = await review.innerText();
    for (const shown of ['business@example.com', '$12.50', '$0.25', '$12.75', note]) expect(reviewText).toContain(shown);
    expect(reviewText).toMatch(/USD · .+ · ••\s[0-9]{4}/);
    expect(await seriousViolations(page)).toEqual([]);
    await review.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the transfer' });
    await dialog.waitFor();
    let code = '';
    await expect
      .poll(
        async () => {
          const [latest] = await smsCodes();
          code = latest && latest.id !== before ? (/^([0-9]{6}) is your code/.exec(latest.body)?.[1] ?? '') : '';
          return code;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^[0-9]{6}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Confirmation code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The receipt stays until Anna leaves it.
    const success = page.getByRole('alertdialog', { name: 'Transfer sent' });
    await success.waitFor();
    expect(await success.innerText()).not.toContain('This message closes by itself.');
    expect(await success.innerText()).toContain('$12.75');
    expect(await seriousViolations(page)).toEqual([]);
    await success.getByRole('button', { name: 'Done' }).click();
    await success.waitFor({ state: 'detached' });

    // The template and the recent payee are offered now.
    const template = main.getByRole('table', { name: 'Templates' }).locator('tr', { hasText: 'Beans' });
    const recent = main.getByRole('table', { name: 'Recent recipients' }).locator('tr', { hasText: 'business@example.com' });
    await template.waitFor();
    await recent.waitFor();
    expect(await recent.innerText()).toContain('Northwind Studio Ltd');
    // A template fills the form.
    await template.getByRole('button', { name: /Use/ }).click();
    await expect.poll(() => email.inputValue()).toBe('business@example.com');
    expect(await page.getByLabel('Amount (USD)').inputValue()).toBe('12.50');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${e2e.server.url}/history`);
    await main.getByText(note).first().waitFor({ timeout: 15_000 });
    expect(await main.locator('.eng-row-list__item:not(.eng-skeleton *)').filter({ hasText: note }).first().innerText()).toContain('\u2212$12.75');
    await page.context().close();

    const payee = await e2e.signedInPage('business@example.com');
    await payee.goto(`${e2e.server.url}/history`);
    await payee.locator('main').getByText(note).first().waitFor({ timeout: 15_000 });
    expect(await payee.locator('main .eng-row-list__item:not(.eng-skeleton *)').filter({ hasText: note }).first().innerText()).toContain('+$12.50');
    await payee.context().close();
  });
});
