import type { VerificationFacts } from './facts.ts';

export type { VerificationFacts };

/** The ten account verification states (document 000 section 4). */
export const VERIFICATION_STATES = [
  'checked',
  'limited',
  'processing',
  'verificationProcessing',
  'unverified',
  'duplicateDocuments',
  'duplicateDocumentsUploaded',
  'hasRequiredActions',
  'someCardDocumentRequired',
  'finalReview',
] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** The actions counted as required, each a thing the customer does on the profile. */
export type RequiredAction = 'fatca' | 'address' | 'proofOfResidence' | 'identity' | 'phone' | 'videoIdentity';

const needsAction = (status: string) => status === 'none' || status === 'rejected';

/**
 * The required actions (document 000 section 4), in the order the profile shows them:
 * - the FATCA section, for personal customers only: any of its four forms none or rejected;
 * - the address missing or invalid;
 * - proof of residence expired soon, none or rejected;
 * - identity undefined, name mismatch, rejected or canceled;
 * - phone unconfirmed;
 * - video identity rejected.
 *
 * @example
 * requiredActions(facts).length; // the counter the banner shows
 */
export function requiredActions(facts: VerificationFacts): RequiredAction[] {
  const { fatca } = facts;
  const checks: [RequiredAction, boolean][] = [
    [
      'fatca',
      facts.customerType === 'personal' &&
        [
          fatca.w9FormDocumentStatus,
          fatca.w8BenFormDocumentStatus,
          fatca.certificateOfLossOfNationalityDocumentStatus,
          fatca.taxResidencySelfCertificationDocumentStatus,
        ].some(needsAction),
    ],
    ['address', facts.address !== 'valid'],
    ['proofOfResidence', facts.proofOfResidence === 'expiredSoon' || needsAction(facts.proofOfResidence)],
    ['identity', ['undefined', 'nameMismatch', 'rejected', 'canceled'].includes(facts.identity)],
    ['phone', !facts.phoneConfirmed],
    ['videoIdentity', facts.videoIdentity === 'rejected'],
  ];
  return checks.filter(([, required]) => required).map(([action]) => action);
}

/**
 * All requirements uploaded, and some of those uploads still waiting (the document waiting rule).
 *
 * @example
 * uploadedAndWaiting({ required: 2, uploaded: 2, waiting: true }); // true
 */
export const uploadedAndWaiting = (progress: VerificationFacts['limitDocuments']) =>
  progress.required > 0 && progress.uploaded === progress.required && progress.waiting;

/** What the account verification status is, and the actions behind it. */
export interface VerificationStatus {
  state: VerificationState;
  requiredActions: RequiredAction[];
}

/**
 * The account verification status, evaluated in the documents' order; the first match wins:
 * 1. a representative user: checked;
 * 2. limited: processing if all limit documents were uploaded and are waiting, else limited;
 * 3. due diligence duplicate documents: duplicateDocumentsUploaded if uploaded, else duplicateDocuments;
 * 4. card document required (never true now): someCardDocumentRequired;
 * 5. any required action: hasRequiredActions;
 * 6. not verified: processing if limit documents are uploaded; else unverified if actions remain
 *    (KYC to answer, due diligence or limit documents to upload); else verificationProcessing if
 *    anything is pending; else checked for a business and finalReview for a personal customer;
 * 7. otherwise checked.
 *
 * @example
 * verificationStatus(facts); // { state: 'hasRequiredActions', requiredActions: ['fatca', 'identity', 'phone'] }
 */
export function verificationStatus(facts: VerificationFacts): VerificationStatus {
  const actions = requiredActions(facts);
  const state = ((): VerificationState => {
    if (facts.representative) return 'checked';
    if (facts.limited) return uploadedAndWaiting(facts.limitDocuments) ? 'processing' : 'limited';
    if (facts.dueDiligence.duplicateDocuments) {
      const { documents } = facts.dueDiligence;
      return documents.uploaded > 0 && documents.uploaded === documents.required ? 'duplicateDocumentsUploaded' : 'duplicateDocuments';
    }
    if (facts.cardDocumentRequired) return 'someCardDocumentRequired';
    if (actions.length > 0) return 'hasRequiredActions';
    if (!facts.verified) {
      if (uploadedAndWaiting(facts.limitDocuments)) return 'processing';
      const dueDiligenceOpen = facts.dueDiligence.documents.required > facts.dueDiligence.documents.uploaded;
      const limitOpen = facts.limitDocuments.required > facts.limitDocuments.uploaded;
      if (facts.needsKyc || dueDiligenceOpen || limitOpen) return 'unverified';
      if (facts.waitingDocuments > 0 || facts.videoIdentity === 'pending' || facts.videoIdentity === 'scheduled') return 'verificationProcessing';
      return facts.customerType === 'business' ? 'checked' : 'finalReview';
    }
    return 'checked';
  })();
  return { state, requiredActions: actions };
}

/** One thing on the customer's checklist: a required action, the KYC questionnaire or the limit documents. */
export interface ChecklistItem {
  action: RequiredAction | 'kyc' | 'limit';
  /**
   * A business's item: its documents are the company's (registration document, proof of business address,
   * uploaded on the company documents), its phone the company's, its KYC questionnaire its own variant.
   */
  variant?: 'business';
}

/**
 * What keeps the account from being verified, in the order the unverified-account screen lists it:
 * the required actions, then the KYC questionnaire while it is asked for, then the limit documents
 * while some are still to upload. Every item of a business says so (`variant: 'business'`), so the
 * screens name the company's documents and lead to them rather than to a person's profile.
 *
 * @example
 * checklist(facts); // [{ action: 'fatca' }, { action: 'identity' }, { action: 'kyc' }]
 * checklist(businessFacts); // [{ action: 'identity', variant: 'business' }, { action: 'kyc', variant: 'business' }]
 */
export function checklist(facts: VerificationFacts): ChecklistItem[] {
  const variant = facts.customerType === 'business' ? ({ variant: 'business' } as const) : {};
  const items: ChecklistItem[] = requiredActions(facts).map((action) => ({ action, ...variant }));
  if (facts.needsKyc) items.push({ action: 'kyc', ...variant });
  if (facts.limitDocuments.required > facts.limitDocuments.uploaded) items.push({ action: 'limit', ...variant });
  return items;
}
