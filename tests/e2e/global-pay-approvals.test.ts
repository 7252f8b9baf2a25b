/**
 * Global pay batches in the business approval queue in Chromium (issue 16 item 5): clerk@ (may only
 * initiate) submits a global pay batch, whose page then says it waits for an approver and asks no code;
 * business@ finds it on /transfer/approved as one batch with its payments, approves it after a question and
 * its own code, and finds it under Decided; each recipient is sent their link. axe finds nothing serious.
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

const outbox = async (purpose: string, recipient?: string): Promise<OutboxMessage[]> => {
  const answer = await fetch(`${e2e.server.url}/sandbox/outbox/messages?${new URLSearchParams({ purpose, ...(recipient ? { to: recipient } : {}) })}`);
  return ((await answer.json()) as { messages: OutboxMessage[] }).messages;
};

const HEADER = 'amount,description,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,feeShare,forbiddenMethods';

describe('global pay batches in the approval queue', () => {
  it('an initiator’s batch waits for an approver, who approves it with their code', async () => {
    const stamp = Date.now();
    const name = `Models ${stamp}`;
    const emails = [`ana.${stamp}@example.com`, `ben.${stamp}@example.com`];
    const clerk = await signIn(e2e.server.url, 'clerk@example.com');
    const accounts = (await clerk.call('balanceInquiry', {})).accounts as Array<{ accountId: number; currencyCode: string }>;
    const accountId = accounts.find((account) => account.currencyCode === 'USD')!.accountId;
    const file = [HEADER, `30.00,Fees,individual,Ana Weber,${emails[0]},DE,sender,`, `20.00,Fees,individual,Ben Carter,${emails[1]},GB,beneficiary,`].join(
      '\n',
    );
    const attachedFile = `data:text/csv;name=models.csv;base64,${Buffer.from(file, 'utf8').toString('base64')}`;
    const uploaded = (await clerk.call('globalPayUpload', { accountId, batchName: name, attachedFile })) as { batch: { batchId: number } };
    const batchId = uploaded.batch.batchId;
    const submitted = await clerk.call('globalPaySubmit', { idempotencyKey: randomUUID(), batchId });
    expect(submitted).toMatchObject({ responseCode: '00', batch: { status: 'awaitingApproval', approvalRequested: true } });

    // The initiator's page says who it waits for, and asks no code.
    const clerkPage = await e2e.signedInPage('clerk@example.com');
    await clerkPage.goto(`${e2e.server.url}/transfer/external/global-summary?batchId=${batchId}`);
    await clerkPage.getByText('Waiting for an approver in the approvals queue').waitFor();
    expect(await clerkPage.getByText('Waiting for your code').count()).toBe(0);
    expect(await clerkPage.getByLabel('Code').count()).toBe(0);
    // Only the approver declines it, in the queue: the initiator is not offered the batch's reject.
    expect(await clerkPage.getByRole('button', { name: 'Reject the batch' }).count()).toBe(0);
    expect(await seriousViolations(clerkPage)).toEqual([]);
    await clerkPage.context().close();

    const approver = await e2e.signedInPage('business@example.com');
    await approver.goto(`${e2e.server.url}/transfer/approved`);
    await approver.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    const group = approver.getByRole('region', { name: 'Batches awaiting approval' }).getByRole('listitem').filter({ hasText: name });
    await group.waitFor();
    expect(await group.innerText()).toContain(`${name}: 2 waiting`);
    const row = approver.locator('main tr[data-key]').filter({ hasText: name });
    const rowText = await row.innerText();
    expect(rowText).toContain('Batch payments: 2');
    expect(rowText).toContain('50.00');
    expect(rowText).toContain('Global pay');
    expect(rowText).toContain('clerk@example.com');

    const before = (await outbox('globalPayApprove'))[0]?.id ?? 0;
    await group.getByRole('button', { name: /Approve batch/ }).click();
    const question = approver.getByRole('alertdialog');
    await question.waitFor();
    expect(await question.innerText()).toContain(name);
    await question.getByRole('button', { name: 'Approve', exact: true }).click();
    const stepUp = approver.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.waitFor();
    let code: OutboxMessage | undefined;
    await expect.poll(async () => ((code = (await outbox('globalPayApprove'))[0])?.id ?? 0) > before, { timeout: 15_000 }).toBe(true);
    expect(code!.body).toContain(name);
    expect((await clerk.call('globalPayBatchGet', { batchId })).status).toBe('awaitingApproval');
    await stepUp.getByLabel('Confirmation code').fill(/^(\d{6}) /.exec(code!.body)![1]!);
    await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();
    await stepUp.waitFor({ state: 'detached' });
    await approver.getByRole('alertdialog', { name: 'What happened' }).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => group.count(), { timeout: 15_000 }).toBe(0);
    expect((await clerk.call('globalPayBatchGet', { batchId })).status).toBe('submitted');
    await expect.poll(async () => (await outbox('globalPayLink', emails[0])).length, { timeout: 15_000 }).toBe(1);

    await approver.getByRole('button', { name: 'Decided', exact: true }).click();
    const decided = approver.locator('main tr[data-key]').filter({ hasText: name });
    await decided.waitFor();
    const decidedText = await decided.innerText();
    expect(decidedText).toContain('Sent');
    expect(decidedText).toContain('business@example.com');
    expect(await seriousViolations(approver)).toEqual([]);
    await approver.context().close();
  });
});
