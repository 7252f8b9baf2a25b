import type { Kysely } from 'kysely';
import type { RpcRequest, RpcResponse } from '../../generated/methods.ts';
import type { Database } from '../db/schema.ts';
import { omitNull } from '../db/omit-null.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

type CustomerInfo = RpcResponse<'kycCustomerInfoGet'>['customerInfo'];
type KycRequest = RpcResponse<'kycRequestGet'>['customerKycRequest'];
type KycAnswers = RpcRequest<'kycInfoUpdate'>['answers'];

/**
 * The customer information the KYC page shows (CustomerInfo): names, birth date, residence and the
 * nationality kept in the profile attributes.
 *
 * @example
 * const info = await kycCustomerInfo(db, customerId);
 */
export async function kycCustomerInfo(db: Kysely<Database>, customerId: number): Promise<CustomerInfo> {
  const row = await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirstOrThrow();
  const nationality = typeof row.attributes.nationality === 'string' ? row.attributes.nationality : null;
  return {
    customerType: row.type,
    isNeedKyc: row.is_need_kyc,
    isNeedPersonalInfoUpdate: row.is_need_personal_info_update,
    ...omitNull({
      firstName: row.first_name,
      lastName: row.last_name,
      businessName: row.business_name,
      birthDay: row.birth_day,
      residenceCountryCode: row.residence_country_code,
      nationality,
    }),
  };
}

/**
 * The customer's KYC request: required while the customer is flagged as needing KYC and has not
 * answered, submitted once answered, notRequired otherwise.
 *
 * @example
 * const request = await kycRequest(db, customerId);
 */
export async function kycRequest(db: Kysely<Database>, customerId: number): Promise<KycRequest> {
  const [customer, row] = await Promise.all([
    db.selectFrom('customers').select('is_need_kyc').where('id', '=', customerId).executeTakeFirstOrThrow(),
    db.selectFrom('kyc_requests').selectAll().where('customer_id', '=', customerId).executeTakeFirst(),
  ]);
  const status = row?.status === 'submitted' ? 'submitted' : customer.is_need_kyc || row?.status === 'required' ? 'required' : 'notRequired';
  return { status, answers: row?.answers ?? {}, ...(row?.submitted_at ? { submitted: row.submitted_at.toISOString() } : {}) };
}

const PERSONAL_ONLY = ['occupation', 'employerName'] as const;
const BUSINESS_ONLY = ['industry', 'website'] as const;

/**
 * Submits the questionnaire: a personal customer must give an occupation, a business its industry;
 * the other variant's fields are refused. Clears the customer's need for KYC.
 *
 * @example
 * await submitKyc(db, customerId, { occupation: 'Illustrator', sourceOfFunds: 'salary', purposeOfAccount: 'receivingIncome', expectedMonthlyVolume: 'upTo1000' });
 */
export async function submitKyc(db: Kysely<Database>, customerId: number, answers: KycAnswers, now: Date): Promise<void> {
  const { type } = await db.selectFrom('customers').select('type').where('id', '=', customerId).executeTakeFirstOrThrow();
  const [needed, foreign] = type === 'personal' ? [['occupation'], BUSINESS_ONLY] : [['industry'], PERSONAL_ONLY];
  const problems = [
    ...needed.filter((field) => !answers[field as keyof KycAnswers]).map((field) => ({ field: `answers.${field}`, key: 'server.kyc.fillIn' })),
    ...foreign
      .filter((field) => answers[field] !== undefined)
      .map((field) => ({ field: `answers.${field}`, key: type === 'personal' ? 'server.kyc.notAskedPersonal' : 'server.kyc.notAskedBusiness' })),
  ];
  if (problems.length) throw new RpcRefusal('TA1', { validationErrors: problems });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('kyc_requests')
      .values({ customer_id: customerId, status: 'submitted', answers: JSON.stringify(answers), submitted_at: now, updated_at: now })
      .onConflict((conflict) =>
        conflict.column('customer_id').doUpdateSet({ status: 'submitted', answers: JSON.stringify(answers), submitted_at: now, updated_at: now }),
      )
      .execute();
    await trx.updateTable('customers').set({ is_need_kyc: false }).where('id', '=', customerId).execute();
  });
}

/** The personal details the KYC page updates. */
export interface PersonalInfo {
  firstName: string;
  lastName: string;
  birthDay: string;
  nationality: string;
  residenceCountryCode: string;
}

/**
 * Updates a personal customer's details from the KYC page and clears the need for a personal info
 * update. A business customer has no personal details: refused with 13, nothing changed.
 *
 * @example
 * await updatePersonalInfo(db, customerId, { firstName: 'Anna', lastName: 'Novak', birthDay: '1991-04-12', nationality: 'GB', residenceCountryCode: 'GB' }, new Date());
 */
export async function updatePersonalInfo(db: Kysely<Database>, customerId: number, info: PersonalInfo, now: Date): Promise<void> {
  const customer = await db.selectFrom('customers').select(['type', 'attributes']).where('id', '=', customerId).executeTakeFirstOrThrow();
  if (customer.type !== 'personal') throw new RpcRefusal('13', { key: 'server.kyc.businessNoPersonal' });
  const birth = Date.parse(`${info.birthDay}T00:00:00Z`);
  const eighteenYearsAgo = Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate());
  if (birth > eighteenYearsAgo) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'birthDay', key: 'server.kyc.adult' }] });
  await db
    .updateTable('customers')
    .set({
      first_name: info.firstName.trim(),
      last_name: info.lastName.trim(),
      birth_day: info.birthDay,
      residence_country_code: info.residenceCountryCode,
      attributes: JSON.stringify({ ...customer.attributes, nationality: info.nationality }),
      is_need_personal_info_update: false,
    })
    .where('id', '=', customerId)
    .execute();
}
