import type { RpcHandlerMap } from '../../generated/methods.ts';
import { callerOf, type RpcContext } from '../rpc/context.ts';
import {
  contactOf,
  createSupportTicket,
  supportAttachment,
  listSupportTickets,
  markSupportTicketRead,
  replyToSupportTicket,
  supportStats,
  supportTicket,
  supportTicketFields,
} from './tickets.ts';

type SupportMethods =
  | 'supportTicketList'
  | 'supportTicketGet'
  | 'supportTicketCreate'
  | 'supportTicketReply'
  | 'supportTicketMarkRead'
  | 'supportTicketStats'
  | 'supportAttachmentDownload'
  | 'supportTicketFields';

/** The acting customer as the help desk's contact. */
const contact = (ctx: RpcContext) => {
  const { customerId, user } = callerOf(ctx);
  return contactOf(ctx.db, customerId, user.login);
};

/**
 * Support messages (document 002: /messages, support ticket, derived status). Every call goes to the
 * help desk adapter as the acting customer's contact; a ticket number of another customer's ticket
 * is refused 13 before anything is read or written.
 */
export const supportHandlers: Pick<RpcHandlerMap<RpcContext>, SupportMethods> = {
  async supportTicketList(params, ctx) {
    return listSupportTickets(ctx.adapters.helpDesk, await contact(ctx), params);
  },
  async supportTicketGet(params, ctx) {
    return supportTicket(ctx.adapters.helpDesk, await contact(ctx), params.ticketNumber, params.preview);
  },
  async supportTicketCreate(params, ctx) {
    return { ticket: await createSupportTicket(ctx.adapters.helpDesk, await contact(ctx), params) };
  },
  async supportTicketReply(params, ctx) {
    return replyToSupportTicket(ctx.adapters.helpDesk, await contact(ctx), params.ticketNumber, params.message, params.attachment);
  },
  async supportTicketMarkRead(params, ctx) {
    return markSupportTicketRead(ctx.adapters.helpDesk, await contact(ctx), params.ticketNumber);
  },
  async supportTicketStats(_params, ctx) {
    return { unreadTicketNumbers: await supportStats(ctx.adapters.helpDesk, await contact(ctx)) };
  },
  async supportAttachmentDownload(params, ctx) {
    return supportAttachment(ctx.adapters.helpDesk, await contact(ctx), params.ticketNumber, String(params.threadId));
  },
  async supportTicketFields(_params, ctx) {
    return { fields: await supportTicketFields(ctx.adapters.helpDesk, await contact(ctx)) };
  },
};
