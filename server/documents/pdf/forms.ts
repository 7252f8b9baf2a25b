import { documentAudience, type DocumentAudience } from './index.ts';
import { renderDocument } from './render.ts';
import { formatDate, localeTexts } from '../../i18n/texts.ts';
import type { WFormKind } from '../../db/schema.ts';

/** The answers of a FATCA/CRS self-certification, as the PDF states them. */
export interface CertificationAnswers {
  usCitizen: boolean;
  usResident: boolean;
  bornInUs: boolean;
  taxResidencies: ReadonlyArray<{ countryCode: string; taxId?: string | null; noTaxIdReason?: string | null }>;
}

/**
 * The tax residency self-certification a customer (or a representative) made, as a PDF: the answers,
 * one row per tax residency, and when it was certified.
 *
 * @example
 * const bytes = await certificationPdf('Anna Novak', answers, new Date());
 */
export async function certificationPdf(
  signer: string,
  answers: CertificationAnswers,
  certifiedAt: Date,
  audience: DocumentAudience = documentAudience(),
): Promise<Buffer> {
  const t = localeTexts(audience.language);
  const yes = (value: boolean) => t(value ? 'pdf.yes' : 'pdf.no');
  return certificationDocument(
    audience,
    signer,
    certifiedAt,
    [
      { label: t('pdf.certification.name'), value: signer },
      { label: t('pdf.certification.usCitizen'), value: yes(answers.usCitizen) },
      { label: t('pdf.certification.usResident'), value: yes(answers.usResident) },
      { label: t('pdf.certification.bornInUs'), value: yes(answers.bornInUs) },
      { label: t('pdf.certification.certifiedOn'), value: formatDate(audience.language, certifiedAt) },
    ],
    answers.taxResidencies.map((residency) => [
      residency.countryCode,
      residency.taxId ?? t('pdf.certification.noTaxId', { reason: residency.noTaxIdReason ?? t('pdf.certification.noReason') }),
    ]),
  );
}

/**
 * A self-certification as a PDF: the fields stated, the tax residencies as a table (country, number or why
 * there is none), and the declaration; the personal and the company certification alike.
 */
function certificationDocument(
  audience: DocumentAudience,
  signer: string,
  certifiedAt: Date,
  fields: ReadonlyArray<{ label: string; value: string }>,
  residencies: string[][],
): Promise<Buffer> {
  const t = localeTexts(audience.language);
  return renderDocument({
    ...audience,
    now: certifiedAt,
    title: t('pdf.certification.title'),
    author: signer,
    blocks: [
      { kind: 'fields', rows: [...fields] },
      { kind: 'heading', text: t('pdf.certification.residencies') },
      {
        kind: 'table',
        columns: [
          { header: t('pdf.certification.country'), width: 1 },
          { header: t('pdf.certification.taxId'), width: 3 },
        ],
        rows: residencies,
      },
      { kind: 'paragraph', text: t('pdf.certification.declaration') },
    ],
  });
}

/**
 * The copy of a W-form signed through the e-signature provider, as a PDF: the form, who signed it, when,
 * and the provider's envelope.
 *
 * @example
 * const bytes = await signedWFormPdf('w9', { signedName: 'Anna Novak', signedAt: '2026-05-01T10:00:00Z', envelopeId: 'env-1' });
 */
export async function signedWFormPdf(
  form: WFormKind,
  signature: { signedName: string; signedAt: string; envelopeId: string },
  audience: DocumentAudience = documentAudience(),
): Promise<Buffer> {
  const t = localeTexts(audience.language);
  return renderDocument({
    ...audience,
    title: t(`pdf.wForm.${form}`),
    author: signature.signedName,
    blocks: [
      {
        kind: 'fields',
        rows: [
          { label: t('pdf.wForm.signedBy'), value: signature.signedName },
          { label: t('pdf.wForm.signedAt'), value: signature.signedAt },
          { label: t('pdf.wForm.envelope'), value: signature.envelopeId },
        ],
      },
    ],
  });
}

/** What an identity verification provider reported, for its report. */
export type IdentityReading =
  | { rejectReason: string }
  | { documentType: 'passport' | 'idCard' | 'drivingLicence'; number: string; firstName: string; lastName: string; nameMatches: boolean };

/**
 * The report of an identity verification, as a PDF: the provider and its run, the document it read and
 * the outcome.
 *
 * @example
 * const bytes = await identityReportPdf({ provider: 'veriff', workflowRunId: 'run-1' }, { rejectReason: 'blurred' });
 */
export async function identityReportPdf(
  run: { provider: string; workflowRunId: string },
  read: IdentityReading,
  audience: DocumentAudience = documentAudience(),
): Promise<Buffer> {
  const t = localeTexts(audience.language);
  const rows = [
    { label: t('pdf.identity.provider'), value: run.provider },
    { label: t('pdf.identity.run'), value: run.workflowRunId },
  ];
  if ('rejectReason' in read) rows.push({ label: t('pdf.identity.outcome'), value: t('pdf.identity.outcomes.rejected', { reason: read.rejectReason }) });
  else
    rows.push(
      { label: t('pdf.identity.document'), value: t(`pdf.identity.documentTypes.${read.documentType}`) },
      { label: t('pdf.identity.number'), value: read.number },
      { label: t('pdf.identity.name'), value: `${read.firstName} ${read.lastName}` },
      { label: t('pdf.identity.outcome'), value: t(read.nameMatches ? 'pdf.identity.outcomes.confirmed' : 'pdf.identity.outcomes.mismatch') },
    );
  return renderDocument({ ...audience, title: t('pdf.identity.title'), blocks: [{ kind: 'fields', rows }] });
}

/**
 * A sample document of the demonstration data (a passport scan, a utility bill), as a PDF a reviewer can open.
 *
 * @example
 * const bytes = await demoDocumentPdf('Utility bill - 12 Elm Row');
 */
export async function demoDocumentPdf(subject: string, audience: DocumentAudience = documentAudience()): Promise<Buffer> {
  // The demo seeds file the same sample for many customers: it is written once per process.
  const key = `${audience.brand}:${audience.language}:${subject}`;
  const known = demoDocuments.get(key);
  if (known) return known;
  const t = localeTexts(audience.language);
  const written = await renderDocument({
    ...audience,
    title: t('pdf.demo.title'),
    subtitle: subject,
    blocks: [
      { kind: 'fields', rows: [{ label: t('pdf.demo.subject'), value: subject }] },
      { kind: 'paragraph', text: t('pdf.demo.about') },
    ],
    now: DEMO_DATE,
  });
  demoDocuments.set(key, written);
  return written;
}

const demoDocuments = new Map<string, Buffer>();
const DEMO_DATE = new Date('2026-01-01T00:00:00Z');

/** A company's FATCA/CRS answers, as the PDF states them. */
export interface BusinessCertificationAnswers {
  entityType: 'financial-institution' | 'investment' | 'general';
  isUSTaxPayer: boolean;
  isDisregardedEntity: boolean;
  taxIds: ReadonlyArray<{ countryCode: string; taxId?: string; tinMissingReason?: string; tinMissingExplanation?: string }>;
}

/**
 * The tax residency self-certification a company made, as a PDF: who certified for the company, its
 * entity type, US tax status, one row per tax residency (the number, or why there is none), and when.
 *
 * @example
 * const bytes = await businessCertificationPdf('Northwind Studio Ltd', 'Nora West', answers, new Date());
 */
export async function businessCertificationPdf(
  company: string,
  signer: string,
  answers: BusinessCertificationAnswers,
  certifiedAt: Date,
  audience: DocumentAudience = documentAudience(),
): Promise<Buffer> {
  const t = localeTexts(audience.language);
  const yes = (value: boolean) => t(value ? 'pdf.yes' : 'pdf.no');
  const missing = (taxId: BusinessCertificationAnswers['taxIds'][number]) =>
    t('pdf.certification.noTaxId', {
      reason: [
        taxId.tinMissingReason ? t(`pdf.certification.tinMissingReasons.${taxId.tinMissingReason}`) : t('pdf.certification.noReason'),
        taxId.tinMissingExplanation,
      ]
        .filter(Boolean)
        .join(': '),
    });
  return certificationDocument(
    audience,
    signer,
    certifiedAt,
    [
      { label: t('pdf.certification.company'), value: company },
      { label: t('pdf.certification.name'), value: signer },
      { label: t('pdf.certification.entityType'), value: t(`pdf.certification.entityTypes.${answers.entityType}`) },
      { label: t('pdf.certification.usTaxPayer'), value: yes(answers.isUSTaxPayer) },
      { label: t('pdf.certification.disregardedEntity'), value: yes(answers.isDisregardedEntity) },
      { label: t('pdf.certification.certifiedOn'), value: formatDate(audience.language, certifiedAt) },
    ],
    answers.taxIds.map((taxId) => [taxId.countryCode, taxId.taxId ?? missing(taxId)]),
  );
}
