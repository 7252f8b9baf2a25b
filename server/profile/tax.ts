import type { Kysely } from 'kysely';
import type { TaxNumber } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { normalizeTaxId, taxIdMatches, taxRequirement } from '../dictionaries/data.ts';
import { requestTexts } from '../i18n/request-language.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** The locale key of a tax number's name (locales/<language>/server.json). */
const taxIdNameKey = (nameKey: string) => `server.taxIds.${nameKey}`;

/**
 * The customer's tax number with the rule the per-country tax-id table gives for its residence
 * country and kind (personal or business), its name in the request's language.
 *
 * @example
 * const tax = await customerTaxNumber(db, customerId); // { taxId: 'GB123456789', name: 'VAT registration number', ... }
 */
export async function customerTaxNumber(db: Kysely<Database>, customerId: number): Promise<TaxNumber> {
  const customer = await db.selectFrom('customers').select(['type', 'residence_country_code', 'tax_id']).where('id', '=', customerId).executeTakeFirstOrThrow();
  const { countryCode, nameKey, shortName, required, crs } = taxRequirement(customer.residence_country_code, customer.type);
  const name = requestTexts()(taxIdNameKey(nameKey));
  return { ...(customer.tax_id ? { taxId: customer.tax_id } : {}), ...(countryCode ? { countryCode } : {}), name, shortName, required, crs };
}

/**
 * Changes the tax number (taxId) after checking it against the table: stored in capitals without
 * spaces; a number that does not fit the country's format is refused on the taxId field, naming it.
 */
export async function updateTaxNumber(db: Kysely<Database>, customerId: number, taxId: string): Promise<TaxNumber> {
  const customer = await db.selectFrom('customers').select(['type', 'residence_country_code']).where('id', '=', customerId).executeTakeFirstOrThrow();
  const rule = taxRequirement(customer.residence_country_code, customer.type);
  const normalized = normalizeTaxId(taxId);
  if (!taxIdMatches(rule, normalized)) {
    throw new RpcRefusal('TA1', {
      validationErrors: [
        { field: 'taxId', key: 'server.profile.taxIdInvalid', values: { name: { key: taxIdNameKey(rule.nameKey) }, shortName: rule.shortName } },
      ],
    });
  }
  await db.updateTable('customers').set({ tax_id: normalized }).where('id', '=', customerId).execute();
  return customerTaxNumber(db, customerId);
}
