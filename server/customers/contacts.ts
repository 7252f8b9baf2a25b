import type { Kysely } from 'kysely';
import type { Address, Phone } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { omitNull } from '../db/omit-null.ts';

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

/**
 * A customer's addresses in the order they were added.
 *
 * @example
 * const addresses = await customerAddresses(db, customerId);
 */
export async function customerAddresses(db: Kysely<Database>, customerId: number): Promise<Address[]> {
  const rows = await db.selectFrom('addresses').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
  return rows.map((row) => ({
    addressId: row.id,
    address1: row.address1,
    city: row.city,
    countryCode: row.country_code,
    // The table's check constraints keep these within the declared enums.
    addressType: row.address_type as Address['addressType'],
    addressStatus: row.address_status as Address['addressStatus'],
    confirmed: row.confirmed,
    ...omitNull({
      address2: row.address2,
      postalCode: row.postal_code,
      stateCode: row.state_code,
      stateName: row.state_name,
    }),
  }));
}
