import type { Kysely } from 'kysely';
import type { BusinessFatcaCrsGetResponse, BusinessFatcaCrsUpdateRequest } from '../../generated/methods.ts';
import { businessTaxProblems, withUsTaxId } from '../../schemas/rules/business-fatca.ts';
import type { Adapters } from '../adapters/index.ts';
import type { Database } from '../db/schema.ts';
import { DOCUMENT_KINDS, type DocumentKind } from '../documents/document-kinds.ts';
import { profileDocumentStatus, type ProfileDocumentStatus } from '../documents/document-status.ts';
import { businessCertificationPdf } from '../documents/pdf/forms.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import { storeDocument } from '../documents/uploads.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { taxRequirement } from '../../schemas/rules/tax-ids.ts';
import { latestTaxDocument, type FatcaSubject } from './certification.ts';
import { sendWFormForSigning } from './w-forms.ts';

/** A company's answers, as the schema BusinessFatcaCrsCertification has them. */
export type BusinessFatcaCrsCertification = BusinessFatcaCrsUpdateRequest['certification'];

/** The status of a company's tax documents. */
export type BusinessFatcaDocumentStatuses = BusinessFatcaCrsGetResponse['statuses'];

/**
 * A company's own FATCA/CRS self-certification (document 002 sections 3 and 5, issue 17 item 6): its
 * answers are kept whole beside the personal ones under the subject `company:<id>`; the documents they
 * make (the self-certification, the signed W-9 or W-8BEN-E) are the company's own, with no
 * representative, so the start page's self-certification status reads them as it reads a person's.
 */
const companyKey = (customerId: number) => `company:${customerId}`;

const companySubject = (customerId: number): FatcaSubject => ({ customerId, representativeInvitationId: null });

/** A US taxpayer signs a W-9; any other company a W-8BEN-E. */
export const businessWForm = (answers: Pick<BusinessFatcaCrsCertification, 'isUSTaxPayer'>): 'w9' | 'w8bene' => (answers.isUSTaxPayer ? 'w9' : 'w8bene');

/**
 * The company's saved answers, if it has certified.
 *
 * @example
 * const answers = await readBusinessCertification(db, northwindId);
 */
export async function readBusinessCertification(db: Kysely<Database>, customerId: number): Promise<BusinessFatcaCrsCertification | undefined> {
  const row = await db.selectFrom('fatca_certifications').select('answers').where('subject', '=', companyKey(customerId)).executeTakeFirst();
  return row?.answers as BusinessFatcaCrsCertification | undefined;
}

/**
 * The company's tax documents: the self-certification always; the W-9 for a US taxpayer, the W-8BEN-E
 * otherwise (the other notRequired); before any answers both forms are none.
 *
 * @example
 * const statuses = await businessFatcaDocumentStatuses(db, northwindId, new Date()); // { w9FormDocumentStatus: 'notRequired', ... }
 */
export async function businessFatcaDocumentStatuses(db: Kysely<Database>, customerId: number, now: Date): Promise<BusinessFatcaDocumentStatuses> {
  const answers = await readBusinessCertification(db, customerId);
  const subject = companySubject(customerId);
  const status = async (kind: DocumentKind, required: boolean): Promise<ProfileDocumentStatus> =>
    required ? profileDocumentStatus(await latestTaxDocument(db, subject, kind), now) : 'notRequired';
  const form = answers ? businessWForm(answers) : undefined;
  return {
    taxResidencySelfCertificationDocumentStatus: await status('taxResidencySelfCertification', true),
    w9FormDocumentStatus: await status('w9Form', form !== 'w8bene'),
    w8BenEFormDocumentStatus: await status('w8BenEForm', form !== 'w9'),
  };
}

/**
 * Checks a company's answers against the per-country tax-id table (the schema has checked the rest):
 * each problem is refused with TA1 on its field, naming the country's number.
 */
function refuseTaxProblems(answers: BusinessFatcaCrsCertification): void {
  const problems = businessTaxProblems(answers);
  if (problems.length === 0) return;
  throw new RpcRefusal('TA1', {
    validationErrors: problems.map(({ field, problem, countryCode }) => {
      const rule = taxRequirement(countryCode, 'business');
      const values = { name: { key: `server.taxIds.${rule.nameKey}` }, shortName: rule.shortName };
      return { field: `certification.${field}`, key: problem === 'pattern' ? 'server.profile.taxIdInvalid' : 'server.fatca.taxIdRequired', values };
    }),
  });
}

/**
 * Saves a company's answers (checked against the tax-id table, a US taxpayer's US tax id added to its tax
 * ids) and files the self-certification they make, pending for compliance. One database transaction.
 *
 * @example
 * await saveBusinessCertification(db, northwindId, answers, { company: 'Northwind Studio Ltd', signer: 'business@example.com', userId, now: new Date() });
 */
export async function saveBusinessCertification(
  db: Kysely<Database>,
  customerId: number,
  answers: BusinessFatcaCrsCertification,
  by: { company: string; signer: string; userId: number | null; now: Date },
): Promise<void> {
  refuseTaxProblems(answers);
  const stored = withUsTaxId(answers);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('fatca_certifications')
      .values({
        subject: companyKey(customerId),
        customer_id: customerId,
        representative_invitation_id: null,
        answers: JSON.stringify(stored),
        submitted_at: by.now,
      })
      .onConflict((conflict) => conflict.column('subject').doUpdateSet({ answers: JSON.stringify(stored), submitted_at: by.now }))
      .execute();
    await storeDocument(trx, {
      customerId,
      ...DOCUMENT_KINDS.taxResidencySelfCertification,
      createdByUserId: by.userId,
      statusId: DOCUMENT_STATUS.pending,
      attributes: {},
      files: [
        {
          role: 'main',
          fileName: 'tax-residency-self-certification.pdf',
          mediaType: 'application/pdf',
          content: await businessCertificationPdf(by.company, by.signer, stored, by.now),
        },
      ],
    });
  });
}

/** The lines of the W-form a company signs, made from its answers. */
function wFormLines(company: string, answers: BusinessFatcaCrsCertification, formKind: 'w9' | 'w8bene'): string[] {
  const us = answers.taxIds.find((entry) => entry.countryCode === 'US');
  const foreign = answers.taxIds.find((entry) => entry.countryCode !== 'US');
  const lines = [`Name of organization: ${company}`, `Entity type: ${answers.entityType}`];
  if (formKind === 'w9') {
    lines.push(`Employer identification number: ${us?.taxId ?? 'applied for'}`);
    if (answers.isDisregardedEntity) lines.push('The company is a disregarded entity.');
    lines.push('I certify that the company is a U.S. person.');
  } else {
    lines.push(`Country of organization: ${foreign?.countryCode ?? answers.taxIds[0]?.countryCode ?? ''}`);
    lines.push(`Foreign tax identifying number: ${foreign?.taxId ?? foreign?.tinMissingReason ?? 'not issued'}`);
    if (answers.giin) lines.push(`GIIN: ${answers.giin}`);
    lines.push('I certify that the company is the beneficial owner of the income and is not a U.S. person.');
  }
  return lines;
}

/**
 * Sends the W-form the company's answers call for (W-9 for a US taxpayer, else W-8BEN-E) to the
 * e-signature provider, signed by the user acting for it; refused with TA1 until the company has answered.
 *
 * @example
 * const { formKind, signData } = await requestBusinessWFormSigning(db, adapters, northwindId, { company, name, email });
 */
export async function requestBusinessWFormSigning(
  db: Kysely<Database>,
  adapters: Adapters,
  customerId: number,
  signer: { company: string; name: string; email: string },
): Promise<{ formKind: 'w9' | 'w8bene'; signData: { clientId: string; signUrl: string } }> {
  const answers = await readBusinessCertification(db, customerId);
  if (!answers) throw new RpcRefusal('TA1', { key: 'server.fatca.answerFirst' });
  const formKind = businessWForm(answers);
  const signData = await sendWFormForSigning(db, adapters, companySubject(customerId), {
    formKind,
    signer: { name: signer.name, email: signer.email },
    formLines: wFormLines(signer.company, answers, formKind),
    returnPath: '/self-certification-business',
  });
  return { formKind, signData };
}
