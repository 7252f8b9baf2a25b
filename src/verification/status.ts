import type { RpcResponse } from '../../generated/methods.ts';

/** What the server knows about the acting customer's verification (verificationStatusGet). */
export type VerificationFacts = RpcResponse<'verificationStatusGet'>['facts'];

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
        [fatca.w9FormDocumentStatus, fatca.w8BenFormDocumentStatus, fatca.certificateOfLossOfNationalityDocumentStatus, fatca.taxResidencySelfCertificationDocumentStatus].some(needsAction),
    ],
    ['address', facts.address !== 'valid'],
    ['proofOfResidence', facts.proofOfResidence === 'expiredSoon' || needsAction(facts.proofOfResidence)],
    ['identity', ['undefined', 'nameMismatch', 'rejected', 'canceled'].includes(facts.identity)],
    ['phone', !facts.phoneConfirmed],
    ['videoIdentity', facts.videoIdentity === 'rejected'],
  ];
  return checks.filter(([, required]) => required).map(([action]) => action);
}

/** All requirements uploaded, and some of those uploads still waiting (the document waiting rule). */
const uploadedAndWaiting = (progress: VerificationFacts['limitDocuments']) =>
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

/** The states the status banner warns about (document 000 section 4, Status banner). */
export type BannerState = 'limited' | 'duplicateDocuments' | 'unverified' | 'hasRequiredActions' | 'someCardDocumentRequired';

/** Where each banner's link goes. */
export const BANNER_LINKS: Record<BannerState, string> = {
  limited: '/limited-account',
  duplicateDocuments: '/unverified-account',
  unverified: '/profile',
  hasRequiredActions: '/profile',
  someCardDocumentRequired: '/profile',
};

/**
 * The banner a state calls for, if any.
 *
 * @example
 * bannerFor('processing'); // undefined
 */
export function bannerFor(state: VerificationState): BannerState | undefined {
  return (Object.keys(BANNER_LINKS) as BannerState[]).find((banner) => banner === state);
}
