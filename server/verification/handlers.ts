import type { RpcHandlerMap } from '../../generated/methods.ts';
import type { Database } from '../db/schema.ts';
import type { Kysely } from 'kysely';
import { fatcaDocumentStatuses, isUsPerson, readCertification, saveCertification, type FatcaSubject } from '../fatca/certification.ts';
import { representativeBySecret } from '../fatca/representatives.ts';
import { requestWFormSigning } from '../fatca/w-forms.ts';
import { readUploadedFile, storeDocument } from '../documents/uploads.ts';
import { kycCustomerInfo, kycRequest, submitKyc, updatePersonalInfo } from '../kyc/kyc.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { DOCUMENT_KINDS } from '../documents/document-kinds.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import { dueDiligenceInfo, uploadDueDiligenceDocument } from './due-diligence.ts';
import { verificationFacts } from './facts.ts';
import { checklist, verificationStatus } from './status.ts';
import { scheduleVideoIdentityJob, startIdentityVerification, verificationSession, videoIdentityJob } from './identity.ts';
import { limitData } from './limit-data.ts';
import { limitReasons, uploadLimitDocument } from './limits.ts';

type VerificationMethods =
  | 'verificationStatusGet'
  | 'customerLimitReasonGet'
  | 'customerLimitDocumentUpload'
  | 'dueDiligenceInfoGet'
  | 'dueDiligenceDocumentUpload'
  | 'kycCustomerInfoGet'
  | 'kycRequestGet'
  | 'kycInfoUpdate'
  | 'kycCustomerPersonalInfoUpdate'
  | 'customerJumioDocumentCreate'
  | 'identityVerificationSessionGet'
  | 'videoIdentityJobGet'
  | 'videoIdentityJobSchedule'
  | 'personalFatcaCrsGet'
  | 'personalFatcaCrsUpdate'
  | 'personalWFormUpload'
  | 'certificateOfLossOfNationalityUpload'
  | 'businessRepresentativeFatcaCrsGet'
  | 'businessRepresentativeFatcaCrsUpdate'
  | 'businessRepresentativeWFormUpload';

/** FATCA/CRS is asked of personal customers (document 000 section 6); a business has its own flow. */
async function personalSubject(ctx: RpcContext): Promise<FatcaSubject & { name: string }> {
  const { customerId } = callerOf(ctx);
  const customer = await ctx.db.selectFrom('customers').select(['type', 'first_name', 'last_name']).where('id', '=', customerId).executeTakeFirstOrThrow();
  if (customer.type !== 'personal') throw new RpcRefusal('13', { key: 'server.verification.personalOnly' });
  return { customerId, representativeInvitationId: null, name: `${customer.first_name ?? ''} ${customer.last_name ?? ''}`.trim() };
}

/** A subject's FATCA/CRS info: answers, the W-form they call for and the four document statuses. */
async function fatcaInfo(db: Kysely<Database>, subject: FatcaSubject) {
  const [certification, statuses] = await Promise.all([readCertification(db, subject), fatcaDocumentStatuses(db, subject, new Date())]);
  return {
    ...(certification ? { certification, wForm: isUsPerson(certification) ? ('w9' as const) : ('w8ben' as const) } : {}),
    statuses,
  };
}

async function representativeAnswer(db: Kysely<Database>, authSecret: string) {
  const invited = await representativeBySecret(db, authSecret, new Date());
  const subject = { customerId: invited.businessCustomerId, representativeInvitationId: invited.invitationId };
  return { invited, subject, answer: { representative: invited.representative, businessName: invited.businessName, fatca: await fatcaInfo(db, subject) } };
}

/**
 * The verification area's methods: status facts, limits, due diligence, KYC, identity verification
 * and video jobs, personal and representative FATCA/CRS. Each acts only on the acting customer's own
 * objects (a limit requirement, a due diligence request); the public ones are reached by the secret
 * of a link (a session token, a video job id, a representative's auth secret).
 */
export const verificationHandlers: Pick<RpcHandlerMap<RpcContext>, VerificationMethods> = {
  async verificationStatusGet(_params, ctx) {
    const { user, customerId } = callerOf(ctx);
    const facts = await verificationFacts(ctx.db, user, customerId, new Date());
    return { facts, status: { ...verificationStatus(facts), checklist: checklist(facts) } };
  },

  async customerLimitReasonGet(_params, ctx) {
    const { customerId } = callerOf(ctx);
    return limitData(ctx.db, customerId);
  },

  async customerLimitDocumentUpload(params, ctx) {
    const { user, customerId } = callerOf(ctx);
    const documentId = await uploadLimitDocument(ctx.db, { customerId, userId: user.userId, requirementId: params.requirementId, file: params.file });
    return { documentId, reasons: await limitReasons(ctx.db, customerId) };
  },

  async dueDiligenceInfoGet(_params, ctx) {
    return { dueDiligence: await dueDiligenceInfo(ctx.db, callerOf(ctx).customerId) };
  },

  async dueDiligenceDocumentUpload(params, ctx) {
    const { user, customerId } = callerOf(ctx);
    const documentId = await uploadDueDiligenceDocument(ctx.db, { customerId, userId: user.userId, file: params.file });
    return { documentId, dueDiligence: await dueDiligenceInfo(ctx.db, customerId) };
  },

  async kycCustomerInfoGet(_params, ctx) {
    return { customerInfo: await kycCustomerInfo(ctx.db, callerOf(ctx).customerId) };
  },

  async kycRequestGet(_params, ctx) {
    return { customerKycRequest: await kycRequest(ctx.db, callerOf(ctx).customerId) };
  },

  async kycInfoUpdate(params, ctx) {
    const { customerId } = callerOf(ctx);
    await submitKyc(ctx.db, customerId, params.answers, new Date());
    return { customerKycRequest: await kycRequest(ctx.db, customerId), customerInfo: await kycCustomerInfo(ctx.db, customerId) };
  },

  async kycCustomerPersonalInfoUpdate(params, ctx) {
    const { customerId } = callerOf(ctx);
    await updatePersonalInfo(ctx.db, customerId, params, new Date());
    return { customerInfo: await kycCustomerInfo(ctx.db, customerId) };
  },

  async customerJumioDocumentCreate(_params, ctx) {
    const { user, customerId } = callerOf(ctx);
    return startIdentityVerification(ctx.db, ctx.adapters, { customerId, userId: user.userId });
  },

  async identityVerificationSessionGet(params, ctx) {
    return { session: await verificationSession(ctx.db, params.workflowRunId, params.token) };
  },

  async videoIdentityJobGet(params, ctx) {
    return { job: await videoIdentityJob(ctx.db, params.id) };
  },

  async videoIdentityJobSchedule(params, ctx) {
    return { job: await scheduleVideoIdentityJob(ctx.db, params.id, new Date(params.scheduledFor), new Date()) };
  },

  async personalFatcaCrsGet(_params, ctx) {
    return fatcaInfo(ctx.db, await personalSubject(ctx));
  },

  async personalFatcaCrsUpdate(params, ctx) {
    const { name, ...subject } = await personalSubject(ctx);
    await saveCertification(ctx.db, subject, params.certification, { signer: name, userId: callerOf(ctx).user.userId, now: new Date() });
    return fatcaInfo(ctx.db, subject);
  },

  async personalWFormUpload(_params, ctx) {
    const { name, ...subject } = await personalSubject(ctx);
    return requestWFormSigning(ctx.db, ctx.adapters, subject, { name, email: callerOf(ctx).user.login }, '/self-certification');
  },

  async certificateOfLossOfNationalityUpload(params, ctx) {
    const { name: _name, ...subject } = await personalSubject(ctx);
    const file = readUploadedFile(params.file.document, 'file.document');
    const documentId = await storeDocument(ctx.db, {
      customerId: subject.customerId,
      ...DOCUMENT_KINDS.certificateOfLossOfNationality,
      createdByUserId: callerOf(ctx).user.userId,
      statusId: DOCUMENT_STATUS.submitted,
      files: [{ role: 'main', ...file }],
    });
    return { documentId, statuses: await fatcaDocumentStatuses(ctx.db, subject, new Date()) };
  },

  async businessRepresentativeFatcaCrsGet(params, ctx) {
    return (await representativeAnswer(ctx.db, params.authSecret)).answer;
  },

  async businessRepresentativeFatcaCrsUpdate(params, ctx) {
    const { invited, subject } = await representativeAnswer(ctx.db, params.authSecret);
    const now = new Date();
    await saveCertification(ctx.db, subject, params.certification, {
      signer: `${invited.representative.firstName} ${invited.representative.lastName}`,
      userId: null,
      now,
    });
    await ctx.db.updateTable('representative_invitations').set({ completed_at: now }).where('id', '=', invited.invitationId).execute();
    return (await representativeAnswer(ctx.db, params.authSecret)).answer;
  },

  async businessRepresentativeWFormUpload(params, ctx) {
    const { invited, subject } = await representativeAnswer(ctx.db, params.authSecret);
    const name = `${invited.representative.firstName} ${invited.representative.lastName}`;
    return requestWFormSigning(ctx.db, ctx.adapters, subject, { name, email: invited.email }, '/self-certification-representative');
  },
};
