import type { Kysely } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import type { AccountResolution } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { ownRepresentativeRow } from '../profile/access.ts';
import { sendForSigning, signingRequestForUpdate } from '../fatca/w-forms.ts';

/** Account resolution statuses: sent and waiting for its signers, then signed. */
export const RESOLUTION_STATUS = { sent: 1, signed: 2 } as const;

/**
 * Sends the company's account resolution naming `businessRepresentativeIds`, signed by `signerIds`
 * (each one of the company's representatives; a signer must be one the resolution names).
 */
export async function sendResolution(
  db: Kysely<Database>,
  caller: { customerId: number; userId: number },
  params: { businessRepresentativeIds: (number | string)[]; signers: (number | string)[] },
) {
  const named: Awaited<ReturnType<typeof ownRepresentativeRow>>[] = [];
  for (const id of params.businessRepresentativeIds) named.push(await ownRepresentativeRow(db, caller.customerId, id));
  const ids = named.map((row) => row.id);
  const signers = params.signers.map((id, index) => {
    const row = named.find((item) => item.id === Number(id));
    if (!row) throw new RpcRefusal('TA1', { validationErrors: [{ field: `signers.${index}`, key: 'server.companyDocuments.signerNotNamed' }] });
    return {
      businessRepresentativeId: row.id,
      name: row.entity === 'company' ? (row.company_name ?? '') : `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
      signed: false,
    };
  });
  await db
    .insertInto('business_resolutions')
    .values({
      customer_id: caller.customerId,
      business_representative_ids: JSON.stringify(ids),
      status_id: RESOLUTION_STATUS.sent,
      signers: JSON.stringify(signers),
      created_by_user_id: caller.userId,
    })
    .execute();
  return resolutionOf(db, caller.customerId);
}

/** The company's latest account resolution, if it sent one. */
export async function resolutionOf(db: Kysely<Database>, customerId: number): Promise<{ accountResolution?: AccountResolution }> {
  const row = await db.selectFrom('business_resolutions').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').executeTakeFirst();
  if (!row) return {};
  return {
    accountResolution: {
      id: row.id,
      businessRepresentativeIds: row.business_representative_ids,
      // The column holds only RESOLUTION_STATUS ids.
      statusId: row.status_id as AccountResolution['statusId'],
      signers: row.signers,
      sent: row.created_at.toISOString(),
    },
  };
}

/** A company statement's answers by name: yes/no or a text. */
export type StatementAnswers = Record<string, string | boolean | undefined>;

/** A company statement: its declarations or its prohibited escort statement. */
export type StatementKind = 'declarations' | 'prohibitedEscort';

/** The company's answers to a statement and when they were given, if ever. */
export async function statementOf(db: Kysely<Database>, customerId: number, kind: StatementKind): Promise<{ answers?: StatementAnswers; answeredAt?: string }> {
  const row = await db.selectFrom('business_statements').selectAll().where('customer_id', '=', customerId).where('kind', '=', kind).executeTakeFirst();
  return row ? { answers: row.answers, answeredAt: row.answered_at.toISOString() } : {};
}

/** Records the company's answers to a statement (the newest replace the last). */
export async function saveStatement(
  db: Kysely<Database>,
  caller: { customerId: number; userId: number },
  kind: StatementKind,
  answers: StatementAnswers,
  now: Date = new Date(),
) {
  await db
    .insertInto('business_statements')
    .values({ customer_id: caller.customerId, kind, answers: JSON.stringify(answers), answered_by_user_id: caller.userId, answered_at: now })
    .onConflict((conflict) =>
      conflict.columns(['customer_id', 'kind']).doUpdateSet({ answers: JSON.stringify(answers), answered_by_user_id: caller.userId, answered_at: now }),
    )
    .execute();
  return statementOf(db, caller.customerId, kind);
}

/** One signer of a resolution as stored: who, and whether and when they signed. */
type StoredSigner = AccountResolution['signers'][number];

/** The path the e-signature provider sends a signer back to. */
const RESOLUTION_RETURN_PATH = '/company/resolution';

/**
 * Opens the e-signature provider's signing of the company's latest resolution for one of its signers
 * (as W-forms are signed, server/fatca/w-forms.ts) and answers the signData the browser opens. Refused on
 * the field when the resolution is signed already, the representative is not one of its signers, or they
 * have signed.
 *
 * @example
 * const { signData } = await startResolutionSigning(db, adapters, customerId, 12);
 */
export async function startResolutionSigning(
  db: Kysely<Database>,
  adapters: Adapters,
  customerId: number,
  representativeId: number | string,
): Promise<{ signData: { clientId: string; signUrl: string } }> {
  const representative = await ownRepresentativeRow(db, customerId, representativeId);
  const resolution = await db.selectFrom('business_resolutions').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').executeTakeFirst();
  const refuse = (key: string) => new RpcRefusal('TA1', { validationErrors: [{ field: 'businessRepresentativeId', key: `server.companyDocuments.${key}` }] });
  if (!resolution) throw refuse('noResolution');
  if (resolution.status_id === RESOLUTION_STATUS.signed) throw refuse('resolutionSigned');
  const signers: StoredSigner[] = resolution.signers;
  const signer = signers.find((item) => item.businessRepresentativeId === representative.id);
  if (!signer) throw refuse('notASigner');
  if (signer.signed) throw refuse('signedAlready');
  const company = await db.selectFrom('customers').select('business_name').where('id', '=', customerId).executeTakeFirstOrThrow();
  const named = signers.map((item) => item.name).join(', ');
  const signData = await sendForSigning(
    db,
    adapters,
    { customerId, resolution: { resolutionId: resolution.id, businessRepresentativeId: representative.id } },
    {
      formKind: 'resolution',
      signer: { name: signer.name, email: representative.email ?? '' },
      formLines: [
        `Account resolution ${resolution.id} of ${company.business_name ?? ''}`,
        `Representatives it concerns: ${resolution.business_representative_ids.length}`,
        `Signers: ${named}`,
        'I approve this account resolution on behalf of the company.',
      ],
      returnPath: RESOLUTION_RETURN_PATH,
    },
  );
  return { signData };
}

/** An e-signature provider's event about one envelope. */
export type ResolutionSignatureEvent = { event: 'envelope.signed'; envelopeId: string; signedAt: string } | { event: 'envelope.declined'; envelopeId: string };

/**
 * Applies a signing outcome to a resolution: a signed envelope marks its signer signed, and the resolution
 * becomes signed (status 2) once every signer has; a declined one only closes the request, so the signer
 * may sign again. Repeated events are ignored. Answers false for an envelope that is not a resolution's.
 *
 * @example
 * await applyResolutionSignature(db, 'sandbox', { event: 'envelope.signed', envelopeId, signedAt });
 */
export async function applyResolutionSignature(
  db: Kysely<Database>,
  provider: string,
  event: ResolutionSignatureEvent,
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const request = await signingRequestForUpdate(trx, provider, event.envelopeId);
    if (!request || request.form_kind !== 'resolution' || request.resolution_id === null) return false;
    if (request.status !== 'sent') return true;
    if (event.event === 'envelope.declined') {
      await trx.updateTable('e_signature_requests').set({ status: 'declined', updated_at: now }).where('id', '=', request.id).execute();
      return true;
    }
    await trx.updateTable('e_signature_requests').set({ status: 'signed', updated_at: now }).where('id', '=', request.id).execute();
    const resolution = await trx.selectFrom('business_resolutions').selectAll().where('id', '=', request.resolution_id).forUpdate().executeTakeFirstOrThrow();
    const signers = resolution.signers.map((signer) =>
      signer.businessRepresentativeId === request.business_representative_id ? { ...signer, signed: true, signedAt: event.signedAt } : signer,
    );
    const everyoneSigned = signers.every((signer) => signer.signed);
    await trx
      .updateTable('business_resolutions')
      .set({ signers: JSON.stringify(signers), ...(everyoneSigned ? { status_id: RESOLUTION_STATUS.signed } : {}) })
      .where('id', '=', resolution.id)
      .execute();
    return true;
  });
}
