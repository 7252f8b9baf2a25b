import type { Kysely } from 'kysely';
import type { Address, Phone } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { omitNull } from '../db/omit-null.ts';
import { customerDocuments } from './documents.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';

/**
 * A customer's phones, the primary one first.
 *
 * @example
 * const phones = await customerPhones(db, customerId);
 */
export async function customerPhones(db: Kysely<Database>, customerId: number): Promise<Phone[]> {
  const rows = await db
    .selectFrom('phones')
    .select(['id', 'status', 'confirmed', 'country_code', 'number'])
    .where('customer_id', '=', customerId)
    .orderBy('status') // 'Primary' sorts before 'Secondary'
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, status: row.status, confirmed: row.confirmed, countryCode: row.country_code, number: row.number }));
}

/** Documents that still wait for a review (document 000 section 4, document waiting rule). */
const WAITING: number[] = [DOCUMENT_STATUS.pending, DOCUMENT_STATUS.submitted, DOCUMENT_STATUS.underInvestigate];

/**
 * A customer's addresses in the order they were added, each with its proof-of-address documents
 * and what they mean: a document is required while the address is not confirmed and none waits
 * for review; it is out of date when the newest confirmed one has expired.
 *
 * @example
 * const addresses = await customerAddresses(db, customerId);
 */
export async function customerAddresses(db: Kysely<Database>, customerId: number, now: Date = new Date()): Promise<Address[]> {
  const rows = await db.selectFrom('addresses').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
  const documents = (await customerDocuments(db, customerId)).filter((document) => document.addressId !== undefined);
  const day = now.toISOString().slice(0, 10);
  return rows.map((row) => {
    const uploadedDocuments = documents.filter((document) => document.addressId === row.id);
    const waiting = uploadedDocuments.some((document) => WAITING.includes(document.statusId));
    const newestConfirmed = uploadedDocuments.find((document) => document.statusId === DOCUMENT_STATUS.confirmed);
    return {
      addressId: row.id,
      address1: row.address1,
      city: row.city,
      countryCode: row.country_code,
      // The table's check constraints keep these within the declared enums.
      addressType: row.address_type as Address['addressType'],
      addressStatus: row.address_status as Address['addressStatus'],
      confirmed: row.confirmed,
      customerConfirmed: row.customer_confirmed_at !== null,
      uploadedDocuments,
      isDocumentRequired: row.address_status !== 1 && !waiting,
      isDocumentOutOfDate: Boolean(newestConfirmed?.expiresDate && newestConfirmed.expiresDate < day),
      isCardDocumentRequired: false,
      ...omitNull({
        address2: row.address2,
        postalCode: row.postal_code,
        stateCode: row.state_code,
        stateName: row.state_name,
      }),
    };
  });
}
