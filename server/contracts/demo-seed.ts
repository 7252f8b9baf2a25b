import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The sign-in of the demo's second company (Contoso Media Ltd), the counterparty of Northwind's contracts. */
export const CONTRACTS_DEMO_LOGIN = 'contoso@example.com';

/**
 * Revenue-split contracts for the demo (issue 19 item 1): Contoso Media Ltd (a second business customer with
 * its own sign-in) and Fabrikam Games Ltd (a company without one), and contracts with Northwind in several
 * statuses. The ACTIVE one has Northwind as beneficiary: Contoso's payments are split to Northwind, while the
 * payments Northwind receives stay whole (the other tests and screens count on them).
 *
 * @example
 * await seedContractsDemo(trx, DEMO_LOGINS.business, passwordHash, now);
 */
export async function seedContractsDemo(db: Kysely<Database>, northwindEmail: string, passwordHash: string, now: Date): Promise<void> {
  const northwind = await db.selectFrom('users').select('customer_id').where('email', '=', northwindEmail).executeTakeFirstOrThrow();
  const northwindId = northwind.customer_id!;
  const company = async (name: string, email?: string) => {
    const { id } = await db
      .insertInto('customers')
      .values({
        type: 'business',
        first_name: null,
        last_name: null,
        business_name: name,
        birth_day: null,
        residence_country_code: 'GB',
        tax_id: null,
        verified: true,
        due_diligence_level: null,
        transaction_approve_mode: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('accounts').values({ customer_id: id, currency_code: 'USD', type: 1001 }).execute();
    if (email) {
      await db.insertInto('users').values({ email, password_hash: passwordHash, customer_id: id }).execute();
      await db
        .insertInto('customer_emails')
        .values({ customer_id: id, email, confirmed: true, is_primary: true, confirmation_token_hash: null, confirmation_expires_at: null })
        .execute();
    }
    return id;
  };
  const contoso = await company('Contoso Media Ltd', CONTRACTS_DEMO_LOGIN);
  const fabrikam = await company('Fabrikam Games Ltd');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const day = (days: number) => daysAgo(days).toISOString().slice(0, 10);
  const base = {
    sender_signer_name: 'Oliver Grant',
    beneficiary_signer_name: 'Chloe Martin',
    sender_obligations: JSON.stringify(['Share the revenue of the game portal as agreed']),
    beneficiary_obligations: JSON.stringify(['Promote the game portal on its channels']),
  };
  await db
    .insertInto('contracts')
    .values([
      {
        ...base,
        company_id: fabrikam,
        sender_id: contoso,
        beneficiary_id: northwindId,
        initiator_id: northwindId,
        status: 'ACTIVE',
        percentage_bp: 1_250,
        note: 'Affiliate share of the Fabrikam portal',
        active_from: day(40),
        sender_signer_name: 'Chloe Martin',
        beneficiary_signer_name: 'Oliver Grant',
        sender_signed_at: daysAgo(42),
        beneficiary_signed_at: daysAgo(43),
        created_at: daysAgo(45),
        updated_at: daysAgo(40),
      },
      {
        ...base,
        company_id: fabrikam,
        sender_id: northwindId,
        beneficiary_id: contoso,
        initiator_id: contoso,
        status: 'WAITING',
        percentage_bp: 500,
        note: 'Co-marketing of the spring campaign',
        active_from: day(-7),
        beneficiary_signed_at: daysAgo(1),
        created_at: daysAgo(2),
        updated_at: daysAgo(1),
      },
      {
        ...base,
        company_id: northwindId,
        sender_id: northwindId,
        beneficiary_id: fabrikam,
        initiator_id: northwindId,
        status: 'UNSIGNED',
        percentage_bp: 750,
        active_from: day(-14),
        active_to: day(-380),
        created_at: daysAgo(0),
        updated_at: daysAgo(0),
      },
      {
        ...base,
        company_id: contoso,
        sender_id: northwindId,
        beneficiary_id: contoso,
        initiator_id: northwindId,
        status: 'TERMINATED',
        percentage_bp: 300,
        active_from: day(200),
        sender_signed_at: daysAgo(205),
        beneficiary_signed_at: daysAgo(204),
        terminated_at: daysAgo(30),
        terminated_by: contoso,
        terminate_note: 'The programme ended.',
        created_at: daysAgo(206),
        updated_at: daysAgo(29),
      },
      {
        ...base,
        company_id: fabrikam,
        sender_id: northwindId,
        beneficiary_id: fabrikam,
        initiator_id: northwindId,
        status: 'CANCELLED',
        percentage_bp: 1_000,
        active_from: day(60),
        created_at: daysAgo(70),
        updated_at: daysAgo(65),
      },
    ])
    .execute();
}
