import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { demoDocumentPdf } from '../documents/pdf/forms.ts';
import { storeDocument } from '../documents/uploads.ts';
import { ADDRESS_STATUS } from './documents.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';

const pdf = async (fileName: string, title: string) => ({
  role: 'main' as const,
  fileName,
  mediaType: 'application/pdf',
  content: await demoDocumentPdf(title),
});

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysFrom = (now: Date, days: number) => isoDay(new Date(now.getTime() + days * 24 * 60 * 60 * 1000));

/**
 * Gives the demo personal customer (personal@example.com) a profile with something in every state:
 * a second, unconfirmed phone; a confirmed and an unconfirmed extra e-mail; a second address waiting
 * for its proof; a confirmed passport, a confirmed and a pending utility bill and a rejected bank
 * statement with its reason. Runs inside the demo seed's transaction.
 *
 * @example
 * await seedProfileDemo(trx, 'personal@example.com', now);
 */
export async function seedProfileDemo(db: Kysely<Database>, login: string, now: Date): Promise<void> {
  const user = await db.selectFrom('users').select(['id', 'customer_id', 'email']).where('email', '=', login).executeTakeFirst();
  if (!user?.customer_id) return;
  const customerId = user.customer_id;

  await db.insertInto('phones').values({ customer_id: customerId, country_code: '373', number: '69123456', status: 'Secondary', confirmed: false }).execute();
  await db
    .insertInto('customer_emails')
    .values([
      { customer_id: customerId, email: user.email, confirmed: true, is_primary: true, confirmation_token_hash: null, confirmation_expires_at: null },
      {
        customer_id: customerId,
        email: 'anna.novak.studio@example.com',
        confirmed: true,
        is_primary: false,
        confirmation_token_hash: null,
        confirmation_expires_at: null,
      },
      {
        customer_id: customerId,
        email: 'anna.old@example.net',
        confirmed: false,
        is_primary: false,
        confirmation_token_hash: null,
        confirmation_expires_at: null,
      },
    ])
    .execute();

  const home = await db.selectFrom('addresses').select('id').where('customer_id', '=', customerId).orderBy('id').executeTakeFirstOrThrow();
  const office = await db
    .insertInto('addresses')
    .values({
      customer_id: customerId,
      address1: '48 Canal Street',
      address2: 'Studio 2',
      city: 'Manchester',
      postal_code: 'M1 3WD',
      country_code: 'GB',
      state_code: null,
      state_name: null,
      address_type: 5,
      address_status: ADDRESS_STATUS.pending,
      confirmed: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const base = { customerId, createdByUserId: user.id };
  await storeDocument(db, {
    ...base,
    category: 'proofOfIdentity',
    documentTypeId: 1,
    statusId: DOCUMENT_STATUS.confirmed,
    issuedDate: daysFrom(now, -900),
    expiresDate: daysFrom(now, 2700),
    attributes: { number: '533380006', filePages: ['front'] },
    files: [await pdf('passport.pdf', 'Passport - Anna Novak')],
  });
  await storeDocument(db, {
    ...base,
    category: 'address',
    documentTypeId: 10,
    addressId: home.id,
    statusId: DOCUMENT_STATUS.confirmed,
    issuedDate: daysFrom(now, -60),
    attributes: { filePages: ['front'] },
    files: [await pdf('utility-bill.pdf', 'Utility bill - 12 Elm Row')],
  });
  const rejected = await storeDocument(db, {
    ...base,
    category: 'address',
    documentTypeId: 11,
    addressId: office.id,
    statusId: DOCUMENT_STATUS.rejected,
    issuedDate: daysFrom(now, -200),
    attributes: { filePages: ['front'] },
    files: [await pdf('bank-statement.pdf', 'Bank statement - 48 Canal Street')],
  });
  await db
    .updateTable('documents')
    .set({ reject_reason: 'The statement is older than three months. Upload one issued in the last three months.' })
    .where('id', '=', rejected)
    .execute();
  await storeDocument(db, {
    ...base,
    category: 'address',
    documentTypeId: 10,
    addressId: office.id,
    statusId: DOCUMENT_STATUS.pending,
    issuedDate: daysFrom(now, -20),
    attributes: { filePages: ['front'] },
    files: [await pdf('electricity-bill.pdf', 'Electricity bill - 48 Canal Street')],
  });
}
