import { sql, type Kysely } from 'kysely';
import type { SignedInUser } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { fatcaDocumentStatuses, type FatcaDocumentStatuses } from '../fatca/certification.ts';
import { identityStatus, isWaiting, profileDocumentStatus, type IdentityStatus, type ProfileDocumentStatus } from '../documents/document-status.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import { limitRequirementsOf } from './limits.ts';

/** The state of the documents a set of requirements (a limit, a due diligence case) asks for. */
export interface RequirementProgress {
  /** How many documents are required. */
  required: number;
  /** How many requirements have at least one upload that is waiting or confirmed. */
  uploaded: number;
  /** Whether any of those uploads is still waiting (the document waiting rule). */
  waiting: boolean;
}

/**
 * Everything the account verification status (document 000 section 4) is decided from, as the server
 * knows it. status.ts turns these facts into one of the ten states, the required actions and the checklist.
 */
export interface VerificationFacts {
  customerType: 'personal' | 'business';
  /** A business user without balance-info access: a representative, whose status is always checked. */
  representative: boolean;
  verified: boolean;
  limited: boolean;
  limitDocuments: RequirementProgress;
  dueDiligence: {
    level?: number;
    duplicateDocuments: boolean;
    documents: RequirementProgress;
  };
  /** Always false now (document 000 section 4, state 4). */
  cardDocumentRequired: boolean;
  fatca: FatcaDocumentStatuses;
  address: 'missing' | 'invalid' | 'valid';
  /** A personal customer's proof of address; a business's proof of business address. */
  proofOfResidence: ProfileDocumentStatus;
  /** A personal customer's proof of identity; a business's registration document. */
  identity: IdentityStatus;
  phoneConfirmed: boolean;
  videoIdentity: 'none' | 'pending' | 'scheduled' | 'completed' | 'rejected';
  needsKyc: boolean;
  /** The customer's documents still waiting (pending, submitted or under investigation). */
  waitingDocuments: number;
}

/** The latest live document of a category. */
function latestOfCategory(db: Kysely<Database>, customerId: number, category: string) {
  return db
    .selectFrom('documents')
    .select(['status_id as statusId', 'expires_date as expiresDate'])
    .where('customer_id', '=', customerId)
    .where('category', '=', category)
    .where('parent_document_id', 'is', null)
    .where('status_id', '!=', DOCUMENT_STATUS.deleted)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Progress over requirements, each with the status ids of its uploads. */
export function requirementProgress(requirements: { statusIds: number[] }[]): RequirementProgress {
  const live = requirements.map((requirement) => requirement.statusIds.filter((id) => isWaiting(id) || id === DOCUMENT_STATUS.confirmed));
  return {
    required: requirements.length,
    uploaded: live.filter((ids) => ids.length > 0).length,
    waiting: live.some((ids) => ids.some(isWaiting)),
  };
}

/** The due diligence case's uploads, as one requirement. */
async function dueDiligenceProgress(db: Kysely<Database>, customerId: number, since: Date | undefined): Promise<RequirementProgress> {
  if (!since) return { required: 0, uploaded: 0, waiting: false };
  const uploads = await db
    .selectFrom('documents')
    .select('status_id')
    .where('customer_id', '=', customerId)
    .where(sql<string>`attributes->>'isDueDiligence'`, '=', 'true')
    .where('created_at', '>=', since)
    .execute();
  return requirementProgress([{ statusIds: uploads.map((upload) => upload.status_id) }]);
}

/**
 * Gathers the verification facts of the customer `user` acts for.
 *
 * @example
 * const facts = await verificationFacts(db, user, customerId, new Date());
 */
export async function verificationFacts(db: Kysely<Database>, user: SignedInUser, customerId: number, now: Date): Promise<VerificationFacts> {
  const customer = await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirstOrThrow();
  const [access, limitRequirements, dueDiligence, fatca, addresses, proofOfResidence, identity, phone, video, kyc, waiting] = await Promise.all([
    db.selectFrom('customer_access').select('rights').where('user_id', '=', user.userId).where('customer_id', '=', customerId).executeTakeFirst(),
    limitRequirementsOf(db, customerId),
    db.selectFrom('due_diligence_cases').selectAll().where('customer_id', '=', customerId).executeTakeFirst(),
    fatcaDocumentStatuses(db, { customerId, representativeInvitationId: null }, now),
    db.selectFrom('addresses').select('address_status').where('customer_id', '=', customerId).orderBy('id').execute(),
    latestOfCategory(db, customerId, customer.type === 'business' ? 'businessAddress' : 'address'),
    latestOfCategory(db, customerId, customer.type === 'business' ? 'businessRegistration' : 'proofOfIdentity'),
    db.selectFrom('phones').select('confirmed').where('customer_id', '=', customerId).orderBy('status').orderBy('id').limit(1).executeTakeFirst(),
    db.selectFrom('video_identity_jobs').select('status').where('customer_id', '=', customerId).orderBy('created_at', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('kyc_requests').select('status').where('customer_id', '=', customerId).executeTakeFirst(),
    db
      .selectFrom('documents')
      .select(db.fn.countAll<string>().as('count'))
      .where('customer_id', '=', customerId)
      .where('status_id', 'in', [DOCUMENT_STATUS.submitted, DOCUMENT_STATUS.pending, DOCUMENT_STATUS.underInvestigate])
      .executeTakeFirstOrThrow(),
  ]);
  const level = dueDiligence?.level ?? customer.due_diligence_level ?? undefined;
  const first = addresses[0];
  return {
    customerType: customer.type,
    representative: !!access && !access.rights.includes('balanceInfo'),
    verified: customer.verified,
    limited: customer.limited,
    limitDocuments: requirementProgress(limitRequirements),
    dueDiligence: {
      ...(level === undefined ? {} : { level }),
      duplicateDocuments: dueDiligence?.duplicate_documents ?? false,
      documents: await dueDiligenceProgress(db, customerId, dueDiligence?.created_at),
    },
    cardDocumentRequired: false,
    fatca,
    address: !first ? 'missing' : first.address_status === 3 || first.address_status === 4 ? 'invalid' : 'valid',
    proofOfResidence: profileDocumentStatus(proofOfResidence, now),
    identity: identityStatus(identity, now),
    phoneConfirmed: phone?.confirmed ?? false,
    videoIdentity: video?.status ?? 'none',
    needsKyc: customer.is_need_kyc || kyc?.status === 'required',
    waitingDocuments: Number(waiting.count),
  };
}
