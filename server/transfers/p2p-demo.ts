import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Demo: Anna's saved p2p template 'Studio rent share' (250.00 USD from her USD account to
 * business@example.com), so the person-to-person screen shows a template to fill the form from.
 * No money moves.
 */
export async function seedP2pDemo(trx: Transaction<Database>, anna: { USD: number }, payeeEmail: string): Promise<void> {
  const source = await trx.selectFrom('accounts').select('customer_id').where('id', '=', anna.USD).executeTakeFirstOrThrow();
  const user = await trx.selectFrom('users').select('id').where('customer_id', '=', source.customer_id!).orderBy('id').executeTakeFirst();
  await trx
    .insertInto('payment_templates')
    .values({
      customer_id: source.customer_id!,
      created_by_user_id: user?.id ?? null,
      name: 'Studio rent share',
      from_account_id: anna.USD,
      to_email: payeeEmail.toLowerCase(),
      amount: 25000n,
      currency_code: 'USD',
      note: 'Studio rent share',
      reference: null,
    })
    .execute();
}
