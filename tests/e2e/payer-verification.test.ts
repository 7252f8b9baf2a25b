/**
 * Payer verification in Chromium (issue 18 item 6): Northwind asks the personal demo customer to verify their
 * identity, paying the fee shown before it confirms; the customer opens the e-mailed link from the sandbox
 * outbox and completes the identity sandbox; Northwind sees the request verified in its history, and the
 * customer among its payers in the reputation list.
 */
import { describe, expect, it } from 'vitest';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

async function verificationLink(url: string): Promise<string> {
  const answer = await fetch(`${url}/sandbox/outbox/messages?${new URLSearchParams({ to: 'personal@example.com', purpose: 'payerVerification' })}`);
  const { messages } = (await answer.json()) as { messages: Array<{ body: string }> };
  const link = /(https?:\/\/\S+\/sandbox\/identity\/\S+)/.exec(messages[0]?.body ?? '')?.[1];
  if (!link) throw new Error('no verification link was e-mailed to the payer');
  return link;
}

describe('payer verification', () => {
  it('Northwind asks a payer to verify, the payer verifies in the sandbox, Northwind sees it finished', async () => {
    const northwind = await signedInPage('business@example.com');
    await northwind.goto(`${e2e.server.url}/merchant/security/verification`);
    await northwind.locator('main').getByText('$2.50').first().waitFor();
    const form = northwind.locator('main form');
    await form.locator('[id$="_email"]').fill('personal@example.com');
    const account = form.locator('select[id$="_accountId"]');
    await expect.poll(() => account.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const usd = await account
      .locator('option')
      .evaluateAll((options) => (options as HTMLOptionElement[]).find((option) => option.textContent?.includes('USD'))?.value);
    await account.selectOption(usd!);
    await northwind.getByRole('button', { name: 'Request verification' }).click();
    const review = northwind.getByRole('dialog', { name: 'Pay the fee and send the request?' });
    await review.waitFor();
    expect(await review.innerText()).toContain('$2.50');
    await review.getByRole('button', { name: 'Pay and send' }).click();
    await northwind.getByText('Request sent: the payer has been e-mailed a link.').waitFor({ timeout: 15_000 });

    const payer = await signedInPage('personal@example.com');
    await payer.goto(await verificationLink(e2e.server.url));
    await payer.getByRole('button', { name: 'Complete verification' }).click();
    await northwind.goto(`${e2e.server.url}/merchant/security/verification/history`);
    await northwind.locator('main [id$="_email"]').fill('  personal@example ');
    // The demo's earlier request and this one, both verified once the sandbox has reported the outcome.
    const verified = northwind.locator('main').getByText('Verified', { exact: true });
    await expect
      .poll(
        async () => {
          await northwind.getByRole('button', { name: 'Apply filters' }).click();
          await northwind.locator('main').getByText('personal@example.com').first().waitFor();
          return verified.count();
        },
        { timeout: 30_000 },
      )
      .toBe(2);

    await northwind.goto(`${e2e.server.url}/merchant/security/reputation`);
    const row = northwind.locator('main').getByText('personal@example.com').first();
    await row.waitFor({ timeout: 15_000 });
  });
});
