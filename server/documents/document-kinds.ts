import { documentTypeById } from '../dictionaries/data.ts';
import { localeTexts, type Language } from '../i18n/texts.ts';

/**
 * The documents the verification area and its tax forms (server/fatca/) ask for, by kind: the
 * document category (document 000 section 3) and the document type id it is stored with, from the
 * document types dictionary (schemas/data/document-types.json). The four tax forms have type ids of
 * their own (901 to 905) in the 'other' category, which only these areas file.
 */
export const DOCUMENT_KINDS = {
  identityDocument: { category: 'proofOfIdentity', documentTypeId: 1 },
  proofOfAddress: { category: 'address', documentTypeId: 10 },
  sourceOfWealth: { category: 'sourceOfWealth', documentTypeId: 50 },
  proofOfPayment: { category: 'other', documentTypeId: 99 },
  explanationLetter: { category: 'other', documentTypeId: 99 },
  bankStatement: { category: 'other', documentTypeId: 99 },
  w9Form: { category: 'other', documentTypeId: 901 },
  w8BenForm: { category: 'other', documentTypeId: 902 },
  certificateOfLossOfNationality: { category: 'other', documentTypeId: 903 },
  taxResidencySelfCertification: { category: 'other', documentTypeId: 904 },
  w8BenEForm: { category: 'other', documentTypeId: 905 },
} as const;

export type DocumentKind = keyof typeof DOCUMENT_KINDS;

/** The kinds a customer may be asked to upload for a limit or a due diligence case. */
export const UPLOADABLE_KINDS = ['identityDocument', 'proofOfAddress', 'sourceOfWealth', 'proofOfPayment', 'explanationLetter', 'bankStatement'] as const;
export type UploadableKind = (typeof UPLOADABLE_KINDS)[number];

/**
 * What each restriction reason (document 000 section 3: expired documents 1, unpaid invoice 2,
 * sanctions 3, adverse media 4, account investigation 5) requires the customer to upload.
 */
export const LIMIT_REASON_REQUIREMENTS: Record<number, UploadableKind[]> = {
  1: ['identityDocument', 'proofOfAddress'],
  2: ['proofOfPayment'],
  3: ['identityDocument', 'sourceOfWealth'],
  4: ['explanationLetter', 'sourceOfWealth'],
  5: ['bankStatement', 'explanationLetter'],
};

/**
 * A document type's name in the reader's language (locales/<language>/profile.json `documentTypes.<id>`,
 * the names the application's pickers show), else as the document types dictionary says it; an unknown
 * id is `fallback` (the stored type id, said in the language).
 *
 * @example
 * documentTypeName(30, 'es'); // 'Certificado de constitución'
 * documentTypeName(904, 'ru'); // 'Самостоятельное подтверждение налогового резидентства'
 */
export function documentTypeName(documentTypeId: number, language: Language): string {
  const t = localeTexts(language);
  const key = `documentTypes.${documentTypeId}`;
  if (t.has(key)) return t(key);
  return documentTypeById(documentTypeId)?.name ?? t('profile.document.unknownType', { id: documentTypeId });
}
