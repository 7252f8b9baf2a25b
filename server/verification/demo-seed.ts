import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { storeDocument } from '../documents/uploads.ts';
import { inviteRepresentative } from '../fatca/representatives.ts';
import { DOCUMENT_KINDS, LIMIT_REASON_REQUIREMENTS, type DocumentKind } from '../documents/document-kinds.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import { demoDocumentPdf } from '../documents/pdf/forms.ts';

/** The demo sign-ins this area adds (password as the other demo users). */
export const VERIFICATION_DEMO_LOGINS = {
  limited: 'limited@example.com',
  unverified: 'unverified@example.com',
  kyc: 'kyc@example.com',
} as const;

/** The auth secret of the demo representative's self-certification link (demo data only). */
export const DEMO_REPRESENTATIVE_SECRET = 'demo-representative-secret-2026';

type Trx = Transaction<Database>;

async function customerOf(trx: Trx, email: string): Promise<number> {
  const { customer_id } = await trx.selectFrom('users').select('customer_id').where('email', '=', email).executeTakeFirstOrThrow();
  return customer_id!;
}

/** A confirmed (or otherwise) document with a generated PDF. */
async function demoDocument(
  trx: Trx,
  customerId: number,
  kind: DocumentKind | { category: string; documentTypeId: number },
  statusId: number,
  extra: { expiresDate?: string; attributes?: Record<string, unknown> } = {},
) {
  const { category, documentTypeId } = typeof kind === 'string' ? DOCUMENT_KINDS[kind] : kind;
  return storeDocument(trx, {
    customerId,
    category,
    documentTypeId,
    createdByUserId: null,
    statusId,
    expiresDate: extra.expiresDate ?? null,
    attributes: extra.attributes ?? {},
    files: [{ role: 'main', fileName: `${category}.pdf`, mediaType: 'application/pdf', content: await demoDocumentPdf(category) }],
  });
}

/** A completed non-US self-certification with its signed W-8BEN, both confirmed. */
async function certifiedOutsideUs(trx: Trx, customerId: number, countryCode: string, taxId: string) {
  await trx
    .insertInto('fatca_certifications')
    .values({
      subject: `customer:${customerId}`,
      customer_id: customerId,
      representative_invitation_id: null,
      answers: JSON.stringify({ usCitizen: false, usResident: false, bornInUs: false, taxResidencies: [{ countryCode, taxId }] }),
    })
    .execute();
  await demoDocument(trx, customerId, 'taxResidencySelfCertification', DOCUMENT_STATUS.confirmed);
  await demoDocument(trx, customerId, 'w8BenForm', DOCUMENT_STATUS.confirmed);
}

async function addPersonal(
  trx: Trx,
  who: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    verified: boolean;
    limited?: boolean;
    needsKyc?: boolean;
    phoneConfirmed: boolean;
  },
) {
  const customer = await trx
    .insertInto('customers')
    .values({
      type: 'personal',
      first_name: who.firstName,
      last_name: who.lastName,
      business_name: null,
      birth_day: '1988-09-23',
      residence_country_code: 'PT',
      tax_id: null,
      verified: who.verified,
      limited: who.limited ?? false,
      due_diligence_level: null,
      is_need_kyc: who.needsKyc ?? false,
      transaction_approve_mode: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('users').values({ email: who.email, password_hash: who.passwordHash, customer_id: customer.id }).execute();
  await trx
    .insertInto('phones')
    .values({ customer_id: customer.id, country_code: '351', number: '912345678', status: 'Primary', confirmed: who.phoneConfirmed })
    .execute();
  const address = await trx
    .insertInto('addresses')
    .values({
      customer_id: customer.id,
      address1: 'Rua Augusta 100',
      address2: null,
      city: 'Lisboa',
      postal_code: '1100-053',
      country_code: 'PT',
      state_code: null,
      state_name: null,
      address_type: 1,
      address_status: 1,
      confirmed: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const currency of ['EUR', 'USD']) {
    await trx.insertInto('accounts').values({ customer_id: customer.id, currency_code: currency, type: 1001 }).execute();
  }
  return { customerId: customer.id, addressId: address.id };
}

/**
 * The verification demo: Anna and Northwind fully checked (their documents confirmed, Anna's
 * self-certification done); a limited customer (expired documents and adverse media, nothing
 * uploaded yet); an unverified one with three required actions (self-certification, identity, phone)
 * and a level 1 due diligence request for her proof of address; one who must answer KYC; and a
 * Northwind representative invited to self-certify by a link with a published demo secret.
 *
 * @example
 * await seedVerificationDemo(trx, passwordHash, now);
 */
export async function seedVerificationDemo(trx: Trx, passwordHash: string, now: Date): Promise<void> {
  const anna = await customerOf(trx, 'personal@example.com');
  const northwind = await customerOf(trx, 'business@example.com');
  const inTenYears = `${now.getUTCFullYear() + 10}-01-31`;
  await demoDocument(trx, anna, { category: 'proofOfIdentity', documentTypeId: 1 }, DOCUMENT_STATUS.confirmed, { expiresDate: inTenYears });
  await demoDocument(trx, anna, { category: 'address', documentTypeId: 10 }, DOCUMENT_STATUS.confirmed);
  await certifiedOutsideUs(trx, anna, 'GB', 'AB123456C');
  await demoDocument(trx, northwind, { category: 'businessRegistration', documentTypeId: 30 }, DOCUMENT_STATUS.confirmed);
  await demoDocument(trx, northwind, { category: 'businessAddress', documentTypeId: 31 }, DOCUMENT_STATUS.confirmed);

  const limited = await addPersonal(trx, {
    email: VERIFICATION_DEMO_LOGINS.limited,
    firstName: 'Luis',
    lastName: 'Moreira',
    passwordHash,
    verified: true,
    limited: true,
    phoneConfirmed: true,
  });
  await demoDocument(trx, limited.customerId, { category: 'proofOfIdentity', documentTypeId: 1 }, DOCUMENT_STATUS.expired, {
    expiresDate: `${now.getUTCFullYear() - 1}-03-31`,
  });
  await demoDocument(trx, limited.customerId, { category: 'address', documentTypeId: 10 }, DOCUMENT_STATUS.confirmed);
  await certifiedOutsideUs(trx, limited.customerId, 'PT', '123456789');
  for (const reasonId of [1, 4]) {
    const reason = await trx
      .insertInto('limit_reasons')
      .values({ customer_id: limited.customerId, reason_id: reasonId, resolved_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('limit_requirements')
      .values(LIMIT_REASON_REQUIREMENTS[reasonId]!.map((kind) => ({ limit_reason_id: reason.id, kind })))
      .execute();
  }

  const unverified = await addPersonal(trx, {
    email: VERIFICATION_DEMO_LOGINS.unverified,
    firstName: 'Uma',
    lastName: 'Varga',
    passwordHash,
    verified: false,
    phoneConfirmed: false,
  });
  await demoDocument(trx, unverified.customerId, { category: 'address', documentTypeId: 10 }, DOCUMENT_STATUS.confirmed);
  await trx.updateTable('customers').set({ due_diligence_level: 1 }).where('id', '=', unverified.customerId).execute();
  await trx
    .insertInto('due_diligence_cases')
    .values({ customer_id: unverified.customerId, level: 1, requested_kind: 'proofOfAddress', address_id: unverified.addressId, created_at: now })
    .execute();

  await addPersonal(trx, {
    email: VERIFICATION_DEMO_LOGINS.kyc,
    firstName: 'Kira',
    lastName: 'Sousa',
    passwordHash,
    verified: false,
    needsKyc: true,
    phoneConfirmed: true,
  });

  await inviteRepresentative(
    trx,
    {
      businessCustomerId: northwind,
      firstName: 'Liam',
      lastName: 'Hart',
      email: 'liam.hart@example.com',
      phone: '+44 20 7946 0011',
      address: '3 Harbour Street, Bristol',
      secret: DEMO_REPRESENTATIVE_SECRET,
    },
    now,
  );
}
