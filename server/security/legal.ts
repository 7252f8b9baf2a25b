import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { documentAudience, formatDate, localeTexts, renderDocument, type DocumentAudience, type DocumentBlock } from '../documents/pdf/index.ts';
import { customerDisplayName } from '../customers/display-name.ts';
import { brandConfig } from '../config/brand-config.ts';
import type { Language } from '../i18n/texts.ts';

/** An agreement the product keeps with its customers, in its current version. */
interface Agreement {
  id: 'terms-of-service' | 'privacy-policy' | 'account-agreement';
  version: string;
  effectiveDate: string;
  /** Which customers it binds. */
  appliesTo: 'all' | 'personal' | 'business';
}

/** An agreement's words in one language for one brand. */
interface AgreementWords {
  title: string;
  sections: { heading: string; text: string }[];
}

/**
 * The agreements and their current versions. A new version is a new entry here and new words in
 * server/security/agreements/<language>.json: customers who accepted an older one see that they
 * have not accepted this one yet.
 */
export const AGREEMENTS: readonly Agreement[] = [
  { id: 'terms-of-service', version: '2026.1', effectiveDate: '2026-01-01', appliesTo: 'all' },
  { id: 'privacy-policy', version: '2025.3', effectiveDate: '2025-09-15', appliesTo: 'all' },
  { id: 'account-agreement', version: '2026.1', effectiveDate: '2026-02-01', appliesTo: 'all' },
];

const AGREEMENTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'agreements');
const wordsByLanguage = new Map<Language, Record<string, AgreementWords>>();

function agreementWordsIn(language: Language): Record<string, AgreementWords> | undefined {
  if (!wordsByLanguage.has(language)) {
    const file = path.join(AGREEMENTS_DIR, `${language}.json`);
    if (!existsSync(file)) return undefined;
    wordsByLanguage.set(language, JSON.parse(readFileSync(file, 'utf8')) as Record<string, AgreementWords>);
  }
  return wordsByLanguage.get(language);
}

/**
 * The language a brand's legal texts are shown in, the fallback rule: the language asked for when
 * the brand offers it (brand.json `languages`), else the brand's default language; and English when
 * server/security/agreements/ has no text in that language. A brand offering only en and es thus
 * shows its texts in Spanish or English, never in a language it does not offer.
 *
 * @example
 * legalLanguage('aplus', 'ru'); // 'en': aplus offers en and es, its default is en
 * legalLanguage('paxum', 'ru'); // 'ru'
 */
export function legalLanguage(brandId: string, asked: Language): Language {
  const brand = brandConfig(brandId);
  const offered = brand.languages.includes(asked) ? asked : brand.defaultLanguage;
  return agreementWordsIn(offered)?.[AGREEMENTS[0]!.id] ? offered : 'en';
}

/**
 * An agreement's words for a brand in a language (after legalLanguage's fallback), with the brand's
 * name, support e-mail and web address written in where the text names them.
 *
 * @example
 * agreementWords('terms-of-service', { brand: 'aplus', language: 'es' }).sections[0].text; // '… de Aplus: …'
 */
export function agreementWords(agreementId: Agreement['id'], audience: DocumentAudience): AgreementWords & { language: Language } {
  const language = legalLanguage(audience.brand, audience.language);
  const words = agreementWordsIn(language)?.[agreementId] ?? agreementWordsIn('en')![agreementId]!;
  const brand = brandConfig(audience.brand);
  const values: Record<string, string> = {
    brand: brand.letterhead?.name ?? brand.projectName,
    supportEmail: brand.support.defaultEmail,
    web: brand.letterhead?.web ?? brand.feeLinks?.personal ?? '',
  };
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  return {
    language,
    title: fill(words.title),
    sections: words.sections.map((section) => ({ heading: fill(section.heading), text: fill(section.text) })),
  };
}

/**
 * The current Terms of Service as the public terms page shows them: the brand's, in the reader's
 * language (legalLanguage's fallback rule), `language` saying which.
 *
 * @example
 * termsOfService({ brand: 'aplus', language: 'es' }); // { title: 'Condiciones del servicio', language: 'es', version: '2026.1', … }
 */
export function termsOfService(
  audience: DocumentAudience = documentAudience(),
): AgreementWords & { language: Language; version: string; effectiveDate: string } {
  const { version, effectiveDate } = AGREEMENTS.find((agreement) => agreement.id === 'terms-of-service')!;
  return { ...agreementWords('terms-of-service', audience), version, effectiveDate };
}

/** An agreement as legal info answers it. */
export interface AgreementInfo {
  id: string;
  title: string;
  version: string;
  effectiveDate: string;
  /** When the customer accepted this version; absent when they have not. */
  acceptedAt?: string;
  acceptedVersion?: string;
}

async function customerRow(db: Kysely<Database>, customerId: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'type', 'first_name', 'last_name', 'business_name', 'created_at'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
}

/**
 * Records that a customer accepted the current version of an agreement (registration and the terms
 * step call this). Accepting twice keeps the first date.
 */
export async function recordAgreementAcceptance(db: Kysely<Database>, customerId: number, agreementId: string): Promise<void> {
  const agreement = AGREEMENTS.find((candidate) => candidate.id === agreementId);
  if (!agreement) throw new Error(`Unknown agreement '${agreementId}': use one of ${AGREEMENTS.map((a) => a.id).join(', ')}.`);
  await db
    .insertInto('agreement_acceptances')
    .values({ customer_id: customerId, agreement_id: agreement.id, version: agreement.version })
    .onConflict((conflict) => conflict.columns(['customer_id', 'agreement_id', 'version']).doNothing())
    .execute();
}

/**
 * The agreements binding the customer, with the version and date each was accepted. Customers whose
 * account predates the acceptance records accepted the agreements on opening it.
 */
export async function legalInfo(db: Kysely<Database>, customerId: number, audience: DocumentAudience = documentAudience()): Promise<AgreementInfo[]> {
  const [customer, accepted] = await Promise.all([
    customerRow(db, customerId),
    db
      .selectFrom('agreement_acceptances')
      .select(['agreement_id', 'version', 'accepted_at'])
      .where('customer_id', '=', customerId)
      .orderBy('accepted_at', 'desc')
      .execute(),
  ]);
  return AGREEMENTS.filter((agreement) => agreement.appliesTo === 'all' || agreement.appliesTo === customer.type).map((agreement) => {
    const latest = accepted.find((row) => row.agreement_id === agreement.id);
    const acceptance = latest
      ? { acceptedAt: latest.accepted_at.toISOString(), acceptedVersion: latest.version }
      : { acceptedAt: customer.created_at.toISOString(), acceptedVersion: agreement.version };
    return {
      id: agreement.id,
      title: agreementWords(agreement.id, audience).title,
      version: agreement.version,
      effectiveDate: agreement.effectiveDate,
      ...acceptance,
    };
  });
}

/**
 * The agreement as a PDF made out to the customer, on the brand's letterhead: their name and number,
 * the version, when they accepted it, and its text: the brand's words in the reader's language
 * (legalLanguage's fallback rule), the frame in the reader's language. An unknown id is refused TA1.
 *
 * @example
 * const { fileName, content } = await agreementPdf(db, customerId, 'terms-of-service', { brand: 'paxum', language: 'ru' });
 */
export async function agreementPdf(
  db: Kysely<Database>,
  customerId: number,
  agreementId: string,
  audience: DocumentAudience = documentAudience(),
  now = new Date(),
): Promise<{ fileName: string; mediaType: 'application/pdf'; content: Buffer }> {
  const agreement = AGREEMENTS.find((candidate) => candidate.id === agreementId);
  if (!agreement) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'id', key: 'server.legal.noAgreement', values: { id: agreementId } }] });
  const [customer, infos] = await Promise.all([customerRow(db, customerId), legalInfo(db, customerId, audience)]);
  const info = infos.find((candidate) => candidate.id === agreement.id);
  const words = agreementWords(agreement.id, audience);
  const name = customerDisplayName(customer, customer.id);
  const t = localeTexts(audience.language);
  const blocks: DocumentBlock[] = [
    {
      kind: 'fields',
      rows: [
        { label: t('pdf.agreement.madeOutTo'), value: name },
        { label: t('pdf.agreement.customerNumber'), value: String(customer.id) },
        {
          label: t('pdf.agreement.accepted'),
          value: info?.acceptedAt
            ? t('pdf.agreement.acceptedValue', { date: formatDate(audience.language, info.acceptedAt), version: info.acceptedVersion ?? agreement.version })
            : t('pdf.agreement.notAccepted'),
        },
      ],
    },
    ...words.sections.flatMap((section): DocumentBlock[] => [
      { kind: 'heading', text: section.heading },
      { kind: 'paragraph', text: section.text },
    ]),
  ];
  return {
    fileName: `${agreement.id}-${agreement.version}.pdf`,
    mediaType: 'application/pdf',
    content: await renderDocument({
      ...audience,
      now,
      title: words.title,
      subtitle: t('pdf.agreement.version', { version: agreement.version, date: formatDate(audience.language, agreement.effectiveDate) }),
      author: name,
      reference: `${words.title} ${agreement.version}`,
      blocks,
    }),
  };
}
