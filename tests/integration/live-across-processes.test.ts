/**
 * The customer's live channel across server processes (issue 15 item 4, 'pushed live to the browser'):
 * two server processes (server/main.ts, each its own Node process) on one PostgreSQL database, their
 * schedulers off so neither moves a payout by itself. A customer's page listens on process B's
 * /api/live; an EFT is sent and then settled by the sandbox network through process A; B's socket is
 * told that the customer's payouts changed, though B made no change itself. Another customer listening
 * on B is not told. The announcement is a NOTIFY (server/push/customer-live.ts), so the change reaches
 * every process that listens on the database.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.ts';
import { listen, twoProcessesOnPostgres } from './two-processes.ts';
import { createPersonalCustomer, fund, openAccount, TEST_PASSWORD } from './ledger-support.ts';

/** A beneficiary in Brazil with its bank, branch and further details (schemas/data/eft-banks.json). */
const ANA = {
  countryCode: 'BR',
  beneficiaryName: 'Ana Souza',
  accountNumber: '123456',
  bankCode: '001',
  branchCode: '1607',
  extraParams: { taxId: '12345678901', bankAccountType: 'checking' },
};

describe('live payout states across server processes on PostgreSQL', () => {
  const two = twoProcessesOnPostgres();

  const customer = async (name: string) => {
    const { customerId, email } = await createPersonalCustomer(two.db, name);
    const usd = await openAccount(two.db, customerId, 'USD');
    await fund(two.db, usd, 1_000_00n);
    return { usd, email };
  };

  it('pushes a payout settled through one process to the page listening on the other', async () => {
    const ana = await customer('live-a');
    const other = await customer('live-other');
    const onA = new ApiClient(two.a.url);
    const onB = new ApiClient(two.b.url);
    const page = await listen(two.b, await onB.signIn(ana.email, TEST_PASSWORD));
    const otherPage = await listen(two.b, await onB.signIn(other.email, TEST_PASSWORD));
    try {
      const tokens = await onA.signIn(ana.email, TEST_PASSWORD);
      const sent = await onA.rpc('eftTransfer', { idempotencyKey: randomUUID(), accountId: ana.usd, amount: '10.00', ...ANA }, { token: tokens.accessToken });
      expect(sent.body).toMatchObject({ responseCode: '00', status: 'processing' });
      const operationId = (sent.body as { operationId: number }).operationId;

      const told = page.next('payouts');
      const settled = await onA.post<{ state?: string }>(`/sandbox/rails/eft/payouts/EFT-${operationId}`, { action: 'settle' });
      expect(settled.body).toEqual({ state: 'settled' });
      // Process B changed nothing and runs no scheduler: only A's announcement can tell its page.
      // (The sandbox may report 'sent' on its way to 'settled': one event for each state.)
      await told;
      expect(page.heard[0]).toBe('ready');
      expect(new Set(page.heard.slice(1))).toEqual(new Set(['payouts']));

      // The page asks again, through B, and sees the payout settled.
      const status = await onB.rpc('payoutStatus', { operationId }, { token: tokens.accessToken });
      expect(status.body).toMatchObject({ responseCode: '00', state: 'settled' });
      // Another customer's page on B was told nothing.
      expect(otherPage.heard).toEqual(['ready']);
    } finally {
      page.close();
      otherPage.close();
    }
  });
});
