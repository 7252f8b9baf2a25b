import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { storeDocument } from '../documents/uploads.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { DOCUMENT_KINDS } from '../documents/document-kinds.ts';
import type { IdentityVerificationProvider } from './providers.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import { identityReportPdf } from '../documents/pdf/forms.ts';
import { enqueueEvent } from '../webhooks/index.ts';
import { notifyCustomer } from '../notifications/notifications.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A started identity verification: where the product shows it and where the provider hosts it. */
export interface StartedVerification {
  workflowRunId: string;
  token: string;
  /** The product's screen of the session: /identity-verification/<workflowRunId>/<token>. */
  sessionPath: string;
  /** The provider's page the customer completes the verification on. */
  redirectUrl: string;
}

/**
 * Opens an identity verification for a customer at the provider: a workflow run with a secret token
 * (only its hash is kept), so the session screen can be opened without signing in, e.g. on a phone.
 *
 * @example
 * const { redirectUrl } = await startIdentityVerification(db, adapters, { customerId, userId });
 */
export async function startIdentityVerification(
  db: Kysely<Database>,
  adapters: { identityVerification: IdentityVerificationProvider },
  by: { customerId: number; userId: number | null },
): Promise<StartedVerification> {
  const customer = await db
    .selectFrom('customers')
    .select(['first_name', 'last_name', 'business_name'])
    .where('id', '=', by.customerId)
    .executeTakeFirstOrThrow();
  const workflowRunId = randomUUID();
  const token = randomBytes(24).toString('base64url');
  const sessionPath = `/identity-verification/${workflowRunId}/${token}`;
  const provider = adapters.identityVerification;
  const { sessionId, url } = await provider.startSession({
    workflowRunId,
    expectedName: { firstName: customer.first_name ?? '', lastName: customer.last_name ?? customer.business_name ?? '' },
    returnPath: sessionPath,
  });
  await db
    .insertInto('identity_verification_runs')
    .values({
      workflow_run_id: workflowRunId,
      customer_id: by.customerId,
      token_hash: hashToken(token),
      provider: provider.name,
      provider_session_id: sessionId,
      provider_url: url,
      reject_reason: null,
      document_id: null,
      created_by_user_id: by.userId,
    })
    .execute();
  return { workflowRunId, token, sessionPath, redirectUrl: url };
}

/** An identity verification session as its screen shows it. */
export interface VerificationSession {
  workflowRunId: string;
  status: 'started' | 'completed' | 'failed' | 'videoRequested';
  providerUrl: string;
  created: string;
  rejectReason?: string;
  videoIdentityJobId?: string;
  identityDocumentStatusId?: number;
}

/**
 * A session by its workflow run id and token; a wrong token is refused like an unknown run (13), so
 * the answer never tells whether a run exists.
 *
 * @example
 * const session = await verificationSession(db, workflowRunId, token);
 */
export async function verificationSession(db: Kysely<Database>, workflowRunId: string, token: string): Promise<VerificationSession> {
  const run = await db
    .selectFrom('identity_verification_runs as run')
    .leftJoin('documents as document', 'document.id', 'run.document_id')
    .leftJoin('video_identity_jobs as video', 'video.workflow_run_id', 'run.workflow_run_id')
    .select([
      'run.workflow_run_id',
      'run.token_hash',
      'run.status',
      'run.provider_url',
      'run.created_at',
      'run.reject_reason',
      'video.id as videoId',
      'document.status_id as documentStatusId',
    ])
    .where('run.workflow_run_id', '=', workflowRunId)
    .executeTakeFirst();
  const given = Buffer.from(hashToken(token));
  if (!run || given.length !== run.token_hash.length || !timingSafeEqual(given, Buffer.from(run.token_hash))) throw new RpcRefusal('13');
  return {
    workflowRunId: run.workflow_run_id,
    status: run.status,
    providerUrl: run.provider_url,
    created: run.created_at.toISOString(),
    ...(run.reject_reason ? { rejectReason: run.reject_reason } : {}),
    ...(run.videoId ? { videoIdentityJobId: run.videoId } : {}),
    ...(run.documentStatusId !== null ? { identityDocumentStatusId: run.documentStatusId } : {}),
  };
}

/** The document the provider read, as its webhook reports it. */
export interface ReadDocument {
  documentType: 'passport' | 'idCard' | 'drivingLicence';
  number: string;
  firstName: string;
  lastName: string;
  issuedDate?: string;
  expiresDate?: string;
}

/** An identity provider's webhook event. */
export type IdentityEvent =
  | { event: 'session.completed'; sessionId: string; document: ReadDocument }
  | { event: 'session.failed'; sessionId: string; reason: string }
  | { event: 'session.videoRequested'; sessionId: string }
  | { event: 'video.completed'; sessionId: string; document: ReadDocument }
  | { event: 'video.rejected'; sessionId: string; reason: string };

const IDENTITY_DOCUMENT_TYPES: Record<ReadDocument['documentType'], number> = { passport: 1, idCard: 4, drivingLicence: 5 };

const sameName = (a: string, b: string) => a.trim().localeCompare(b.trim(), 'en', { sensitivity: 'base' }) === 0;

/** Files the identity document a provider confirmed, a name mismatch when the names differ. */
async function fileIdentityDocument(
  trx: Kysely<Database>,
  run: { workflow_run_id: string; customer_id: number; provider: string },
  read: ReadDocument | { rejectReason: string },
): Promise<number> {
  const customer = await trx.selectFrom('customers').select(['first_name', 'last_name']).where('id', '=', run.customer_id).executeTakeFirstOrThrow();
  const rejected = 'rejectReason' in read;
  const nameMatches = !rejected && sameName(read.firstName, customer.first_name ?? '') && sameName(read.lastName, customer.last_name ?? '');
  const statusId = rejected ? DOCUMENT_STATUS.rejected : nameMatches ? DOCUMENT_STATUS.confirmed : DOCUMENT_STATUS.nameMismatch;
  const report = await identityReportPdf(
    { provider: run.provider, workflowRunId: run.workflow_run_id },
    'rejectReason' in read ? read : { ...read, nameMatches },
  );
  const documentId = await storeDocument(trx, {
    customerId: run.customer_id,
    category: DOCUMENT_KINDS.identityDocument.category,
    documentTypeId: rejected ? DOCUMENT_KINDS.identityDocument.documentTypeId : IDENTITY_DOCUMENT_TYPES[read.documentType],
    createdByUserId: null,
    statusId,
    issuedDate: rejected ? null : (read.issuedDate ?? null),
    expiresDate: rejected ? null : (read.expiresDate ?? null),
    attributes: { verifiedBy: run.provider, workflowRunId: run.workflow_run_id, ...(rejected ? {} : { number: read.number }) },
    files: [{ role: 'main', fileName: 'identity-verification-report.pdf', mediaType: 'application/pdf', content: report }],
  });
  if (rejected) await trx.updateTable('documents').set({ reject_reason: read.rejectReason }).where('id', '=', documentId).execute();
  // The customer hears the outcome where they are (a tap opens the profile, where the document is).
  const accepted = statusId === DOCUMENT_STATUS.confirmed;
  await notifyCustomer(trx, run.customer_id, {
    type: accepted ? 'documentConfirmed' : 'documentRejected',
    title: { key: accepted ? 'server.notifications.documentConfirmed.title' : 'server.notifications.documentRejected.title' },
    body: accepted
      ? { key: 'server.notifications.documentConfirmed.body' }
      : { key: 'server.notifications.documentRejected.body', values: { reason: rejected ? read.rejectReason : { key: 'server.notifications.nameMismatch' } } },
  });
  return documentId;
}

/** Raises the customer's `verification.finished` webhook event, in the transaction that recorded the outcome. */
async function reportVerificationFinished(
  trx: Transaction<Database>,
  run: { customer_id: number; workflow_run_id: string },
  result: { kind: 'identity' | 'videoIdentity'; outcome: 'completed' | 'failed'; rejectReason?: string },
  now: Date,
): Promise<void> {
  await enqueueEvent(trx, {
    customerId: run.customer_id,
    type: 'verification.finished',
    data: {
      verificationId: run.workflow_run_id,
      kind: result.kind,
      outcome: result.outcome,
      ...(result.rejectReason ? { rejectReason: result.rejectReason.slice(0, 1024) } : {}),
      finishedAt: now.toISOString(),
    },
  });
}

/**
 * Applies a provider's webhook event to its workflow run: a completed session files the identity
 * document (confirmed, or a name mismatch), a failed one a rejected document, a request for video
 * opens a video identity job; a video call's outcome completes or rejects that job the same way.
 * Events for a run already decided are ignored (providers resend), so delivery is idempotent. A finished
 * verification raises the customer's `verification.finished` webhook event in the same transaction.
 * Answers false for a session the product does not know.
 *
 * @example
 * await applyIdentityEvent(db, 'sandbox', { event: 'session.failed', sessionId, reason: 'Document expired' });
 */
export async function applyIdentityEvent(db: Kysely<Database>, provider: string, event: IdentityEvent): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .selectFrom('identity_verification_runs')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_session_id', '=', event.sessionId)
      .forUpdate()
      .executeTakeFirst();
    if (!run) return false;
    const now = new Date();
    if (event.event.startsWith('session.')) {
      if (run.status !== 'started') return true;
      if (event.event === 'session.completed') {
        const documentId = await fileIdentityDocument(trx, run, event.document);
        await trx
          .updateTable('identity_verification_runs')
          .set({ status: 'completed', document_id: documentId, updated_at: now })
          .where('workflow_run_id', '=', run.workflow_run_id)
          .execute();
        await reportVerificationFinished(trx, run, { kind: 'identity', outcome: 'completed' }, now);
      } else if (event.event === 'session.failed') {
        const documentId = await fileIdentityDocument(trx, run, { rejectReason: event.reason });
        await trx
          .updateTable('identity_verification_runs')
          .set({ status: 'failed', reject_reason: event.reason, document_id: documentId, updated_at: now })
          .where('workflow_run_id', '=', run.workflow_run_id)
          .execute();
        await reportVerificationFinished(trx, run, { kind: 'identity', outcome: 'failed', rejectReason: event.reason }, now);
      } else {
        await trx
          .updateTable('identity_verification_runs')
          .set({ status: 'videoRequested', updated_at: now })
          .where('workflow_run_id', '=', run.workflow_run_id)
          .execute();
        await trx
          .insertInto('video_identity_jobs')
          .values({
            id: `vij_${randomBytes(16).toString('base64url')}`,
            customer_id: run.customer_id,
            workflow_run_id: run.workflow_run_id,
            scheduled_for: null,
            reject_reason: null,
          })
          .execute();
      }
      return true;
    }
    const job = await trx.selectFrom('video_identity_jobs').selectAll().where('workflow_run_id', '=', run.workflow_run_id).forUpdate().executeTakeFirst();
    if (!job || job.status !== 'scheduled') return true;
    if (event.event === 'video.completed') {
      const documentId = await fileIdentityDocument(trx, run, event.document);
      await trx.updateTable('video_identity_jobs').set({ status: 'completed', updated_at: now }).where('id', '=', job.id).execute();
      await trx
        .updateTable('identity_verification_runs')
        .set({ status: 'completed', document_id: documentId, updated_at: now })
        .where('workflow_run_id', '=', run.workflow_run_id)
        .execute();
      await reportVerificationFinished(trx, run, { kind: 'videoIdentity', outcome: 'completed' }, now);
    } else if (event.event === 'video.rejected') {
      await trx.updateTable('video_identity_jobs').set({ status: 'rejected', reject_reason: event.reason, updated_at: now }).where('id', '=', job.id).execute();
      await reportVerificationFinished(trx, run, { kind: 'videoIdentity', outcome: 'failed', rejectReason: event.reason }, now);
    }
    return true;
  });
}

/** A video identity job as its screen shows it. */
export interface VideoIdentityJob {
  id: string;
  status: 'pending' | 'scheduled' | 'completed' | 'rejected';
  created: string;
  scheduledFor?: string;
  rejectReason?: string;
  /** The provider's page of the call (the sandbox's, where the tester plays the agent). */
  callUrl?: string;
}

/**
 * A video identity job by its id (a long random id, the link's secret).
 *
 * @example
 * const job = await videoIdentityJob(db, id);
 */
export async function videoIdentityJob(db: Kysely<Database>, id: string): Promise<VideoIdentityJob> {
  const job = await db
    .selectFrom('video_identity_jobs as job')
    .leftJoin('identity_verification_runs as run', 'run.workflow_run_id', 'job.workflow_run_id')
    .select(['job.id', 'job.status', 'job.created_at', 'job.scheduled_for', 'job.reject_reason', 'run.provider_url'])
    .where('job.id', '=', id)
    .executeTakeFirst();
  if (!job) throw new RpcRefusal('13');
  return {
    id: job.id,
    status: job.status,
    created: job.created_at.toISOString(),
    ...(job.scheduled_for ? { scheduledFor: job.scheduled_for.toISOString() } : {}),
    ...(job.reject_reason ? { rejectReason: job.reject_reason } : {}),
    ...(job.status === 'scheduled' && job.provider_url ? { callUrl: `${job.provider_url}/video` } : {}),
  };
}

/**
 * Books (or moves) the video call of a pending or scheduled job; a job already decided is refused
 * with TA1 on `scheduledFor`, as is a time in the past.
 *
 * @example
 * await scheduleVideoIdentityJob(db, id, new Date('2026-06-01T10:00:00Z'), new Date());
 */
export async function scheduleVideoIdentityJob(db: Kysely<Database>, id: string, scheduledFor: Date, now: Date): Promise<VideoIdentityJob> {
  if (scheduledFor.getTime() < now.getTime()) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'scheduledFor', key: 'server.verification.futureTime' }] });
  }
  const updated = await db
    .updateTable('video_identity_jobs')
    .set({ status: 'scheduled', scheduled_for: scheduledFor, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'scheduled'])
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) {
    await videoIdentityJob(db, id); // 13 when unknown
    throw new RpcRefusal('TA1', { validationErrors: [{ field: 'scheduledFor', key: 'server.verification.callOver' }] });
  }
  return videoIdentityJob(db, id);
}
