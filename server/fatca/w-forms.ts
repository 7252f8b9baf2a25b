import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import type { Database, WFormKind } from '../db/schema.ts';
import { storeDocument } from '../documents/uploads.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { DOCUMENT_KINDS, type DocumentKind } from '../documents/document-kinds.ts';
import { DOCUMENT_STATUS } from '../documents/statuses.ts';
import { signedWFormPdf } from '../documents/pdf/forms.ts';
import { isUsPerson, readCertification, type FatcaSubject } from './certification.ts';

/** Where the signer should go after signing: the screen that asked for it. */
export type SigningReturn = '/self-certification' | '/self-certification-representative' | '/self-certification-business';

/** One W-form for one signer, as the e-signature provider shows it. */
export interface WFormToSign {
  formKind: WFormKind;
  signer: { name: string; email: string };
  /** The lines of the form the signer reviews before signing, made from the answers. */
  formLines: string[];
  returnPath: SigningReturn;
}

/** Who a signing request is for, beside its customer: a representative's invitation, or a resolution's signer. */
export interface SigningRequestFor {
  customerId: number;
  representativeInvitationId?: number | null;
  resolution?: { resolutionId: number; businessRepresentativeId: number };
}

/**
 * Sends a form to the e-signature provider and records the request, so the provider's event about the
 * envelope finds what it was for (a W-form filed for the subject, a resolution's signer marked signed);
 * answers the signData the browser opens.
 *
 * @example
 * const signData = await sendForSigning(db, adapters, { customerId: 7 }, { formKind: 'w9', signer, formLines, returnPath: '/self-certification' });
 */
export async function sendForSigning(
  db: Kysely<Database>,
  adapters: Adapters,
  request: SigningRequestFor,
  form: Omit<WFormToSign, 'formKind' | 'returnPath'> & { formKind: WFormKind | 'resolution'; returnPath: string },
): Promise<{ clientId: string; signUrl: string }> {
  const requestId = randomUUID();
  const { envelopeId, clientId, signUrl } = await adapters.eSignature.createEnvelope({ requestId, ...form });
  await db
    .insertInto('e_signature_requests')
    .values({
      id: requestId,
      customer_id: request.customerId,
      representative_invitation_id: request.representativeInvitationId ?? null,
      form_kind: form.formKind,
      provider: adapters.eSignature.name,
      envelope_id: envelopeId,
      client_id: clientId,
      document_id: null,
      ...(request.resolution
        ? { resolution_id: request.resolution.resolutionId, business_representative_id: request.resolution.businessRepresentativeId }
        : {}),
    })
    .execute();
  return { clientId, signUrl };
}

/**
 * The signing request of one envelope of a provider, locked until the transaction ends (an event may be
 * delivered twice at once).
 *
 * @example
 * const request = await signingRequestForUpdate(trx, 'sandbox', envelopeId);
 */
export function signingRequestForUpdate(trx: Transaction<Database>, provider: string, envelopeId: string) {
  return trx
    .selectFrom('e_signature_requests')
    .selectAll()
    .where('provider', '=', provider)
    .where('envelope_id', '=', envelopeId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Sends a W-form to the e-signature provider for a subject (see `sendForSigning`).
 *
 * @example
 * const signData = await sendWFormForSigning(db, adapters, subject, { formKind: 'w9', signer, formLines, returnPath: '/self-certification' });
 */
export function sendWFormForSigning(
  db: Kysely<Database>,
  adapters: Adapters,
  subject: FatcaSubject,
  form: WFormToSign,
): Promise<{ clientId: string; signUrl: string }> {
  return sendForSigning(db, adapters, subject, form);
}

/**
 * Sends the W-form a subject's answers call for (W-9 for a US person, W-8BEN otherwise) to the
 * e-signature provider, and answers the signData the browser opens. Refused with TA1 until the
 * subject has answered the self-certification questions.
 *
 * @example
 * const { formKind, signData } = await requestWFormSigning(db, adapters, subject, { name, email }, '/self-certification');
 */
export async function requestWFormSigning(
  db: Kysely<Database>,
  adapters: Adapters,
  subject: FatcaSubject,
  signer: { name: string; email: string },
  returnPath: SigningReturn,
): Promise<{ formKind: 'w9' | 'w8ben'; signData: { clientId: string; signUrl: string } }> {
  const answers = await readCertification(db, subject);
  if (!answers) {
    throw new RpcRefusal('TA1', { key: 'server.fatca.answerFirst' });
  }
  const formKind = isUsPerson(answers) ? 'w9' : 'w8ben';
  const residency = answers.taxResidencies[0]!;
  const signData = await sendWFormForSigning(db, adapters, subject, {
    formKind,
    signer,
    formLines: [
      `Name: ${signer.name}`,
      `Country of tax residence: ${residency.countryCode}`,
      `Tax identification number: ${residency.taxId ?? 'not issued'}`,
      formKind === 'w9' ? 'I certify that I am a U.S. person.' : 'I certify that I am not a U.S. person and am the beneficial owner of the income.',
    ],
    returnPath,
  });
  return { formKind, signData };
}

/** The document kind each signed W-form is filed as. */
const SIGNED_FORM_KINDS: Record<WFormKind, DocumentKind> = { w9: 'w9Form', w8ben: 'w8BenForm', w8bene: 'w8BenEForm' };

/** An e-signature provider's webhook event. */
export type SignatureEvent =
  { event: 'envelope.signed'; envelopeId: string; signedName: string; signedAt: string } | { event: 'envelope.declined'; envelopeId: string; reason?: string };

/**
 * Applies a signing outcome: a signed envelope files the signed W-form (pending, for compliance to
 * check), so its document status moves from none to pending; a declined one only closes the request
 * and the form stays to be signed. Repeated events are ignored. Answers false for an envelope that is
 * not a W-form's.
 *
 * @example
 * await applySignatureEvent(db, 'sandbox', { event: 'envelope.signed', envelopeId, signedName: 'Anna Novak', signedAt });
 */
export async function applySignatureEvent(db: Kysely<Database>, provider: string, event: SignatureEvent): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const request = await signingRequestForUpdate(trx, provider, event.envelopeId);
    // A resolution's signature is the company documents' to apply (applyResolutionSignature).
    if (!request || request.form_kind === 'resolution') return false;
    if (request.status !== 'sent') return true;
    const now = new Date();
    if (event.event === 'envelope.declined') {
      await trx.updateTable('e_signature_requests').set({ status: 'declined', updated_at: now }).where('id', '=', request.id).execute();
      return true;
    }
    const kind = SIGNED_FORM_KINDS[request.form_kind];
    const documentId = await storeDocument(trx, {
      customerId: request.customer_id,
      ...DOCUMENT_KINDS[kind],
      createdByUserId: null,
      statusId: DOCUMENT_STATUS.pending,
      attributes: {
        signatureRequestId: request.id,
        ...(request.representative_invitation_id === null ? {} : { representativeInvitationId: String(request.representative_invitation_id) }),
      },
      files: [
        {
          role: 'main',
          fileName: `${request.form_kind}-signed.pdf`,
          mediaType: 'application/pdf',
          content: await signedWFormPdf(request.form_kind, event),
        },
      ],
    });
    await trx.updateTable('e_signature_requests').set({ status: 'signed', document_id: documentId, updated_at: now }).where('id', '=', request.id).execute();
    return true;
  });
}
