import type { HelpDeskTicket } from './helpdesk.ts';

/** How long an answered ticket counts as new (document 002 section 9: new window two weeks). */
export const NEW_TICKET_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/** The status the customer sees (document 002 section 4, support ticket derived status). */
export type DerivedTicketStatus = 'new' | 'open' | 'closed';

/** When anything last happened on the ticket: its newest thread, else its last update. */
export function lastActivity(ticket: Pick<HelpDeskTicket, 'lastThread' | 'updatedAt'>): Date {
  return ticket.lastThread?.createdAt ?? ticket.updatedAt;
}

/**
 * closed when the desk closed it; new when the desk closed it without a reply ('CLOSED-NO REPLY') or
 * an agent wrote last, and that was within two weeks; open otherwise.
 *
 * @example
 * derivedStatus({ status: 'Open', lastThread: { createdAt: yesterday, to: 'customer' }, updatedAt: yesterday }, now); // 'new'
 */
export function derivedStatus(ticket: Pick<HelpDeskTicket, 'status' | 'lastThread' | 'updatedAt'>, now: Date): DerivedTicketStatus {
  if (ticket.status === 'Closed') return 'closed';
  const answered = ticket.status === 'CLOSED-NO REPLY' || ticket.lastThread?.to === 'customer';
  const recent = now.getTime() - lastActivity(ticket).getTime() <= NEW_TICKET_WINDOW_MS;
  return answered && recent ? 'new' : 'open';
}

/**
 * Unread: an agent wrote last and the customer has not read the ticket since (cf_customer_read_at
 * unset or older than that message).
 */
export function isUnread(ticket: Pick<HelpDeskTicket, 'lastThread' | 'customerReadAt'>): boolean {
  const last = ticket.lastThread;
  if (!last || last.to !== 'customer') return false;
  return !ticket.customerReadAt || ticket.customerReadAt.getTime() < last.createdAt.getTime();
}
