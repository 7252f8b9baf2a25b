import type { Kysely } from 'kysely';
import type { CompanyInfo, CompanyInfoForm } from '../../generated/entities.ts';
import { normalizeTaxId, taxIdProblem } from '../../schemas/rules/tax-ids.ts';
import type { Database } from '../db/schema.ts';
import { omitNull } from '../db/omit-null.ts';
import { customerPhones } from '../profile/contacts.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/**
 * The acting customer, which must be a business: another kind of customer has no company and is
 * refused '13', saying so.
 *
 * @example
 * await businessCustomer(db, customerId);
 */
export async function businessCustomer(db: Kysely<Database>, customerId: number): Promise<void> {
  const customer = await db.selectFrom('customers').select('type').where('id', '=', customerId).executeTakeFirst();
  if (customer?.type !== 'business') throw new RpcRefusal('13', { key: 'server.company.notBusiness' });
}

/**
 * A business customer's company info: the customer row's name, country, tax id and states, the
 * business profile registration wrote, and the primary phone.
 *
 * @example
 * const info = await companyInfo(db, customerId);
 */
export async function companyInfo(db: Kysely<Database>, customerId: number): Promise<CompanyInfo> {
  await businessCustomer(db, customerId);
  const row = await db
    .selectFrom('customers')
    .leftJoin('business_profiles', 'business_profiles.customer_id', 'customers.id')
    .select([
      'customers.business_name',
      'customers.residence_country_code',
      'customers.tax_id',
      'customers.verified',
      'customers.limited',
      'business_profiles.trading_name',
      'business_profiles.email',
      'business_profiles.registration_number',
      'business_profiles.registration_date',
      'business_profiles.website',
      'business_profiles.description',
    ])
    .where('customers.id', '=', customerId)
    .executeTakeFirstOrThrow();
  const [phone] = await customerPhones(db, customerId);
  return omitNull({
    name: row.business_name ?? '',
    registrationCountryCode: row.residence_country_code,
    tradingName: row.trading_name,
    email: row.email,
    registrationNumber: row.registration_number,
    registrationDate: row.registration_date,
    businessTaxId: row.tax_id,
    website: row.website,
    description: row.description,
    phone: phone ?? null,
    verified: row.verified,
    limited: row.limited,
  }) as CompanyInfo;
}

/**
 * Changes a business customer's company info and answers it as stored. The business tax id is
 * checked against the per-country tax-id table for the country of registration (required there, or
 * not of the country's form: TA1 on businessTaxId, the wizard's own messages) and stored normalized.
 * A business without a profile (one registration did not create) has nothing to change: '13'.
 *
 * @example
 * const info = await updateCompanyInfo(db, customerId, { name: 'Northwind Studio Ltd', registrationCountryCode: 'GB', … });
 */
export async function updateCompanyInfo(db: Kysely<Database>, customerId: number, form: CompanyInfoForm): Promise<CompanyInfo> {
  await businessCustomer(db, customerId);
  const problem = taxIdProblem(form.registrationCountryCode, 'business', form.businessTaxId);
  if (problem) {
    const key = problem === 'required' ? 'server.business.taxIdRequired' : 'server.business.taxIdPattern';
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'businessTaxId', key }] });
  }
  const taxId = normalizeTaxId(form.businessTaxId ?? '');
  await db.transaction().execute(async (trx) => {
    const profile = await trx
      .updateTable('business_profiles')
      .set({
        trading_name: form.tradingName?.trim() || null,
        email: form.email.trim().toLowerCase(),
        registration_number: form.registrationNumber.trim(),
        registration_date: form.registrationDate,
        website: form.website?.trim() || null,
        description: form.description?.trim() || null,
      })
      .where('customer_id', '=', customerId)
      .returning('customer_id')
      .executeTakeFirst();
    if (!profile) throw new RpcRefusal('13', { key: 'server.company.noCompanyInfo' });
    await trx
      .updateTable('customers')
      .set({ business_name: form.name.trim(), residence_country_code: form.registrationCountryCode, tax_id: taxId || null })
      .where('id', '=', customerId)
      .execute();
  });
  return companyInfo(db, customerId);
}
