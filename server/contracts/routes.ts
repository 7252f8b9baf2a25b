import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  documentAudience,
  formatDate,
  localeTexts,
  renderDocument,
  requestLanguage,
  type DocumentBlock,
  type DocumentAudience,
} from '../documents/pdf/index.ts';
import { acceptFormBodies } from '../http/form-bodies.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { escapeHtml, sandboxPage } from '../sandbox/page.ts';
import { ESIGN_SIGNATURE_HEADER, esignMac, readSignToken, type ContractSigningProvider } from './e-signature.ts';
import { contractSigningCallback } from './rest-handlers.ts';
import { contractViews, partyContract } from './service.ts';

type View = Awaited<ReturnType<typeof contractViews>>[number] & {
  id: number;
  status: string;
  percentage: number;
  activeFrom: string;
  activeTo?: string;
  note?: string;
  company: { title: string };
  sender: { name: string };
  beneficiary: { name: string };
  senderSignerName: string;
  beneficiarySignerName: string;
  senderObligations: string[];
  beneficiaryObligations: string[];
  senderSignedAt?: string;
  beneficiarySignedAt?: string;
};

/**
 * The contract as a PDF on the brand's letterhead (server/documents/pdf): its parties, company, percentage,
 * obligations, dates and signatures, in the reader's language.
 */
export async function contractPdf(
  db: Kysely<Database>,
  contractId: number,
  customerId: number,
  audience: DocumentAudience = documentAudience(),
): Promise<Buffer> {
  const row = await partyContract(db, contractId, customerId);
  const view = (await contractViews(db, [row], customerId))[0] as View;
  const t = localeTexts(audience.language);
  const date = (value: string) => formatDate(audience.language, value);
  const party = (role: 'sender' | 'beneficiary') => [
    { kind: 'heading', text: t(`pdf.contract.${role}`) } as DocumentBlock,
    {
      kind: 'fields',
      rows: [
        { label: t('pdf.contract.party'), value: view[role].name },
        { label: t('pdf.contract.signer'), value: view[`${role}SignerName`] },
        { label: t('pdf.contract.signed'), value: view[`${role}SignedAt`] ? date(view[`${role}SignedAt`]!.slice(0, 10)) : t('pdf.contract.notSigned') },
      ],
    } as DocumentBlock,
    { kind: 'paragraph', text: `${t('pdf.contract.obligations')}: ${view[`${role}Obligations`].join('; ')}` } as DocumentBlock,
  ];
  return renderDocument({
    ...audience,
    title: t('pdf.contract.title', { id: view.id }),
    reference: t('pdf.contract.title', { id: view.id }),
    blocks: [
      {
        kind: 'fields',
        rows: [
          { label: t('pdf.contract.company'), value: view.company.title },
          { label: t('pdf.contract.percentage'), value: `${view.percentage} %`, strong: true },
          { label: t('pdf.contract.activeFrom'), value: date(view.activeFrom) },
          ...(view.activeTo ? [{ label: t('pdf.contract.activeTo'), value: date(view.activeTo) }] : []),
          { label: t('pdf.contract.status'), value: view.status },
        ],
      },
      { kind: 'paragraph', text: t('pdf.contract.terms', { percentage: view.percentage }) },
      ...party('sender'),
      ...party('beneficiary'),
      ...(view.note ? [{ kind: 'heading', text: t('pdf.contract.note') } as DocumentBlock, { kind: 'paragraph', text: view.note } as DocumentBlock] : []),
    ],
  });
}

/**
 * The contracts' own routes: the PDF a pdfUrl link serves (`GET /contracts/pdf/:token`, the token signed
 * for one party and valid an hour), the e-signature provider's callback (`POST /esign/callback`, its body
 * signed in X-Esign-Signature, checked by the provider's adapter, server/contracts/e-signature.ts) and,
 * with sandboxes, the sandbox provider's signing page (`/sandbox/esign/:token`), embedded by the contract
 * screen, whose Sign button delivers the provider's signed callback to `POST /esign/callback` over HTTP
 * (the server's own request injection), as a real provider would.
 */
export async function contractRoutes(
  app: FastifyInstance,
  options: { db: Kysely<Database>; brand: string; sandboxes: boolean; adapters: { contractSigning: ContractSigningProvider } },
): Promise<void> {
  const { db } = options;
  const provider = options.adapters.contractSigning;
  app.get<{ Params: { token: string } }>('/contracts/pdf/:token', async (request, reply) => {
    const signed = readSignToken(request.params.token);
    if (!signed) return reply.code(403).send({ responseCode: '13' });
    try {
      const pdf = await contractPdf(db, signed.contractId, signed.customerId, {
        brand: options.brand,
        language: requestLanguage(request.headers['accept-language']),
      });
      return reply.type('application/pdf').header('content-disposition', `inline; filename="contract-${signed.contractId}.pdf"`).send(pdf);
    } catch (error) {
      if (error instanceof RpcRefusal) return reply.code(404).send({ responseCode: error.code });
      throw error;
    }
  });

  // The provider signs the exact bytes it sends: in its own scope, the callback's JSON body is kept as text,
  // checked against the signature, and only then parsed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post<{ Body: string }>('/esign/callback', async (request, reply) => {
      const signature = request.headers[ESIGN_SIGNATURE_HEADER] as string | undefined;
      try {
        const row = await contractSigningCallback(db, provider, request.body, signature);
        return reply.send({ ok: true, status: row.status });
      } catch (error) {
        if (error instanceof RpcRefusal) return reply.code(error.code === 'AU' ? 401 : 400).send({ responseCode: error.code });
        throw error;
      }
    });
  });

  if (!options.sandboxes) return;
  if (!('callbackSecret' in provider) || typeof provider.callbackSecret !== 'string') {
    throw new Error('The sandbox signing page needs the sandbox e-signature provider: with sandboxes on, adapters.contractSigning is the sandbox.');
  }
  const callbackSecret = provider.callbackSecret;
  acceptFormBodies(app);
  app.get<{ Params: { token: string } }>('/sandbox/esign/:token', { config: { framedBySelf: true } }, async (request, reply) => {
    const signed = readSignToken(request.params.token);
    reply.type('text/html; charset=utf-8');
    if (!signed) return reply.code(403).send(sandboxPage('E-signature', '<p>This signing link is not valid or has expired.</p>'));
    const row = await db.selectFrom('contracts').selectAll().where('id', '=', signed.contractId).executeTakeFirst();
    if (!row) return reply.code(404).send(sandboxPage('E-signature', '<p>No such contract.</p>'));
    const view = (await contractViews(db, [row], signed.customerId))[0] as View;
    const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    return reply.send(
      sandboxPage(
        `Contract #${view.id}`,
        `<article><p class="meta">Company</p><h2>${escapeHtml(view.company.title)}</h2>
<p>${escapeHtml(view.sender.name)} pays ${view.percentage} % of every payment it receives to ${escapeHtml(view.beneficiary.name)}, from ${escapeHtml(view.activeFrom)}${view.activeTo ? ` to ${escapeHtml(view.activeTo)}` : ''}.</p>
<h3>Sender's obligations (${escapeHtml(view.senderSignerName)})</h3>${list(view.senderObligations)}
<h3>Beneficiary's obligations (${escapeHtml(view.beneficiarySignerName)})</h3>${list(view.beneficiaryObligations)}
<p class="meta">Status: ${escapeHtml(view.status)}</p></article>
<form method="post" action="/sandbox/esign/${escapeHtml(request.params.token)}/sign"><button class="primary" type="submit">Sign</button></form>`,
      ),
    );
  });
  app.post<{ Params: { token: string } }>('/sandbox/esign/:token/sign', { config: { framedBySelf: true } }, async (request, reply) => {
    const signed = readSignToken(request.params.token);
    reply.type('text/html; charset=utf-8');
    if (!signed) return reply.code(403).send(sandboxPage('E-signature', '<p>This signing link is not valid or has expired.</p>'));
    // The provider's callback, signed with its secret, posted to the product's /esign/callback as a real provider does.
    const payload = JSON.stringify({ contractId: signed.contractId, customerId: signed.customerId, event: 'signed' });
    const answer = await app.inject({
      method: 'POST',
      url: '/esign/callback',
      payload,
      headers: { 'content-type': 'application/json', [ESIGN_SIGNATURE_HEADER]: esignMac(payload, callbackSecret) },
    });
    if (answer.statusCode !== 200) {
      return reply.code(400).send(sandboxPage('E-signature', '<p role="alert">This contract cannot be signed by you now.</p>'));
    }
    const { status } = answer.json<{ status: string }>();
    return reply.send(sandboxPage('E-signature', `<p role="status">Signed. The contract is now ${escapeHtml(status)}.</p>`));
  });
}
