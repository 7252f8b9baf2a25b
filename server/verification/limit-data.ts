import type { Kysely } from 'kysely';
import type { RpcResponse } from '../../generated/methods.ts';
import type { Database } from '../db/schema.ts';
import { requirementProgress } from './facts.ts';
import { limitReasons } from './limits.ts';
import { uploadedAndWaiting } from './status.ts';

/** The answer of customerLimitReasonGet. */
export type LimitData = RpcResponse<'customerLimitReasonGet'>;

/**
 * The limit data of a customer (document 000 section 3): its reasons, each with its required documents
 * and their uploads; the same requirements one after another, each with its reason and whether a
 * document is still to be uploaded; and the state the limited-account screen says, by the rule the
 * verification status uses (processing once every requirement has an upload waiting or confirmed and
 * some are waiting).
 *
 * @example
 * const { state, requirements } = await limitData(db, customerId); // 'limited', [{ requirementId: 7, reasonId: 1, uploadNeeded: true, … }]
 */
export async function limitData(db: Kysely<Database>, customerId: number): Promise<LimitData> {
  const customer = await db.selectFrom('customers').select('limited').where('id', '=', customerId).executeTakeFirstOrThrow();
  const reasons = await limitReasons(db, customerId);
  const requirements = reasons.flatMap((reason) =>
    reason.requirementDocuments.map((requirement) => ({
      ...requirement,
      limitReasonId: reason.limitReasonId,
      reasonId: reason.reasonId,
      uploadNeeded: requirementProgress([{ statusIds: requirement.uploadedDocuments.map((document) => document.statusId) }]).uploaded === 0,
    })),
  );
  const progress = requirementProgress(requirements.map((requirement) => ({ statusIds: requirement.uploadedDocuments.map((document) => document.statusId) })));
  const state = !customer.limited && reasons.length === 0 ? 'notLimited' : uploadedAndWaiting(progress) ? 'processing' : 'limited';
  return { limited: customer.limited, reasons, state, requirements };
}
