/**
 * Revenue-split contracts in Chromium (issue 19 item 1's end-to-end proof): Northwind creates a contract
 * on /revenue-split/new (Fabrikam Games Ltd, Northwind the sender paying 10 % to Contoso Media Ltd, found
 * by its e-mail), signs it in the sandbox e-signature page embedded in the contract screen; Contoso, in
 * a second session, signs it too; once it is active, Anna pays Northwind 40.00 USD (confirmed by her SMS
 * code) and the split shows in both histories: 4.00 out of Northwind, 4.00 into Contoso. The list shows
 * the contract under its group, and the three screens are photographed at 375 and 1280 px.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from '../support/api-client.ts';
import { ANNA_PHONE, codeSentAfter, newestOutboxId } from '../support/outbox.ts';
import { browserAndServer } from '../support/pages.ts';

const e2e = browserAndServer();
const NORTHWIND = 'business@example.com';
const CONTOSO = 'contoso@example.com';
const SHOTS = process.env.CONTRACT_SHOTS;

interface Contract {
  id: number;
  status: string;
}

/** GET /contract/{id} for a signed-in customer, as the screens call it. */
async function contractOf(token: string, id: number): Promise<Contract> {
  const answer = await fetch(`${e2e.server.url}/contract/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { contract: Contract }).contract;
}

/** Signs the open contract in the embedded sandbox page, then closes the step. */
async function signInFrame(page: Page, statusAfter: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  const step = page.getByRole('alertdialog', { name: 'Sign the contract' });
  await step.waitFor();
  const frame = step.frameLocator('iframe[title="The e-signature page"]');
  await frame.getByRole('button', { name: 'Sign' }).click();
  await frame.getByRole('status').filter({ hasText: statusAfter }).waitFor();
  await step.getByRole('button', { name: 'Done' }).click();
}

describe('revenue-split contracts', () => {
  it('offers Contracts under More to a business, not to a personal customer', async () => {
    const menuEntries = async (email: string) => {
      const page = await e2e.signedInPage(email);
      await page.goto(`${e2e.server.url}/home`);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('button', { name: 'More' }).click();
      // The customer's own entries come with the customer: wait for one only a signed-in customer has.
      await nav.getByRole('link', { name: 'News' }).waitFor();
      await expect.poll(() => nav.getByRole('link', { name: 'Contracts' }).count(), { timeout: 10_000 }).toBe(email === NORTHWIND ? 1 : 0);
      await page.context().close();
    };
    await menuEntries(NORTHWIND);
    await menuEntries('personal@example.com');
  });

  it('Northwind creates a contract with Contoso, both sign it in the sandbox, a payment to Northwind is split into both histories', async () => {
    const northwind = await e2e.signedInPage(NORTHWIND);
    await northwind.goto(`${e2e.server.url}/revenue-split/new`);
    const form = northwind.locator('main form');
    const company = form.locator('select[id$="_companyId"]');
    await expect.poll(() => company.locator('option', { hasText: 'Fabrikam Games Ltd' }).count(), { timeout: 15_000 }).toBe(1);
    await company.selectOption({ label: 'Fabrikam Games Ltd' });
    await form.getByLabel('I pay the percentage (sender)').check();
    await form.getByLabel("Counterparty's e-mail").fill(CONTOSO);
    await form.getByText('Customer found.').waitFor();
    await form.getByText('A contract is possible.').waitFor();
    await form.getByLabel("Sender's signer").fill('Oliver Grant');
    await form.getByLabel("Beneficiary's signer").fill('Chloe Martin');
    for (const [list, text] of [
      ["Sender's obligations", 'Share 10 % of every payment received'],
      ["Beneficiary's obligations", 'Promote Northwind on its channels'],
    ] as const) {
      const group = form.getByRole('group', { name: list });
      if ((await group.getByRole('textbox').count()) === 0) await group.getByRole('button', { name: /Add/ }).click();
      await group.getByRole('textbox').first().fill(text);
    }
    await form.getByRole('textbox', { name: 'Percentage' }).fill('10');
    await form.getByLabel('Active from').fill(new Date().toISOString().slice(0, 10));
    await form.getByRole('button', { name: 'Create contract' }).click();
    await northwind.waitForURL(/\/revenue-split\/[0-9]+$/);
    const id = Number(new URL(northwind.url()).pathname.split('/').pop());
    const head = northwind.locator('main');
    await head.getByText('Unsigned', { exact: true }).waitFor();
    await expect.poll(() => head.getByRole('button', { name: 'Cancel contract' }).count()).toBe(1);
    await expect.poll(() => head.getByRole('button', { name: 'Reject' }).count()).toBe(0);

    await signInFrame(northwind, /WAITING/);
    await head.getByText('Waiting', { exact: true }).waitFor();
    await expect.poll(() => head.getByRole('button', { name: 'Sign', exact: true }).count()).toBe(0);

    const contoso = await e2e.signedInPage(CONTOSO);
    await contoso.goto(`${e2e.server.url}/revenue-split/${id}`);
    await contoso.locator('main').getByRole('button', { name: 'Reject' }).waitFor();
    await expect.poll(() => contoso.locator('main').getByRole('button', { name: 'Cancel contract' }).count()).toBe(0);
    await signInFrame(contoso, /SIGNED|ACTIVE/);

    const contosoApi = await signIn(e2e.server.url, CONTOSO);
    await expect.poll(async () => (await contractOf(contosoApi.accessToken, id)).status, { timeout: 30_000, interval: 500 }).toBe('ACTIVE');
    await contoso.reload();
    await contoso.locator('main').getByText('Active', { exact: true }).first().waitFor();

    // Anna pays Northwind; her two-step setting asks the SMS code.
    const anna = await signIn(e2e.server.url, 'personal@example.com');
    const { accounts } = (await anna.call('balanceInquiry', {})) as { accounts: Array<{ accountId: number; currencyCode: string; type: number }> };
    const usd = accounts.find((account) => account.currencyCode === 'USD' && account.type === 1001)!;
    const codesBefore = await newestOutboxId(e2e.server.url, ANNA_PHONE, 'transferConfirmation');
    const sent = (await anna.call('p2pTransfer', { idempotencyKey: randomUUID(), accountId: usd.accountId, amount: '40.00', toEmail: NORTHWIND })) as {
      operationId: number;
      status: string;
    };
    expect(sent.status).toBe('awaitingConfirmation');
    const code = await codeSentAfter(e2e.server.url, ANNA_PHONE, 'transferConfirmation', codesBefore);
    expect(((await anna.call('transferApprove', { trxid: sent.operationId, approvalCode: code })) as { responseCode: string }).responseCode).toBe('00');

    // The split in both histories: 4.00 out of Northwind, 4.00 into Contoso.
    await northwind.goto(`${e2e.server.url}/history`);
    const splitRow = (page: Page, party: string) =>
      page
        .locator('main')
        .getByRole('listitem')
        .filter({ hasText: `${party} of contract #${id}` })
        .first();
    await northwind.locator('main').getByText('+$40.00').first().waitFor();
    expect(await splitRow(northwind, 'Beneficiary').innerText()).toMatch(/[−-]\$4\.00/);
    await contoso.goto(`${e2e.server.url}/history`);
    expect(await splitRow(contoso, 'Sender').innerText()).toMatch(/\+\$4\.00/);

    await northwind.goto(`${e2e.server.url}/revenue-split`);
    const row = northwind.locator('main').locator(`a[href="/revenue-split/${id}"], tr`).filter({ hasText: 'Contoso Media Ltd' }).first();
    await row.waitFor();
    await northwind.getByRole('button', { name: 'Active', exact: true }).click();
    await northwind.locator('main').getByText('Contoso Media Ltd').first().waitFor();

    if (SHOTS) {
      for (const width of [375, 1280]) {
        await northwind.setViewportSize({ width, height: 900 });
        for (const [name, path] of [
          ['list', '/revenue-split'],
          ['new', '/revenue-split/new'],
          ['one', `/revenue-split/${id}`],
        ] as const) {
          await northwind.goto(`${e2e.server.url}${path}`);
          await northwind.locator('main h1').waitFor();
          await northwind.waitForLoadState('networkidle');
          await northwind.screenshot({ path: `${SHOTS}/contracts-${name}-${width}.png`, fullPage: true });
        }
      }
    }
    await northwind.context().close();
    await contoso.context().close();
  }, 300_000);
});
