import type { Transaction } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import type { Database } from '../db/schema.ts';
import { createTransfer } from '../transfers/create-transfer.ts';
import type { TransferScope } from '../transfers/scope.ts';

/** Northwind's clerk: may see balances and initiate transfers, which then wait for an approver. */
export const APPROVALS_DEMO_LOGIN = 'clerk@example.com';

type Trx = Transaction<Database>;

/**
 * Requests created while seeding never reach a second factor (the clerk lacks transfersApprove, so
 * createTransfer stops at 'awaitingApproval'); anything trying to deliver a message is a seed bug.
 */
const nothingToDeliver: Pick<Adapters, 'messages' | 'push'> = new Proxy({} as Pick<Adapters, 'messages' | 'push'>, {
  get() {
    throw new Error('The approvals demo seed creates requests awaiting approval only: it has nothing to deliver.');
  },
});

/**
 * The approval queue's demo: clerk@example.com (password as every demo user) acting for Northwind
 * Studio Ltd with the rights balanceInfo and transfers only, and requests they created through the
 * transfer service, so the funds are really held: two on their own and a batch of two.
 * business@example.com, holding transfersApprove, approves or declines them on /transfer/approved.
 */
export async function seedApprovalsDemo(trx: Trx, passwordHash: string, accounts: { USD: number; EUR: number }, payeeEmail: string): Promise<void> {
  const owner = await trx.selectFrom('accounts').select('customer_id').where('id', '=', accounts.USD).executeTakeFirstOrThrow();
  const northwind = { customerId: owner.customer_id!, ...accounts };
  const clerk = await trx
    .insertInto('users')
    .values({ email: APPROVALS_DEMO_LOGIN, password_hash: passwordHash, customer_id: northwind.customerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('customer_access')
    .values({ user_id: clerk.id, customer_id: northwind.customerId, rights: ['balanceInfo', 'transfers'] })
    .execute();

  const scope: TransferScope = { trx, customerId: northwind.customerId, userId: clerk.id, adapters: nothingToDeliver, afterCommit: () => {} };
  await createTransfer(scope, {
    kind: 'p2p',
    fromAccountId: northwind.USD,
    amount: '1250.00',
    to: { email: payeeEmail },
    description: 'Illustration deposit, June campaign',
    note: 'Illustration deposit, June campaign',
  });
  await createTransfer(scope, {
    kind: 'p2p',
    fromAccountId: northwind.USD,
    amount: '86.40',
    to: { email: 'studio.assistant@example.org' },
    description: 'Props and printing',
    note: 'Props and printing',
  });

  const payouts = [
    { email: payeeEmail, amount: '180.00', note: 'Workshop speaker fee' },
    { email: 'translator@example.org', amount: '95.50', note: 'Subtitles, Romanian' },
  ];
  const batch = await trx
    .insertInto('transfer_batches')
    .values({
      customer_id: northwind.customerId,
      name: 'Contributor payouts June',
      type: 'p2p',
      status: 'awaitingApproval',
      account_id: northwind.EUR,
      count: payouts.length,
      total_amount: 27_550n,
      currency_code: 'EUR',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const payout of payouts) {
    const sent = await createTransfer(scope, {
      kind: 'p2p',
      fromAccountId: northwind.EUR,
      amount: payout.amount,
      to: { email: payout.email },
      description: payout.note,
      note: payout.note,
    });
    await trx.updateTable('transfers').set({ batch_id: batch.id }).where('id', '=', BigInt(sent.operationId)).execute();
  }
}
