import { sql, type Kysely } from 'kysely';
import type { CustomersTable, Database } from '../db/schema.ts';

/**
 * Profile fields stored as real columns. Every other profile field an analyst declares in
 * schemas/entities/customer-profile.schema.json lives in the customer's `attributes` jsonb.
 */
const CORE_COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  birthDay: 'birth_day',
  residenceCountryCode: 'residence_country_code',
} as const satisfies Record<string, keyof CustomersTable>;

type CoreField = keyof typeof CORE_COLUMNS;
const isCoreField = (field: string): field is CoreField => Object.hasOwn(CORE_COLUMNS, field);

/** A customer's profile: field name to value, only the fields the declared schema lists. */
export type Profile = Record<string, unknown>;

/**
 * Reads a customer's profile: core columns merged over `attributes`, keeping only `fields` (the
 * properties the declared profile schema lists today), so a field an analyst removed from the
 * schema disappears from answers without a migration.
 *
 * @example
 * const profile = await readProfile(db, customerId, ['firstName', 'lastName', 'occupation']);
 */
export async function readProfile(db: Kysely<Database>, customerId: number, fields: readonly string[]): Promise<Profile> {
  const row = await db
    .selectFrom('customers')
    .select(['first_name', 'last_name', 'birth_day', 'residence_country_code', 'attributes'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const merged: Profile = { ...row.attributes };
  for (const [field, column] of Object.entries(CORE_COLUMNS)) {
    const value = row[column];
    if (value === null) delete merged[field];
    else merged[field] = value;
  }
  return Object.fromEntries(fields.filter((field) => merged[field] !== undefined).map((field) => [field, merged[field]]));
}

/**
 * Changes the profile fields present in `changes` (already validated against the declared profile
 * schema); fields not sent keep their values. Core fields go to their columns, every other
 * field listed in `fields` into `attributes`, merged with what is there.
 *
 * @example
 * await updateProfile(db, customerId, { firstName: 'Anna', occupation: 'Designer' }, profileFields);
 */
export async function updateProfile(db: Kysely<Database>, customerId: number, changes: Profile, fields: readonly string[]): Promise<void> {
  const columns: Partial<Record<(typeof CORE_COLUMNS)[CoreField], string>> = {};
  const attributes: Profile = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined || !fields.includes(field)) continue;
    if (isCoreField(field)) columns[CORE_COLUMNS[field]] = value as string;
    else attributes[field] = value;
  }
  await db
    .updateTable('customers')
    .set({ ...columns, attributes: sql`attributes || ${JSON.stringify(attributes)}::jsonb` })
    .where('id', '=', customerId)
    .execute();
}
