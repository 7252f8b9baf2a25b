/**
 * Mass batches in the business approval queue in Chromium (issue 16): clerk@ (may only initiate) confirms
 * two wire batches, which wait funded; business@ finds each on /transfer/approved as one batch with its
 * payments, approves one after a question and its own SMS code (the batch then runs) and declines the other
 * after a question (its money comes back whole); both then show under Decided, by whom and when. axe finds
 * nothing serious on the way.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/api-client.ts';
import { seriousViolations } from '../support/axe.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();

interface OutboxMessage {
  id: number;
  body: string;
}

/** The newest code sent to an approver of a mass batch, if any. */
const latestBatchApprovalSms = async (): Promise<OutboxMessage | undefined> => {
  const answer = await fetch(`${e2e.server.url}/sandbox/outbox/messages?${new URLSearchParams({ purpose: 'massTransferApprove' })}`);
  return ((await answer.json()) as { messages: OutboxMessage[] }).messages[0];
};

const WIRE_HEADER = 'Beneficiary name,IBAN,SWIFT (BIC),Amount,Note';
const wires = (amounts: string[]) =>
  `data:text/csv;name=wires.csv;base64,${Buffer.from(
    `${WIRE_HEADER}\n${amounts.map((amount, index) => `Supplier ${index + 1},DE89 3704 0044 0532 0130 00,COBADEFFXXX,${amount},`).join('\n')}\n`,
    'utf8',
  ).toString('base64')}`;

describe('mass batches in the approval queue', () => {
  it('an approver approves one batch with their code and declines another, each as a whole', async () => {
    const stamp = Date.now();
    const clerk = await signIn(e2e.server.url, 'clerk@example.com');
    const accounts = (await clerk.call('balanceInquiry', {})).accounts as Array<{ accountId: number; currencyCode: string; availableBalance?: string }>;
    const accountId = accounts.find((account) => account.currencyCode === 'USD')!.accountId;
    const request = async (name: string, amounts: string[]) => {
      const uploaded = await clerk.call('massTransferUpload', { transferType: 'wire', accountId, batchName: name, file: wires(amounts) });
      expect(uploaded).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      const confirmed = await clerk.call('massTransferConfirm', { idempotencyKey: randomUUID(), batchId: uploaded.batchId });
      expect(confirmed).toMatchObject({ responseCode: '00', status: 'awaitingApproval' });
      return uploaded.batchId as number;
    };
    const approveName = `Suppliers ${stamp}`;
    const declineName = `Contractors ${stamp}`;
    const approveId = await request(approveName, ['14.00', '6.00', '5.00']);
    const declineId = await request(declineName, ['20.00', '10.00']);
    const held = await clerk.call('massTransferStatus', { batchId: declineId });
    expect(held).toMatchObject({ status: 'awaitingApproval', total: '30.00' });

    const approver = await e2e.signedInPage('business@example.com');
    await approver.goto(`${e2e.server.url}/transfer/approved`);
    await approver.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    const groups = approver.getByRole('region', { name: 'Batches awaiting approval' });
    const toApprove = groups.getByRole('listitem').filter({ hasText: approveName });
    const toDecline = groups.getByRole('listitem').filter({ hasText: declineName });
    await toApprove.waitFor();
    // One line per batch, counting its payments; its row in the table shows its total and the clerk.
    expect(await toApprove.innerText()).toContain(`${approveName}: 3 waiting`);
    expect(await toDecline.innerText()).toContain(`${declineName}: 2 waiting`);
    const row = approver.locator('main tr[data-key]').filter({ hasText: approveName });
    const rowText = await row.innerText();
    expect(rowText).toContain('Batch payments: 3');
    expect(rowText).toContain('25.00');
    expect(rowText).toContain('clerk@example.com');
    // A batch is decided only as a whole: selected with single requests, it takes no "selected" button.
    await row.getByRole('checkbox').check();
    expect(await approver.getByRole('button', { name: 'Approve selected (1)' }).isDisabled()).toBe(true);
    expect(await approver.getByRole('button', { name: 'Decline selected (1)' }).isDisabled()).toBe(true);
    await row.getByRole('checkbox').uncheck();
    expect(await seriousViolations(approver)).toEqual([]);

    // Declining asks first; "Not now" keeps the batch waiting.
    await toDecline.getByRole('button', { name: /Decline batch/ }).click();
    let question = approver.getByRole('alertdialog');
    await question.waitFor();
    expect(await question.innerText()).toContain(declineName);
    await question.getByRole('button', { name: 'Not now' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await clerk.call('massTransferStatus', { batchId: declineId })).toMatchObject({ status: 'awaitingApproval' });
    await toDecline.getByRole('button', { name: /Decline batch/ }).click();
    question = approver.getByRole('alertdialog');
    await question.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect.poll(async () => (await clerk.call('massTransferStatus', { batchId: declineId })).status, { timeout: 15_000 }).toBe('declined');
    await approver.getByRole('alertdialog', { name: 'What happened' }).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => toDecline.count(), { timeout: 15_000 }).toBe(0);

    // Approving asks first, then the approver's own code, sent by SMS and naming the batch.
    const sentBefore = await latestBatchApprovalSms();
    await toApprove.getByRole('button', { name: /Approve batch/ }).click();
    question = approver.getByRole('alertdialog');
    await question.waitFor();
    expect(await question.innerText()).toContain(approveName);
    await question.getByRole('button', { name: 'Approve', exact: true }).click();
    const stepUp = approver.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.waitFor();
    let sms: OutboxMessage | undefined;
    await expect.poll(async () => ((sms = await latestBatchApprovalSms())?.id ?? 0) > (sentBefore?.id ?? 0), { timeout: 15_000 }).toBe(true);
    expect(sms!.body).toContain(approveName);
    expect(await seriousViolations(approver)).toEqual([]);
    // Nothing goes before the code.
    expect(await clerk.call('massTransferStatus', { batchId: approveId })).toMatchObject({ status: 'awaitingApproval' });
    await stepUp.getByLabel('Confirmation code').fill(/^(\d{6}) /.exec(sms!.body)![1]!);
    await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();
    await stepUp.waitFor({ state: 'detached' });
    await approver.getByRole('alertdialog', { name: 'What happened' }).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => toApprove.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(async () => (await clerk.call('massTransferStatus', { batchId: approveId })).status, { timeout: 15_000 }).not.toBe('awaitingApproval');
    expect(await approver.locator('main tr[data-key]').filter({ hasText: approveName }).count()).toBe(0);

    // Under Decided, each batch is one line: how it was decided, by whom and when.
    await approver.getByRole('button', { name: 'Decided', exact: true }).click();
    const decidedApproved = approver.locator('main tr[data-key]').filter({ hasText: approveName });
    const decidedDeclined = approver.locator('main tr[data-key]').filter({ hasText: declineName });
    await decidedApproved.waitFor();
    await decidedDeclined.waitFor();
    expect(await decidedApproved.count()).toBe(1);
    const approvedText = await decidedApproved.innerText();
    expect(approvedText).toContain('Batch payments: 3');
    expect(approvedText).toContain('25.00');
    expect(approvedText).toMatch(/Being sent|Sent/);
    expect(approvedText).toContain('business@example.com');
    await approver.getByRole('columnheader', { name: 'Decided on' }).waitFor();
    const declinedText = await decidedDeclined.innerText();
    expect(declinedText).toContain('Batch payments: 2');
    expect(declinedText).toContain('Declined');
    expect(declinedText).toContain('business@example.com');
    // Decided, neither takes a batch button any more.
    expect(await approver.getByRole('region', { name: 'Batches awaiting approval' }).getByRole('listitem').filter({ hasText: approveName }).count()).toBe(0);
    expect(await seriousViolations(approver)).toEqual([]);
    await approver.context().close();
  });
});
