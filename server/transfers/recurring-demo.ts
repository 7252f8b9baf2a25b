import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { RecurringParams } from './recurring.ts';

/**
 * Demo: Anna's monthly savings transfer of 50.00 USD into her EUR account, twelve payments from the
 * first day of next month, so the pre-approved payments screen is not empty. The scheduler makes the
 * first payment when it falls due.
 */
export async function seedRecurringDemo(trx: Transaction<Database>, anna: { USD: number; EUR: number }, now: Date): Promise<void> {
  const source = await trx.selectFrom('accounts').select('customer_id').where('id', '=', anna.USD).executeTakeFirstOrThrow();
  const user = await trx.selectFrom('users').select('id').where('customer_id', '=', source.customer_id!).orderBy('id').executeTakeFirst();
  const firstRun = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 9));
  const params: RecurringParams = {
    kind: 'account',
    fromAccountId: anna.USD,
    amount: '50.00',
    to: { accountId: anna.EUR },
    description: 'Transfer between own accounts',
    fromField: 'fromAccount',
    toField: 'toAccount',
  };
  await trx
    .insertInto('recurring_payments')
    .values({
      customer_id: source.customer_id!,
      created_by_user_id: user?.id ?? null,
      kind: 'account',
      params: JSON.stringify(params),
      from_account_id: anna.USD,
      to_account_id: anna.EUR,
      to_email: null,
      amount: 5000n,
      amount_currency_code: 'USD',
      amount_is_received: false,
      frequency: 'monthly',
      first_run_at: firstRun,
      next_run_at: firstRun,
      end_date: null,
      max_count: 12,
      last_error: null,
      canceled_by_user_id: null,
    })
    .execute();
}
