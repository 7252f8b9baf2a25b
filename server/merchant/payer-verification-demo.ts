import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Northwind's payer verifications for the demo (issue 18 item 6): Anna (who paid its buttons) verified two days
 * ago, and a request still waiting for another payer. The demo's fees were never charged (no ledger
 * transaction), so the demo's balances stay those of its history.
 *
 * @example
 * await seedPayerVerificationDemo(trx, { northwindUsd: accounts.northwind.USD, annaEmail: DEMO_LOGINS.personal }, now);
 */
export async function seedPayerVerificationDemo(trx: Transaction<Database>, input: { northwindUsd: number; annaEmail: string }, now: Date): Promise<void> {
  const account = await trx.selectFrom('accounts').select('customer_id').where('id', '=', input.northwindUsd).executeTakeFirstOrThrow();
  const common = {
    customer_id: account.customer_id!,
    created_by_user_id: null,
    fee_account_id: input.northwindUsd,
    fee_amount: 250n,
    fee_currency_code: 'USD',
    ledger_transaction_id: null,
    provider: null,
    provider_session_id: null,
    provider_url: null,
    reject_reason: null,
  };
  const day = 86_400_000;
  await trx
    .insertInto('payer_verification_requests')
    .values([
      {
        ...common,
        id: 'pvr_demo_finished',
        payer_email: input.annaEmail.toLowerCase(),
        state: 'completed',
        created_at: new Date(now.getTime() - 3 * day),
        finished_at: new Date(now.getTime() - 2 * day),
      },
      { ...common, id: 'pvr_demo_pending', payer_email: 'buyer@contoso.example', created_at: new Date(now.getTime() - day / 2), finished_at: null },
    ])
    .execute();
}
