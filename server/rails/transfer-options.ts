import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import optionsData from '../../schemas/data/transfer-options.json' with { type: 'json' };
import optionsSchema from '../../schemas/data/transfer-options.schema.json' with { type: 'json' };
import type { Brand } from '../../generated/entities.ts';
import type { BusinessRight, Database } from '../db/schema.ts';
import { REPOSITORY_ROOT } from '../config/config.ts';
import { checked } from '../dictionaries/data.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import { RAILS, type RailName } from './rail-adapter.ts';

/** What a rail's option may need of the customer (schemas/data/transfer-options.schema.json#/$defs/Requirement). */
export type Requirement = 'activeAddressVerified' | 'addressDateValid' | 'identityDocument' | 'taxNumber' | 'confirmedPhone';
export type Permission = 'own' | '3d';
/** Why an option is disabled: the brand does not offer the rail, the business user lacks the right, or a requirement's reason. */
export type OptionReason = 'notOffered' | 'noRight' | 'addressNotVerified' | 'addressOutOfDate' | 'documentMissing' | 'taxNumberMissing' | 'phoneMissing';

interface OptionRules {
  activeAddressTypes: number[];
  options: Array<{ type: RailName; route: string; requires: Record<Permission, Requirement[]> }>;
  requirements: Record<Requirement, { reason: OptionReason; fixRoute: string }>;
}

const RULES = checked<OptionRules>('transfer-options.json', optionsSchema, optionsData);

/** The requirements about the address; the others are the rail's extra parameters. */
const ADDRESS_REQUIREMENTS: readonly Requirement[] = ['activeAddressVerified', 'addressDateValid'];
const ADDRESS_CONFIRMED = 1;

/** One transfer option as document 001 section 3 names its fields. */
export interface TransferOption {
  permission: Permission;
  type: RailName;
  isDisabled: boolean;
  reason?: OptionReason;
  details: { route: string; fixRoute?: string; requirements: Requirement[]; missing: Requirement[] };
  hasRequirements: boolean;
  isCustomerAddressDateValid: boolean;
  isCustomerAddressMatchesActive: boolean;
  isExtraParamsValid: boolean;
}

const brandRails = new Map<string, readonly RailName[]>();

/**
 * The rails a brand offers (brands/<id>/brand.json `externalRails`, validated by codegen), all six when it
 * names none, read once.
 *
 * @example
 * offeredRails('aplus'); // ['wire', 'eft', 'oct', 'crypto_eft', 'instant_payment']
 */
export function offeredRails(brandId: string | undefined, brandsDir = path.join(REPOSITORY_ROOT, 'brands')): readonly RailName[] {
  if (!brandId) return RAILS;
  let rails = brandRails.get(brandId);
  if (!rails) {
    const brand = JSON.parse(readFileSync(path.join(brandsDir, brandId, 'brand.json'), 'utf8')) as Brand;
    rails = brand.externalRails ?? RAILS;
    brandRails.set(brandId, rails);
  }
  return rails;
}

/** What the database says about the customer, for each requirement. */
export async function customerFacts(db: Kysely<Database>, customerId: number, now: Date): Promise<Record<Requirement, boolean>> {
  const day = now.toISOString().slice(0, 10);
  const [active, customer, identity, phone] = await Promise.all([
    // The active address is the newest one the customer lives or trades at (an office does not count).
    db
      .selectFrom('addresses')
      .select(['id', 'address_status'])
      .where('customer_id', '=', customerId)
      .where('address_type', 'in', RULES.activeAddressTypes)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    db.selectFrom('customers').select('tax_id').where('id', '=', customerId).executeTakeFirst(),
    db
      .selectFrom('documents')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('category', '=', 'proofOfIdentity')
      .where('status_id', '=', DOCUMENT_STATUS.confirmed)
      .where((eb) => eb.or([eb('expires_date', 'is', null), eb('expires_date', '>=', day)]))
      .executeTakeFirst(),
    db.selectFrom('phones').select('id').where('customer_id', '=', customerId).where('confirmed', '=', true).executeTakeFirst(),
  ]);
  const verified = active?.address_status === ADDRESS_CONFIRMED;
  // The newest confirmed proof of the verified address dates it; an address verified without a dated proof stays valid.
  const proof = verified
    ? await db
        .selectFrom('documents')
        .select('expires_date')
        .where('customer_id', '=', customerId)
        .where('address_id', '=', active.id)
        .where('status_id', '=', DOCUMENT_STATUS.confirmed)
        .orderBy('id', 'desc')
        .executeTakeFirst()
    : undefined;
  return {
    activeAddressVerified: verified,
    addressDateValid: verified && !(proof?.expires_date && proof.expires_date < day),
    identityDocument: identity !== undefined,
    taxNumber: Boolean(customer?.tax_id?.trim()),
    confirmedPhone: phone !== undefined,
  };
}

/**
 * The external transfer options of a customer for one permission, in the order the rules list them:
 * disabled where the brand does not offer the rail, where a business user lacks the 'transfers' right
 * (`rights` absent: the customer acts for themselves and holds every right), or where a requirement of
 * schemas/data/transfer-options.json is unmet; `reason` is the first of these, and `details.fixRoute`
 * the page that meets the first unmet requirement.
 *
 * @example
 * const options = await transferOptions(db, { customerId, permission: '3d', brand: 'paxum', now: new Date() });
 * options.find((option) => option.type === 'wire')?.reason; // 'addressNotVerified' before the address is verified
 */
export async function transferOptions(
  db: Kysely<Database>,
  input: { customerId: number; permission: Permission; brand?: string; rights?: readonly BusinessRight[]; now: Date },
): Promise<TransferOption[]> {
  const facts = await customerFacts(db, input.customerId, input.now);
  const offered = offeredRails(input.brand);
  const mayTransfer = !input.rights || input.rights.includes('transfers');
  return RULES.options.map((option) => {
    const requirements = option.requires[input.permission];
    const missing = requirements.filter((requirement) => !facts[requirement]);
    const firstMissing = missing[0];
    const reason: OptionReason | undefined = !offered.includes(option.type)
      ? 'notOffered'
      : !mayTransfer
        ? 'noRight'
        : firstMissing && RULES.requirements[firstMissing].reason;
    const extras = requirements.filter((requirement) => !ADDRESS_REQUIREMENTS.includes(requirement));
    return {
      permission: input.permission,
      type: option.type,
      isDisabled: reason !== undefined,
      ...(reason ? { reason } : {}),
      details: {
        route: option.route,
        ...(firstMissing ? { fixRoute: RULES.requirements[firstMissing].fixRoute } : {}),
        requirements,
        missing,
      },
      hasRequirements: missing.length > 0,
      isCustomerAddressDateValid: facts.addressDateValid,
      isCustomerAddressMatchesActive: facts.activeAddressVerified,
      isExtraParamsValid: extras.every((requirement) => facts[requirement]),
    };
  });
}
