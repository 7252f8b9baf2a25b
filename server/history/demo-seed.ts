import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Two batch transfers of Northwind Studio Ltd, so the batch list shows something until batches are
 * built (a later issue): a completed wire payroll in USD and a processing user-to-user batch in EUR.
 *
 * @example
 * await seedHistoryDemo(trx, accounts.northwind, new Date());
 */
export async function seedHistoryDemo(db: Kysely<Database>, accounts: { USD: number; EUR: number }, now: Date): Promise<void> {
  const { customer_id: customerId } = await db.selectFrom('accounts').select('customer_id').where('id', '=', accounts.USD).executeTakeFirstOrThrow();
  if (customerId === null) return;
  await db
    .insertInto('transfer_batches')
    .values([
      {
        customer_id: customerId,
        name: 'Freelancer payouts March',
        type: 'wire',
        status: 'completed',
        account_id: accounts.USD,
        count: 12,
        total_amount: 1_845_000n,
        currency_code: 'USD',
        created_at: new Date(now.getTime() - 24 * DAY_MS),
      },
      {
        customer_id: customerId,
        name: 'Studio contributors',
        type: 'p2p',
        status: 'processing',
        account_id: accounts.EUR,
        count: 5,
        total_amount: 212_500n,
        currency_code: 'EUR',
        created_at: new Date(now.getTime() - 3 * DAY_MS),
      },
    ])
    .execute();
}
