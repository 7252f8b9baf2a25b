import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Trx = Transaction<Database>;

const day = 24 * 60 * 60 * 1000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The demo's invoices: Northwind Studio has asked Anna for 120.00 USD (unpaid, due in two weeks),
 * and Anna has asked Northwind for 45.00 EUR. Both wait for payment, so each side has one received
 * and one sent.
 *
 * @example
 * await seedInvoicesDemo(trx, { annaUsd: accounts.anna.USD, annaEur: accounts.anna.EUR, northwindUsd: accounts.northwind.USD }, emails, now);
 */
export async function seedInvoicesDemo(
  trx: Trx,
  accounts: { annaEur: number; northwindUsd: number },
  emails: { anna: string; northwind: string },
  now: Date,
): Promise<void> {
  const owners = await trx.selectFrom('accounts').select(['id', 'customer_id']).where('id', 'in', [accounts.annaEur, accounts.northwindUsd]).execute();
  const customerOf = (accountId: number) => owners.find((row) => row.id === accountId)!.customer_id!;
  const anna = customerOf(accounts.annaEur);
  const northwind = customerOf(accounts.northwindUsd);
  await trx
    .insertInto('invoices')
    .values([
      {
        payee_customer_id: northwind,
        payee_account_id: accounts.northwindUsd,
        payer_email: emails.anna,
        payer_customer_id: anna,
        amount: 12_000n,
        currency_code: 'USD',
        note: 'Logo design and brand guide',
        due_date: isoDate(new Date(now.getTime() + 14 * day)),
        reject_note: null,
        paid_transfer_id: null,
        created_by_user_id: null,
        sent_at: new Date(now.getTime() - 2 * day),
        updated_at: new Date(now.getTime() - 2 * day),
      },
      {
        payee_customer_id: anna,
        payee_account_id: accounts.annaEur,
        payer_email: emails.northwind,
        payer_customer_id: northwind,
        amount: 4_500n,
        currency_code: 'EUR',
        note: 'Photo session prints',
        due_date: isoDate(new Date(now.getTime() + 7 * day)),
        reject_note: null,
        paid_transfer_id: null,
        created_by_user_id: null,
        sent_at: new Date(now.getTime() - 1 * day),
        updated_at: new Date(now.getTime() - 1 * day),
      },
    ])
    .execute();
}
