import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The demo business's company profile (document 002 section 3): the info registration would have
 * written, and two e-mails, the company e-mail (primary, confirmed) and a billing address still
 * waiting for its confirmation. Its address and phone are the demo seed's own. Runs inside the demo
 * seed's transaction.
 *
 * @example
 * await seedCompanyDemo(trx, 'business@example.com');
 */
export async function seedCompanyDemo(db: Kysely<Database>, login: string): Promise<void> {
  const user = await db.selectFrom('users').select('customer_id').where('email', '=', login).executeTakeFirst();
  if (!user?.customer_id) return;
  const customerId = user.customer_id;
  await db
    .insertInto('business_profiles')
    .values({
      customer_id: customerId,
      trading_name: 'Northwind',
      email: 'hello@northwind.example',
      registration_number: '09876543',
      registration_date: '2014-05-20',
      website: 'https://northwind.example',
      description: 'Illustration and animation studio for games and publishers.',
      business_type: 'others',
      industry_id: 11,
      financial_info: JSON.stringify({
        sourceIds: [11],
        purposeIds: [11],
        monthlyDepositAmountId: 2,
        monthlyDepositCurrency: 'USD',
        monthlyWithdrawalAmountId: 2,
        monthlyWithdrawalCurrency: 'USD',
      }),
      due_diligence: JSON.stringify({ government: { answer: false }, lawsuits: { answer: false }, taxPayers: { answer: false } }),
    })
    .execute();
  await db
    .insertInto('customer_emails')
    .values([
      {
        customer_id: customerId,
        email: 'hello@northwind.example',
        confirmed: true,
        is_primary: true,
        confirmation_token_hash: null,
        confirmation_expires_at: null,
      },
      {
        customer_id: customerId,
        email: 'billing@northwind.example',
        confirmed: false,
        is_primary: false,
        confirmation_token_hash: null,
        confirmation_expires_at: null,
      },
    ])
    .execute();
}
