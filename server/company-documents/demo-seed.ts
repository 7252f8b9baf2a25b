import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { demoDocumentPdf } from '../documents/pdf/forms.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import { storeDocument } from '../documents/uploads.ts';

type Trx = Transaction<Database>;

/** Northwind's representative who signs in with the documents right only (no balance info): they reach only /company-documents. */
export const REPRESENTATIVE_DEMO_LOGIN = 'representative@example.com';

const KINDS = { director: 2, personShareholder: 6, owner: 8 } as const;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Northwind's company documents and representatives: a company file in every state (a validated
 * certificate of incorporation, a pending register of directors, a rejected business address proof
 * replaced by a confirmed one, an additional document expiring soon, no registered-address proof),
 * an unproven registered address, a director (Grace Holt, proven, who signs in as
 * representative@example.com with the documents right only), a shareholder (Tom Reyes, 60 %, nothing
 * proven yet) and an ultimate owner (Maria Lind, her identity rejected), and an empty website.
 */
export async function seedCompanyDocumentsDemo(trx: Trx, businessEmail: string, passwordHash: string, now: Date): Promise<void> {
  const { customer_id: northwindId } = await trx.selectFrom('users').select('customer_id').where('email', '=', businessEmail).executeTakeFirstOrThrow();
  if (northwindId === null) throw new Error(`${businessEmail} acts for no customer; the company documents demo needs Northwind.`);
  await trx
    .insertInto('business_profiles')
    .values({
      customer_id: northwindId,
      trading_name: 'Northwind Studio',
      email: 'office@northwind.example',
      registration_number: '09876543',
      registration_date: '2016-03-14',
      website: null,
      description: 'Illustration and animation studio',
      business_type: 'llc',
      industry_id: 1,
      // As the registration wizard's financial and due diligence forms hold them.
      financial_info: JSON.stringify({
        sourceIds: [11],
        purposeIds: [11],
        monthlyDepositAmountId: 2,
        monthlyDepositCurrency: 'USD',
        monthlyWithdrawalAmountId: 2,
        monthlyWithdrawalCurrency: 'USD',
      }),
      due_diligence: JSON.stringify({ government: { answer: false }, lawsuits: { answer: false }, taxPayers: { answer: false } }),
    })
    .onConflict((conflict) => conflict.column('customer_id').doNothing())
    .execute();

  const representative = await trx
    .insertInto('users')
    .values({ email: REPRESENTATIVE_DEMO_LOGIN, password_hash: passwordHash, customer_id: northwindId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('customer_access')
    .values({ user_id: representative.id, customer_id: northwindId, rights: ['documents'] })
    .execute();

  const person = (kind: number, draftId: string, firstName: string, lastName: string, extra: { share?: number; userId?: number; email?: string } = {}) =>
    trx
      .insertInto('business_representatives')
      .values({
        customer_id: northwindId,
        kind,
        entity: 'person',
        parent_id: null,
        draft_id: draftId,
        first_name: firstName,
        last_name: lastName,
        company_name: null,
        birth_day: '1984-09-02',
        email: extra.email ?? null,
        phone: JSON.stringify({ countryCode: '44', number: '7700900456' }),
        address: JSON.stringify({ address1: '8 Quay Lane', city: 'Bristol', postalCode: 'BS1 5TT', countryCode: 'GB' }),
        registration_country_code: null,
        registration_number: null,
        tax_id: null,
        share: extra.share ?? null,
        user_id: extra.userId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const director = await person(KINDS.director, 'demo-director', 'Grace', 'Holt', { userId: representative.id, email: REPRESENTATIVE_DEMO_LOGIN });
  await person(KINDS.personShareholder, 'demo-shareholder', 'Tom', 'Reyes', { share: 60 });
  const owner = await person(KINDS.owner, 'demo-owner', 'Maria', 'Lind', { share: 40 });

  const businessAddress = await trx.selectFrom('addresses').select('id').where('customer_id', '=', northwindId).orderBy('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('addresses')
    .values({
      customer_id: northwindId,
      address1: '71 Shelton Street',
      address2: null,
      city: 'London',
      postal_code: 'WC2H 9JQ',
      country_code: 'GB',
      state_code: null,
      state_name: null,
      address_type: 2,
      address_status: 0,
      confirmed: false,
    })
    .execute();

  const file = async (category: string) => [
    { role: 'main' as const, fileName: `${category}.pdf`, mediaType: 'application/pdf', content: await demoDocumentPdf(category) },
  ];
  const soon = isoDay(new Date(now.getTime() + 12 * 86_400_000));
  const documents: { category: string; documentTypeId: number; statusId: number; addressId?: number; representativeId?: number; expiresDate?: string }[] = [
    { category: 'businessRegistration', documentTypeId: 30, statusId: DOCUMENT_STATUS.confirmed },
    { category: 'businessAddress', documentTypeId: 31, statusId: DOCUMENT_STATUS.rejected, addressId: businessAddress.id },
    { category: 'businessAddress', documentTypeId: 31, statusId: DOCUMENT_STATUS.confirmed, addressId: businessAddress.id },
    { category: 'controlDocument', documentTypeId: 33, statusId: DOCUMENT_STATUS.pending },
    { category: 'businessAdditionalDocument', documentTypeId: 34, statusId: DOCUMENT_STATUS.confirmed, expiresDate: soon },
    { category: 'proofOfIdentity', documentTypeId: 1, statusId: DOCUMENT_STATUS.confirmed, representativeId: director.id, expiresDate: '2031-05-01' },
    { category: 'address', documentTypeId: 10, statusId: DOCUMENT_STATUS.pending, representativeId: director.id },
    { category: 'proofOfIdentity', documentTypeId: 1, statusId: DOCUMENT_STATUS.rejected, representativeId: owner.id },
  ];
  for (const document of documents) {
    await storeDocument(trx, {
      customerId: northwindId,
      category: document.category,
      documentTypeId: document.documentTypeId,
      createdByUserId: null,
      statusId: document.statusId,
      addressId: document.addressId ?? null,
      representativeId: document.representativeId ?? null,
      expiresDate: document.expiresDate ?? null,
      files: await file(document.category),
    });
  }

  // Its declarations as given at registration (schemas/forms/company-declarations.schema.json), so the tab shows them.
  await trx
    .insertInto('business_statements')
    .values({
      customer_id: northwindId,
      kind: 'declarations',
      answers: JSON.stringify({ politicallyExposed: false, sanctionedCountries: false, actsOnOwnBehalf: true, informationTrue: true }),
      answered_by_user_id: null,
      answered_at: now,
    })
    .onConflict((conflict) => conflict.columns(['customer_id', 'kind']).doNothing())
    .execute();
}
