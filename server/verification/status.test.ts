import { describe, expect, it } from 'vitest';
import { checklist, requiredActions, verificationStatus, VERIFICATION_STATES, type VerificationFacts, type VerificationState } from './status.ts';

/** A verified personal customer with nothing to do: checked. Each case changes what it tests. */
const verifiedPersonal: VerificationFacts = {
  customerType: 'personal',
  representative: false,
  verified: true,
  limited: false,
  limitDocuments: { required: 0, uploaded: 0, waiting: false },
  dueDiligence: { duplicateDocuments: false, documents: { required: 0, uploaded: 0, waiting: false } },
  cardDocumentRequired: false,
  fatca: {
    w9FormDocumentStatus: 'notRequired',
    w8BenFormDocumentStatus: 'validated',
    certificateOfLossOfNationalityDocumentStatus: 'notRequired',
    taxResidencySelfCertificationDocumentStatus: 'validated',
  },
  address: 'valid',
  proofOfResidence: 'validated',
  identity: 'confirmed',
  phoneConfirmed: true,
  videoIdentity: 'none',
  needsKyc: false,
  waitingDocuments: 0,
};

type Change = Partial<Omit<VerificationFacts, 'fatca' | 'dueDiligence'>> & {
  fatca?: Partial<VerificationFacts['fatca']>;
  dueDiligence?: Partial<VerificationFacts['dueDiligence']>;
};
const facts = (change: Change = {}): VerificationFacts => ({
  ...verifiedPersonal,
  ...change,
  fatca: { ...verifiedPersonal.fatca, ...change.fatca },
  dueDiligence: { ...verifiedPersonal.dueDiligence, ...change.dueDiligence },
});

const allUploadedWaiting = { required: 2, uploaded: 2, waiting: true };
const partlyUploaded = { required: 2, uploaded: 1, waiting: true };
const unverified = { verified: false } as const;

const STATE_CASES: [string, Change, VerificationState][] = [
  ['nothing to do: checked', {}, 'checked'],
  ['1. a representative is checked whatever else holds', { representative: true, limited: true, phoneConfirmed: false, verified: false }, 'checked'],
  ['2. limited with nothing uploaded', { limited: true, limitDocuments: { required: 2, uploaded: 0, waiting: false } }, 'limited'],
  ['2. limited with some documents uploaded', { limited: true, limitDocuments: partlyUploaded }, 'limited'],
  ['2. limited, all uploaded and waiting: processing', { limited: true, limitDocuments: allUploadedWaiting }, 'processing'],
  ['2. limited, all uploaded but already confirmed: still limited', { limited: true, limitDocuments: { required: 2, uploaded: 2, waiting: false } }, 'limited'],
  ['2. limited wins over required actions', { limited: true, phoneConfirmed: false }, 'limited'],
  [
    '3. duplicate documents, none uploaded',
    { dueDiligence: { duplicateDocuments: true, documents: { required: 1, uploaded: 0, waiting: false } } },
    'duplicateDocuments',
  ],
  [
    '3. duplicate documents uploaded',
    { dueDiligence: { duplicateDocuments: true, documents: { required: 1, uploaded: 1, waiting: true } } },
    'duplicateDocumentsUploaded',
  ],
  ['3. duplicate documents win over required actions', { phoneConfirmed: false, dueDiligence: { duplicateDocuments: true } }, 'duplicateDocuments'],
  ['4. card document required', { cardDocumentRequired: true, phoneConfirmed: false }, 'someCardDocumentRequired'],
  ['5. a required action on a verified account', { phoneConfirmed: false }, 'hasRequiredActions'],
  ['5. required actions win over the unverified flag', { ...unverified, identity: 'undefined' }, 'hasRequiredActions'],
  ['6. unverified, limit documents uploaded and waiting: processing', { ...unverified, limitDocuments: allUploadedWaiting }, 'processing'],
  ['6. unverified, KYC to answer', { ...unverified, needsKyc: true }, 'unverified'],
  [
    '6. unverified, due diligence document to upload',
    { ...unverified, dueDiligence: { level: 1, documents: { required: 1, uploaded: 0, waiting: false } } },
    'unverified',
  ],
  ['6. unverified, limit documents still to upload', { ...unverified, limitDocuments: partlyUploaded }, 'unverified'],
  ['6. unverified, documents waiting', { ...unverified, waitingDocuments: 2, identity: 'pending' }, 'verificationProcessing'],
  ['6. unverified, video call scheduled', { ...unverified, videoIdentity: 'scheduled' }, 'verificationProcessing'],
  ['6. unverified personal, all done: final review', unverified, 'finalReview'],
  ['6. unverified business, all done: checked', { ...unverified, customerType: 'business' }, 'checked'],
  ['7. verified with documents waiting is still checked', { waitingDocuments: 3 }, 'checked'],
];

describe('verificationStatus: the ten states in order, first match wins', () => {
  it.each(STATE_CASES)('%s', (_name, change, state) => {
    expect(verificationStatus(facts(change)).state).toBe(state);
  });

  it('reaches every one of the ten states', () => {
    const reached = new Set(STATE_CASES.map(([, change]) => verificationStatus(facts(change)).state));
    expect([...reached].sort()).toEqual([...VERIFICATION_STATES].sort());
  });
});

const COUNT_CASES: [string, Change, string[]][] = [
  ['nothing', {}, []],
  ['FATCA: a form none', { fatca: { w8BenFormDocumentStatus: 'none' } }, ['fatca']],
  ['FATCA: a form rejected', { fatca: { taxResidencySelfCertificationDocumentStatus: 'rejected' } }, ['fatca']],
  [
    'FATCA: all four missing count once',
    {
      fatca: {
        w9FormDocumentStatus: 'none',
        w8BenFormDocumentStatus: 'none',
        certificateOfLossOfNationalityDocumentStatus: 'none',
        taxResidencySelfCertificationDocumentStatus: 'none',
      },
    },
    ['fatca'],
  ],
  ['FATCA: pending is not an action', { fatca: { w8BenFormDocumentStatus: 'pending' } }, []],
  ['FATCA: never for a business', { customerType: 'business', fatca: { w8BenFormDocumentStatus: 'none' } }, []],
  ['address missing', { address: 'missing' }, ['address']],
  ['address invalid', { address: 'invalid' }, ['address']],
  ['proof of residence expiring soon', { proofOfResidence: 'expiredSoon' }, ['proofOfResidence']],
  ['proof of residence none', { proofOfResidence: 'none' }, ['proofOfResidence']],
  ['proof of residence rejected', { proofOfResidence: 'rejected' }, ['proofOfResidence']],
  ['proof of residence pending is not an action', { proofOfResidence: 'pending' }, []],
  ['identity undefined', { identity: 'undefined' }, ['identity']],
  ['identity name mismatch', { identity: 'nameMismatch' }, ['identity']],
  ['identity rejected', { identity: 'rejected' }, ['identity']],
  ['identity canceled', { identity: 'canceled' }, ['identity']],
  ['identity pending is not an action', { identity: 'pending' }, []],
  ['phone unconfirmed', { phoneConfirmed: false }, ['phone']],
  ['video identity rejected', { videoIdentity: 'rejected' }, ['videoIdentity']],
  ['video identity scheduled is not an action', { videoIdentity: 'scheduled' }, []],
  [
    'all six at once',
    {
      fatca: { w9FormDocumentStatus: 'none' },
      address: 'missing',
      proofOfResidence: 'none',
      identity: 'undefined',
      phoneConfirmed: false,
      videoIdentity: 'rejected',
    },
    ['fatca', 'address', 'proofOfResidence', 'identity', 'phone', 'videoIdentity'],
  ],
];

describe('requiredActions: what is counted', () => {
  it.each(COUNT_CASES)('%s', (_name, change, actions) => {
    expect(requiredActions(facts(change))).toEqual(actions);
    expect(verificationStatus(facts(change)).requiredActions).toHaveLength(actions.length);
  });
});

describe('checklist: the required actions, then KYC, then the limit documents', () => {
  it('lists nothing for a customer with nothing to do', () => {
    expect(checklist(facts())).toEqual([]);
  });
  it('adds the KYC questionnaire, a business its own variant, and the limit documents still to upload', () => {
    expect(checklist(facts({ phoneConfirmed: false, needsKyc: true, limitDocuments: partlyUploaded }))).toEqual([
      { action: 'phone' },
      { action: 'kyc' },
      { action: 'limit' },
    ]);
    expect(checklist(facts({ customerType: 'business', needsKyc: true }))).toEqual([{ action: 'kyc', variant: 'business' }]);
  });
  it("marks every item of a business as the business's, so the screens lead to the company documents", () => {
    expect(checklist(facts({ customerType: 'business', phoneConfirmed: false, identity: 'undefined', limitDocuments: partlyUploaded }))).toEqual([
      { action: 'identity', variant: 'business' },
      { action: 'phone', variant: 'business' },
      { action: 'limit', variant: 'business' },
    ]);
  });
  it('leaves out limit documents all uploaded', () => {
    expect(checklist(facts({ limitDocuments: allUploadedWaiting }))).toEqual([]);
  });
});
