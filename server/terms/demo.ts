import type { Transaction } from 'kysely';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/schema.ts';
import { storeDocument } from '../documents/uploads.ts';
import { DOCUMENT_KINDS } from '../documents/document-kinds.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import { certificationPdf } from '../documents/pdf/forms.ts';

/** The demo user who must accept updated terms before signing in. */
export const TERMS_DEMO_LOGIN = 'terms@example.com';

/** The second company business@example.com acts for, so company selection has a choice. */
export const SECOND_COMPANY = 'Harbour Lights Trading Ltd';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo of the session rules, inside the seed's transaction:
 * - the current terms (User Agreement v2, Privacy Policy v3) published now, so every demo user
 *   created with the seed has accepted them at registration, except Tom Terms, who joined a month
 *   earlier and has them pending (his sign-in shows the terms step);
 * - a second company for the business user (balance info and documents rights), so company
 *   selection lists two; Northwind's tax residency self-certification is validated, so choosing it
 *   lands home, while Harbour Lights has none and lands on the business self-certification splash.
 *
 * @example
 * await seedSessionRulesDemo(trx, { businessUserEmail: 'business@example.com', password, now });
 */
export async function seedSessionRulesDemo(
  trx: Transaction<Database>,
  demo: { businessUserEmail: string; northwindName: string; password: string; now: Date },
): Promise<void> {
  const joined = new Date(demo.now.getTime() - 30 * DAY_MS);
  const tom = await trx
    .insertInto('customers')
    .values({
      type: 'personal',
      first_name: 'Tom',
      last_name: 'Terms',
      business_name: null,
      birth_day: '1988-09-30',
      residence_country_code: 'GB',
      tax_id: null,
      verified: true,
      due_diligence_level: null,
      transaction_approve_mode: 2,
      created_at: joined,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('users')
    .values({ email: TERMS_DEMO_LOGIN, password_hash: await hashPassword(demo.password), customer_id: tom.id, created_at: joined })
    .execute();
  await trx.insertInto('accounts').values({ customer_id: tom.id, currency_code: 'USD', type: 1001 }).execute();
  await trx
    .insertInto('terms')
    .values([
      { key: 'userAgreement', version: 2, title: 'User Agreement', url: 'https://legal.bank.example/user-agreement/v2', published_at: demo.now },
      { key: 'privacyPolicy', version: 3, title: 'Privacy Policy', url: 'https://legal.bank.example/privacy-policy/v3', published_at: demo.now },
    ])
    .execute();

  const harbour = await trx
    .insertInto('customers')
    .values({
      type: 'business',
      first_name: null,
      last_name: null,
      business_name: SECOND_COMPANY,
      birth_day: null,
      residence_country_code: 'IE',
      tax_id: 'IE6388047V',
      verified: true,
      due_diligence_level: null,
      transaction_approve_mode: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('accounts')
    .values([
      { customer_id: harbour.id, currency_code: 'EUR', type: 1001 },
      { customer_id: harbour.id, currency_code: 'USD', type: 1001 },
    ])
    .execute();
  const user = await trx.selectFrom('users').select('id').where('email', '=', demo.businessUserEmail).executeTakeFirstOrThrow();
  await trx
    .insertInto('customer_access')
    .values({ user_id: user.id, customer_id: harbour.id, rights: ['balanceInfo', 'documents'] })
    .execute();

  const northwind = await trx.selectFrom('customers').select('id').where('business_name', '=', demo.northwindName).executeTakeFirstOrThrow();
  await storeDocument(trx, {
    customerId: northwind.id,
    ...DOCUMENT_KINDS.taxResidencySelfCertification,
    createdByUserId: user.id,
    statusId: DOCUMENT_STATUS.confirmed,
    attributes: {},
    files: [
      {
        role: 'main',
        fileName: 'tax-residency-self-certification.pdf',
        mediaType: 'application/pdf',
        content: await certificationPdf(
          demo.northwindName,
          { usCitizen: false, usResident: false, bornInUs: false, taxResidencies: [{ countryCode: 'GB', taxId: 'GB123456789' }] },
          new Date(),
        ),
      },
    ],
  });
}
