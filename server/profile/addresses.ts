import type { Kysely } from 'kysely';
import type { Address } from '../../generated/entities.ts';
import type { AddressForm } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { statesOf } from '../dictionaries/data.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { ownAddress } from './access.ts';
import { customerAddresses } from './contacts.ts';
import { ADDRESS_STATUS } from './documents.ts';

/** An address as stored: the state's name from the dictionary when the country has states. */
function addressColumns(form: AddressForm) {
  const states = statesOf(form.countryCode);
  let stateName: string | null = null;
  if (states.length > 0) {
    const state = states.find((candidate) => candidate.code === form.stateCode);
    if (!state) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'stateCode', key: 'server.profile.chooseState' }] });
    stateName = state.name;
  }
  return {
    address1: form.address1.trim(),
    address2: form.address2?.trim() || null,
    city: form.city.trim(),
    postal_code: form.postalCode?.trim() || null,
    country_code: form.countryCode,
    state_code: states.length > 0 ? (form.stateCode ?? null) : null,
    state_name: stateName,
    address_type: form.addressType,
  };
}

/** One of the customer's addresses with its documents, else '13'. */
export async function customerAddress(db: Kysely<Database>, customerId: number, addressId: number | string): Promise<Address> {
  const row = await ownAddress(db, customerId, addressId);
  const address = (await customerAddresses(db, customerId)).find((candidate) => candidate.addressId === row.id);
  if (!address) throw new RpcRefusal('13');
  return address;
}

/**
 * Adds an address, unconfirmed until a proof of address is accepted.
 *
 * @example
 * const address = await addAddress(db, customerId, { address1: '1 Main St', city: 'Austin', countryCode: 'US', stateCode: 'TX', addressType: 1 });
 */
export async function addAddress(db: Kysely<Database>, customerId: number, form: AddressForm): Promise<Address> {
  const { id } = await db
    .insertInto('addresses')
    .values({ customer_id: customerId, ...addressColumns(form), address_status: ADDRESS_STATUS.unconfirmed, confirmed: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return customerAddress(db, customerId, id);
}

/**
 * Changes an address. A change to where it is (lines, city, postal code, country, state) makes it
 * unconfirmed again: the proof uploaded for the old one does not prove the new one. Changing only
 * the type keeps its status.
 */
export async function updateAddress(db: Kysely<Database>, customerId: number, form: AddressForm & { addressId: number | string }): Promise<Address> {
  const existing = await ownAddress(db, customerId, form.addressId);
  const columns = addressColumns(form);
  const moved = (['address1', 'address2', 'city', 'postal_code', 'country_code', 'state_code'] as const).some((column) => existing[column] !== columns[column]);
  await db
    .updateTable('addresses')
    .set({
      ...columns,
      ...(moved ? { address_status: ADDRESS_STATUS.unconfirmed, confirmed: false, customer_confirmed_at: null } : {}),
    })
    .where('id', '=', existing.id)
    .where('customer_id', '=', customerId)
    .execute();
  return customerAddress(db, customerId, existing.id);
}

/** The customer confirms the address is theirs and current (confirm address, document 000 section 7). */
export async function confirmAddress(db: Kysely<Database>, customerId: number, addressId: number | string, now: Date = new Date()): Promise<Address> {
  const existing = await ownAddress(db, customerId, addressId);
  await db.updateTable('addresses').set({ customer_confirmed_at: now }).where('id', '=', existing.id).where('customer_id', '=', customerId).execute();
  return customerAddress(db, customerId, existing.id);
}

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Deletes one of the customer's addresses (document 002 section 7: address create, confirm, delete),
 * answering the addresses left. The last address stays: a customer always has one. An address that
 * documents or a card were sent for stays too, since those records must keep saying where they went;
 * the refusal says so, on the address.
 *
 * @example
 * const addresses = await deleteAddress(db, customerId, 12);
 */
export async function deleteAddress(db: Kysely<Database>, customerId: number, addressId: number | string): Promise<Address[]> {
  const existing = await ownAddress(db, customerId, addressId);
  const { n } = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  if (Number(n) <= 1) {
    throw new RpcRefusal('TA1', {
      validationErrors: [{ field: 'addressId', key: 'server.profile.onlyAddress' }],
    });
  }
  try {
    await db.deleteFrom('addresses').where('id', '=', existing.id).where('customer_id', '=', customerId).execute();
  } catch (error) {
    if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
    throw new RpcRefusal('TA1', {
      validationErrors: [{ field: 'addressId', key: 'server.profile.addressInUse' }],
    });
  }
  return customerAddresses(db, customerId);
}
