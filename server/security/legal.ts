import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { documentAudience, formatDate, localeTexts, renderDocument, type DocumentAudience, type DocumentBlock } from '../documents/pdf/index.ts';
import { customerDisplayName } from '../customers/display-name.ts';

/** An agreement the product keeps with its customers, in its current version. */
interface AgreementText {
  id: 'terms-of-service' | 'privacy-policy' | 'account-agreement';
  title: string;
  version: string;
  effectiveDate: string;
  /** Which customers it binds. */
  appliesTo: 'all' | 'personal' | 'business';
  sections: { heading: string; text: string }[];
}

/**
 * The agreements and their current versions. A new version is a new entry text here: customers
 * who accepted an older one see that they have not accepted this one yet.
 */
export const AGREEMENTS: readonly AgreementText[] = [
  {
    id: 'terms-of-service',
    title: 'Terms of Service',
    version: '2026.1',
    effectiveDate: '2026-01-01',
    appliesTo: 'all',
    sections: [
      {
        heading: '1. The service',
        text: 'These terms govern your use of the online payment and banking service: multi-currency accounts, transfers, cards, invoices and merchant tools, through the web application and the mobile applications.',
      },
      {
        heading: '2. Your account',
        text: 'You keep your password and second factors secret, and tell us at once if you believe someone else has used them. You may limit sign-ins to the network addresses you trust (IP allow-list) in the security settings.',
      },
      {
        heading: '3. Payments',
        text: 'A payment you approve is final once executed. You may refuse payments to recipients you choose by adding them to your payout blacklist.',
      },
      {
        heading: '4. Fees',
        text: 'Fees are shown before you approve a payment and in the published price list. We tell you of changes at least two months before they apply.',
      },
      {
        heading: '5. Ending the agreement',
        text: 'You may close your account at any time. We may end this agreement with two months notice, or at once where the law requires it.',
      },
    ],
  },
  {
    id: 'privacy-policy',
    title: 'Privacy Policy',
    version: '2025.3',
    effectiveDate: '2025-09-15',
    appliesTo: 'all',
    sections: [
      {
        heading: '1. What we collect',
        text: 'Your identity and contact details, the documents you upload for verification, your transactions, and the devices and network addresses you sign in from.',
      },
      {
        heading: '2. Why',
        text: 'To provide the service, to meet our duties against money laundering and fraud, to keep your account secure (for example the sign-in history you can read in the settings), and, only with your consent, to send you news and offers.',
      },
      {
        heading: '3. Your rights',
        text: 'You may see, correct and, where the law allows, erase your data, and choose which notifications you receive in the notification settings.',
      },
    ],
  },
  {
    id: 'account-agreement',
    title: 'Account Agreement',
    version: '2026.1',
    effectiveDate: '2026-02-01',
    appliesTo: 'all',
    sections: [
      {
        heading: '1. Accounts',
        text: 'Your accounts hold electronic money in the currencies you open. Balances do not earn interest and are safeguarded in segregated accounts.',
      },
      { heading: '2. Limits', text: 'Limits depend on your verification status. Until your identity is verified, some payments may be unavailable.' },
      { heading: '3. Statements', text: 'Your transaction history and statements are available in the application at any time and for at least six years.' },
    ],
  },
];

/**
 * The current Terms of Service as the public terms page shows them.
 *
 * @example
 * termsOfService(); // { title: 'Terms of Service', version: '2026.1', effectiveDate: '2026-01-01', sections: [...] }
 */
export function termsOfService(): Pick<AgreementText, 'title' | 'version' | 'effectiveDate' | 'sections'> {
  const { title, version, effectiveDate, sections } = AGREEMENTS.find((agreement) => agreement.id === 'terms-of-service')!;
  return { title, version, effectiveDate, sections: sections.map((section) => ({ ...section })) };
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
export async function legalInfo(db: Kysely<Database>, customerId: number): Promise<AgreementInfo[]> {
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
    return { id: agreement.id, title: agreement.title, version: agreement.version, effectiveDate: agreement.effectiveDate, ...acceptance };
  });
}

/**
 * The agreement as a PDF made out to the customer, on the brand's letterhead: their name and number,
 * the version, when they accepted it, and its text. The frame is in the reader's language; the terms
 * are the binding English text. An unknown id is refused TA1.
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
  const [customer, infos] = await Promise.all([customerRow(db, customerId), legalInfo(db, customerId)]);
  const info = infos.find((candidate) => candidate.id === agreement.id);
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
    ...(audience.language === 'en' ? [] : [{ kind: 'note' as const, text: t('pdf.agreement.englishText') }]),
    ...agreement.sections.flatMap((section): DocumentBlock[] => [
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
      title: agreement.title,
      subtitle: t('pdf.agreement.version', { version: agreement.version, date: formatDate(audience.language, agreement.effectiveDate) }),
      author: name,
      reference: `${agreement.title} ${agreement.version}`,
      blocks,
    }),
  };
}
