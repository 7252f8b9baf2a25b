/**
 * The business approval queue in Chromium: clerk@ (may only initiate) sends a p2p from Northwind and
 * sees the approval-request-created title; business@ finds it on /transfer/approved (navigation badge),
 * approves it after a confirmation and its own SMS code (a wrong one first) and sees the outcome; the money then shows in the payee's history.
 * axe finds nothing serious on the way.
 */
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const { signedInPage } = e2e;

interface OutboxMessage {
  id: number;
  body: string;
}

/** The newest approval code sent to an approver, if any. */
const latestApprovalSms = async (): Promise<OutboxMessage | undefined> => {
  const answer = await fetch(`${e2e.server.url}/sandbox/outbox/messages?${new URLSearchParams({ purpose: 'transferRequestApproval' })}`);
  return ((await answer.json()) as { messages: OutboxMessage[] }).messages[0];
};

describe('business approval queue', () => {
  it('a clerk request is approved by another user and reaches the payee', async () => {
    const note = `Approval e2e ${Date.now()}`;
    const clerk = await signedInPage('clerk@example.com');
    await clerk.goto(`${e2e.server.url}/transfer/p2p`);
    // The p2p page is a spec (engine form): its fields are found by their labels.
    const source = clerk.getByLabel('From account');
    await expect.poll(() => source.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const usd = await source
      .locator('option')
      .evaluateAll((options) => (options as HTMLOptionElement[]).find((option) => option.textContent?.includes('USD'))?.value);
    await source.selectOption(usd!);
    await clerk.getByLabel(/^Amount/).fill('12.34');
    await clerk.getByLabel("Recipient's e-mail").fill('personal@example.com');
    await clerk.getByLabel('Note').fill(note);
    await clerk.getByRole('button', { name: 'Send', exact: true }).click();
    const review = clerk.getByRole('dialog', { name: 'Check and confirm' });
    await review.waitFor();
    expect(await review.innerText()).toContain('personal@example.com');
    await review.getByRole('button', { name: 'Send', exact: true }).click();
    await clerk
      .getByRole('alertdialog', { name: 'Approval request created' })
      .or(clerk.getByRole('dialog', { name: 'Approval request created' }))
      .waitFor();
    expect(await seriousViolations(clerk)).toEqual([]);
    await clerk.context().close();

    const approver = await signedInPage('business@example.com');
    await approver.goto(`${e2e.server.url}/home`);
    await approver.getByRole('navigation').getByRole('button', { name: 'More' }).click();
    const navLink = approver.getByRole('navigation').getByRole('link', { name: /Approvals/ });
    await navLink.locator('.approvals-badge').waitFor();
    await navLink.click();
    await approver.waitForURL('**/transfer/approved');
    await approver.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    const row = approver.locator('main tr[data-key]').filter({ hasText: note });
    await row.waitFor();
    expect(await row.innerText()).toContain('clerk@example.com');
    expect(await seriousViolations(approver)).toEqual([]);
    await row.getByRole('checkbox').check();
    await approver.getByRole('button', { name: 'Approve selected (1)' }).click();
    const question = approver.getByRole('alertdialog');
    await question.waitFor();
    expect(await seriousViolations(approver)).toEqual([]);
    const sentBefore = await latestApprovalSms();
    await question.getByRole('button', { name: 'Approve' }).click();
    // Approving moves money: the approver's own code, sent by SMS, names what it approves.
    const stepUp = approver.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.waitFor();
    let sms: OutboxMessage | undefined;
    await expect.poll(async () => ((sms = await latestApprovalSms())?.id ?? 0) > (sentBefore?.id ?? 0), { timeout: 15_000 }).toBe(true);
    expect(sms!.body).toMatch(/\$12\.34 to personal@example\.com/);
    expect(await seriousViolations(approver)).toEqual([]);
    const code = /^(\d{6}) is your code/.exec(sms!.body)![1]!;
    await stepUp.getByLabel('Confirmation code').fill(code === '000000' ? '111111' : '000000');
    await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();
    await stepUp.getByText('The code is wrong. 4 attempts left.').waitFor();
    await stepUp.getByLabel('Confirmation code').fill(code);
    await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();
    await stepUp.waitFor({ state: 'detached' });
    const results = approver.getByRole('status', { name: 'What happened' });
    await results.waitFor();
    // The outcomes' table loads its part on demand: a moment of progress first.
    await expect.poll(() => results.innerText(), { timeout: 15_000 }).toMatch(/Approved[\s\S]*12\.34/);
    await expect.poll(() => approver.locator('main tr[data-key]').filter({ hasText: note }).count()).toBe(0);
    // The outcomes are a dialog now (the engine's result step): it is closed before the page is used again.
    await approver.getByRole('alertdialog', { name: 'What happened' }).getByRole('button', { name: 'Close' }).click();
    await approver.getByRole('button', { name: 'Decided', exact: true }).click();
    await approver.locator('main tr[data-key]').filter({ hasText: note }).filter({ hasText: 'Sent' }).waitFor();
    await approver.context().close();

    const anna = await signIn(e2e.server.url, 'personal@example.com');
    await expect
      .poll(
        async () => {
          const history = await anna.call('transactionHistory', {});
          const rows = (history.transactions ?? []) as Array<{ amount: string; currencyCode: string; description?: string }>;
          return rows.some((entry) => entry.amount === '12.34' && entry.currencyCode === 'USD');
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  });
});
