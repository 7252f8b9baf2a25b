import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { storeDocument } from '../documents/uploads.ts';
import { DOCUMENT_KINDS, type DocumentKind } from '../documents/document-kinds.ts';
import { profileDocumentStatus, type ProfileDocumentStatus } from '../documents/document-status.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import { certificationPdf } from '../documents/pdf/forms.ts';

/** One country the person is tax resident in. */
export interface TaxResidency {
  countryCode: string;
  taxId?: string;
  noTaxIdReason?: string;
}

/** The answers of a FATCA/CRS self-certification (the US person questions and tax residencies). */
export interface FatcaCrsAnswers {
  usCitizen: boolean;
  usResident: boolean;
  bornInUs: boolean;
  taxResidencies: TaxResidency[];
}

/** Whose certification: a customer's own, or a business representative's through an invitation. */
export type FatcaSubject = { customerId: number; representativeInvitationId: number | null };

const subjectKey = ({ customerId, representativeInvitationId }: FatcaSubject) =>
  representativeInvitationId === null ? `customer:${customerId}` : `representative:${representativeInvitationId}`;

/** The FATCA/CRS certification info: the status of each of the four documents (document 000 section 3). */
export interface FatcaDocumentStatuses {
  w9FormDocumentStatus: ProfileDocumentStatus;
  certificateOfLossOfNationalityDocumentStatus: ProfileDocumentStatus;
  taxResidencySelfCertificationDocumentStatus: ProfileDocumentStatus;
  w8BenFormDocumentStatus: ProfileDocumentStatus;
}

/** A US person (citizen or resident) signs a W-9; anyone else a W-8BEN. */
export const isUsPerson = (answers: FatcaCrsAnswers) => answers.usCitizen || answers.usResident;

/**
 * The saved answers of a subject, if it has certified.
 *
 * @example
 * const answers = await readCertification(db, { customerId, representativeInvitationId: null });
 */
export async function readCertification(db: Kysely<Database>, subject: FatcaSubject): Promise<FatcaCrsAnswers | undefined> {
  const row = await db.selectFrom('fatca_certifications').select('answers').where('subject', '=', subjectKey(subject)).executeTakeFirst();
  return row?.answers as FatcaCrsAnswers | undefined;
}

/** The subject's latest live document of a tax kind. */
export async function latestTaxDocument(db: Kysely<Database>, subject: FatcaSubject, kind: DocumentKind) {
  const representative = sql<string | null>`attributes->>'representativeInvitationId'`;
  let query = db
    .selectFrom('documents')
    .select(['status_id as statusId', 'expires_date as expiresDate'])
    .where('customer_id', '=', subject.customerId)
    .where('document_type_id', '=', DOCUMENT_KINDS[kind].documentTypeId)
    .where('status_id', '!=', DOCUMENT_STATUS.deleted)
    .orderBy('id', 'desc')
    .limit(1);
  query =
    subject.representativeInvitationId === null
      ? query.where(representative, 'is', null)
      : query.where(representative, '=', String(subject.representativeInvitationId));
  return query.executeTakeFirst();
}

/**
 * The four document statuses of a subject. Which forms are required follows from the answers: a W-9
 * for a US person, else a W-8BEN; a certificate of loss of nationality for someone born in the US who
 * is no longer a citizen; the tax residency self-certification always. A form not required is
 * notRequired; before any answers, the W-9 and W-8BEN are both none (which one is unknown yet).
 *
 * @example
 * const statuses = await fatcaDocumentStatuses(db, { customerId, representativeInvitationId: null }, new Date());
 */
export async function fatcaDocumentStatuses(db: Kysely<Database>, subject: FatcaSubject, now: Date): Promise<FatcaDocumentStatuses> {
  const answers = await readCertification(db, subject);
  const status = async (kind: DocumentKind, required: boolean): Promise<ProfileDocumentStatus> =>
    required ? profileDocumentStatus(await latestTaxDocument(db, subject, kind), now) : 'notRequired';
  const usPerson = answers ? isUsPerson(answers) : undefined;
  return {
    w9FormDocumentStatus: await status('w9Form', usPerson !== false),
    w8BenFormDocumentStatus: await status('w8BenForm', usPerson !== true),
    certificateOfLossOfNationalityDocumentStatus: await status('certificateOfLossOfNationality', !!answers && answers.bornInUs && !answers.usCitizen),
    taxResidencySelfCertificationDocumentStatus: await status('taxResidencySelfCertification', true),
  };
}

/**
 * Saves a subject's answers and files the tax residency self-certification they make: a PDF of the
 * answers, waiting (pending) for compliance to check. One database transaction.
 *
 * @example
 * await saveCertification(db, subject, answers, { signer: 'Anna Novak', userId });
 */
export async function saveCertification(
  db: Kysely<Database>,
  subject: FatcaSubject,
  answers: FatcaCrsAnswers,
  by: { signer: string; userId: number | null; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('fatca_certifications')
      .values({
        subject: subjectKey(subject),
        customer_id: subject.customerId,
        representative_invitation_id: subject.representativeInvitationId,
        answers: JSON.stringify(answers),
        submitted_at: by.now,
      })
      .onConflict((conflict) => conflict.column('subject').doUpdateSet({ answers: JSON.stringify(answers), submitted_at: by.now }))
      .execute();
    const pdf = await certificationPdf(by.signer, answers, by.now);
    await storeDocument(trx, {
      customerId: subject.customerId,
      ...DOCUMENT_KINDS.taxResidencySelfCertification,
      createdByUserId: by.userId,
      statusId: DOCUMENT_STATUS.pending,
      attributes: subject.representativeInvitationId === null ? {} : { representativeInvitationId: String(subject.representativeInvitationId) },
      files: [{ role: 'main', fileName: 'tax-residency-self-certification.pdf', mediaType: 'application/pdf', content: pdf }],
    });
  });
}
