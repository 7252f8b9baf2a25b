import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { bearerUser } from '../auth/bearer.ts';
import { resolveActingCustomer } from '../customers/acting-customer.ts';
import type { Database } from '../db/schema.ts';
import { requestLanguage } from '../i18n/texts.ts';
import { codeDescription, RpcRefusal } from '../rpc/response-codes.ts';
import type { HelpDesk } from './helpdesk.ts';
import { contactOf, supportAttachment } from './tickets.ts';

/** What the attachment route needs. */
export interface SupportAttachmentRouteOptions {
  db: Kysely<Database>;
  tokenKey: Uint8Array;
  helpDesk: HelpDesk;
}

/** The address of a message's file, as a link or another client asks it. */
export const supportAttachmentPath = (ticketNumber: string, threadId: string) =>
  `/api/support/tickets/${encodeURIComponent(ticketNumber)}/attachments/${encodeURIComponent(threadId)}`;

/** A file name safe inside a quoted Content-Disposition parameter, with the exact name as filename*. */
function contentDisposition(fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * `GET /api/support/tickets/:ticketNumber/attachments/:threadId`: the file attached to one message of the
 * acting customer's ticket, as a download (its own name and media type, Content-Disposition attachment),
 * with the dispatcher's rules (bearer token, Customer-Id header). Refusals answer JSON in the backend's
 * envelope: AU (401); 13 (403) for another customer's ticket, an unknown one, or a message without a file;
 * UE (503) while the help desk is busy or away.
 *
 * @example
 * await app.register(supportAttachmentRoute, { db, tokenKey, helpDesk: adapters.helpDesk });
 */
export async function supportAttachmentRoute(app: FastifyInstance, options: SupportAttachmentRouteOptions): Promise<void> {
  app.get<{ Params: { ticketNumber: string; threadId: string } }>('/api/support/tickets/:ticketNumber/attachments/:threadId', async (request, reply) => {
    const user = await bearerUser(options.db, options.tokenKey, request);
    const language = requestLanguage(request.headers['accept-language']);
    if (!user) return reply.code(401).send({ responseCode: 'AU', responseDescription: codeDescription('AU', language) });
    const header = request.headers['customer-id'];
    const acting = Array.isArray(header) ? { refused: 'noAccess' as const } : await resolveActingCustomer(options.db, user, header, undefined);
    const denied = { responseCode: '13', responseDescription: codeDescription('13', language) };
    const { ticketNumber, threadId } = request.params;
    if ('refused' in acting || !/^[0-9]{1,12}$/.test(ticketNumber) || !/^[A-Za-z0-9_-]{1,64}$/.test(threadId)) return reply.code(403).send(denied);
    try {
      const file = await supportAttachment(options.helpDesk, await contactOf(options.db, acting.customerId, user.login), ticketNumber, threadId);
      return reply
        .header('Content-Type', file.mediaType)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(file.content, 'base64'));
    } catch (error) {
      if (!(error instanceof RpcRefusal)) throw error;
      if (error.code === 'UE') return reply.code(503).send({ responseCode: 'UE', responseDescription: codeDescription('UE', language) });
      return reply.code(403).send(denied);
    }
  });
}
