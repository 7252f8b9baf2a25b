import type { Kysely } from 'kysely';
import type { SupportThread, SupportTicket } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import { readUploadedFile } from '../documents/uploads.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { HelpDeskUnavailable, type HelpDesk, type HelpDeskContact, type HelpDeskThread, type HelpDeskTicket, type HelpDeskTicketField } from './helpdesk.ts';
import { derivedStatus, isUnread, type DerivedTicketStatus } from './ticket-status.ts';

/** Tickets per help-desk request (document 002 section 9: support tickets fetched 20). */
export const TICKETS_PAGE_SIZE = 20;
/** Messages of a conversation, and of its preview (document 002 section 9). */
export const CONVERSATION_LIMIT = 100;
export const CONVERSATION_PREVIEW_LIMIT = 2;
/**
 * How many of a customer's tickets the stats and the status filters read at most (25 desk pages).
 * The desk cannot filter by the derived status, which depends on the last thread and the time.
 */
const MAX_SCANNED_TICKETS = 500;

/**
 * The acting customer as the help desk's contact: the customer id is the contact's external id, so
 * a business's tickets belong to the business whichever of its users wrote them.
 */
export async function contactOf(db: Kysely<Database>, customerId: number, login: string): Promise<HelpDeskContact> {
  const customer = await db.selectFrom('customers').select(['first_name', 'last_name', 'business_name']).where('id', '=', customerId).executeTakeFirstOrThrow();
  const name = customer.business_name ?? ([customer.first_name, customer.last_name].filter(Boolean).join(' ') || login);
  return { id: String(customerId), email: login, name };
}

/** Runs a help-desk call; a desk that is busy or down becomes a UE answer that says what to do. */
async function atDesk<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof HelpDeskUnavailable) {
      throw new RpcRefusal('UE', {
        key: error.busy ? 'server.support.busy' : 'server.support.unreachable',
      });
    }
    throw error;
  }
}

/** A ticket as the browser gets it. */
export function ticketView(ticket: HelpDeskTicket, now: Date): SupportTicket {
  return {
    id: ticket.id,
    ticketNumber: ticket.ticketNumber,
    subject: ticket.subject,
    status: ticket.status,
    derivedStatus: derivedStatus(ticket, now),
    unread: isUnread(ticket),
    lastThread: ticket.lastThread ? { createdAt: ticket.lastThread.createdAt.toISOString(), to: ticket.lastThread.to } : null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

function threadView(thread: HelpDeskThread): SupportThread {
  return {
    id: thread.id,
    direction: thread.direction,
    authorName: thread.authorName,
    content: thread.content,
    ...(thread.attachment ? { attachment: thread.attachment } : {}),
    createdAt: thread.createdAt.toISOString(),
  };
}

/** Every ticket of the contact up to {@link MAX_SCANNED_TICKETS}, most recently active first. */
async function allTickets(desk: HelpDesk, contact: HelpDeskContact): Promise<HelpDeskTicket[]> {
  const tickets: HelpDeskTicket[] = [];
  for (let from = 1; from <= MAX_SCANNED_TICKETS; from += TICKETS_PAGE_SIZE) {
    const page = await atDesk(desk.listTickets(contact, { from, limit: TICKETS_PAGE_SIZE }));
    tickets.push(...page.tickets);
    if (page.tickets.length < TICKETS_PAGE_SIZE || tickets.length >= page.total) break;
  }
  return tickets;
}

const unreadNumbers = (tickets: HelpDeskTicket[]) => tickets.filter(isUnread).map((ticket) => ticket.ticketNumber);

/**
 * The contact's ticket with this number. Another customer's ticket, or none, is refused 13 alike,
 * so a caller cannot learn which numbers exist.
 */
async function ownTicket(desk: HelpDesk, contact: HelpDeskContact, ticketNumber: string): Promise<HelpDeskTicket> {
  const ticket = await atDesk(desk.findTicket(contact, ticketNumber));
  if (!ticket || ticket.contactId !== contact.id) {
    throw new RpcRefusal('13', { key: 'server.support.notYours', values: { ticket: ticketNumber } });
  }
  return ticket;
}

/** The support stats of document 002 (GET zoho/tickets/stats): the numbers of tickets with an unread answer. */
export async function supportStats(desk: HelpDesk, contact: HelpDeskContact): Promise<string[]> {
  return unreadNumbers(await allTickets(desk, contact));
}

/**
 * One page of the contact's tickets, optionally of one derived status. The contact's tickets are read
 * (as the stats need them anyway) and paged here; past {@link MAX_SCANNED_TICKETS} the desk pages.
 */
export async function listSupportTickets(
  desk: HelpDesk,
  contact: HelpDeskContact,
  { pageNumber = 1, pageSize = TICKETS_PAGE_SIZE, status = 'all' }: { pageNumber?: number; pageSize?: number; status?: 'all' | DerivedTicketStatus },
  now = new Date(),
): Promise<{ tickets: SupportTicket[]; results: number; unreadTicketNumbers: string[] }> {
  const everything = await allTickets(desk, contact);
  const start = (pageNumber - 1) * pageSize;
  const unreadTicketNumbers = unreadNumbers(everything);
  if (status === 'all' && everything.length >= MAX_SCANNED_TICKETS) {
    // More tickets than are read at once: the desk pages them.
    const page = await atDesk(desk.listTickets(contact, { from: start + 1, limit: pageSize }));
    return { tickets: page.tickets.map((ticket) => ticketView(ticket, now)), results: page.total, unreadTicketNumbers };
  }
  const matching = status === 'all' ? everything : everything.filter((ticket) => derivedStatus(ticket, now) === status);
  return { tickets: matching.slice(start, start + pageSize).map((ticket) => ticketView(ticket, now)), results: matching.length, unreadTicketNumbers };
}

/** One ticket with its newest 100 messages (2 for a preview), oldest first. */
export async function supportTicket(desk: HelpDesk, contact: HelpDeskContact, ticketNumber: string, preview = false, now = new Date()) {
  const ticket = await ownTicket(desk, contact, ticketNumber);
  const threads = await atDesk(desk.conversations(contact, ticket.id, preview ? CONVERSATION_PREVIEW_LIMIT : CONVERSATION_LIMIT));
  return { ticket: ticketView(ticket, now), conversations: threads.map(threadView) };
}

/**
 * The fields of the desk's new-ticket form (GET /ticketsFields) with the choices of its picklists: the
 * new-message screen offers the desk's categories, never a list of its own.
 */
export async function supportTicketFields(desk: HelpDesk, contact: HelpDeskContact): Promise<HelpDeskTicketField[]> {
  return atDesk(desk.ticketFields(contact));
}

/**
 * The category a new ticket is filed under, checked against the desk's picklist: one it does not offer
 * is refused TA1 on the field, and so is none where the desk requires one.
 */
async function checkedCategory(desk: HelpDesk, contact: HelpDeskContact, category: string | undefined): Promise<string | undefined> {
  const field = (await supportTicketFields(desk, contact)).find((candidate) => candidate.name === 'category');
  const refuse = (key: string) => new RpcRefusal('TA1', { validationErrors: [{ field: 'category', key }] });
  if (!category) {
    if (field?.required) throw refuse('server.support.categoryRequired');
    return undefined;
  }
  if (!field?.choices.some((choice) => choice.value === category)) throw refuse('server.support.categoryUnknown');
  return category;
}

/** Opens a ticket with the customer's first message, the category chosen from the desk's, and optional file. */
export async function createSupportTicket(
  desk: HelpDesk,
  contact: HelpDeskContact,
  { subject, category, message, attachment }: { subject: string; category?: string | undefined; message: string; attachment?: string | undefined },
  now = new Date(),
): Promise<SupportTicket> {
  const file = attachment ? readUploadedFile(attachment, 'attachment') : undefined;
  const filed = await checkedCategory(desk, contact, category);
  const ticket = await atDesk(
    desk.createTicket(contact, {
      subject: subject.trim(),
      ...(filed ? { category: filed } : {}),
      content: message.trim(),
      ...(file ? { attachment: file } : {}),
    }),
  );
  return ticketView(ticket, now);
}

/** The customer writes again on their ticket, optionally with one file (checked as a new ticket's). */
export async function replyToSupportTicket(
  desk: HelpDesk,
  contact: HelpDeskContact,
  ticketNumber: string,
  message: string,
  attachment?: string,
  now = new Date(),
) {
  const file = attachment ? readUploadedFile(attachment, 'attachment') : undefined;
  const ticket = await ownTicket(desk, contact, ticketNumber);
  const thread = await atDesk(desk.addCustomerThread(ticket.id, contact, { content: message.trim(), ...(file ? { attachment: file } : {}) }));
  const updated = (await atDesk(desk.findTicket(contact, ticketNumber))) ?? ticket;
  return { ticket: ticketView(updated, now), thread: threadView(thread) };
}

/** Marks the ticket read: stores the read time at the desk (cf_customer_read_at) and reads the stats again. */
export async function markSupportTicketRead(desk: HelpDesk, contact: HelpDeskContact, ticketNumber: string, now = new Date()) {
  const ticket = await ownTicket(desk, contact, ticketNumber);
  await atDesk(desk.setCustomerReadAt(contact, ticket.id, now));
  return { ticket: ticketView({ ...ticket, customerReadAt: now }, now), unreadTicketNumbers: await supportStats(desk, contact) };
}

/**
 * The file attached to one message of the contact's ticket, as the browser saves it: its name, its media
 * type and its bytes in base64. Another customer's ticket is refused 13; a message of another ticket, or
 * one without a file, is refused 13 too (nothing tells which).
 *
 * @example
 * const file = await supportAttachment(desk, contact, '1001', '7'); // { fileName: 'receipt.pdf', mediaType: 'application/pdf', content: 'JVBERi0…' }
 */
export async function supportAttachment(desk: HelpDesk, contact: HelpDeskContact, ticketNumber: string, threadId: string) {
  const ticket = await ownTicket(desk, contact, ticketNumber);
  const file = await atDesk(desk.attachment(contact, ticket.id, threadId));
  if (!file) throw new RpcRefusal('13', { key: 'server.support.noAttachment' });
  return { fileName: file.fileName, mediaType: file.mediaType, content: file.content.toString('base64') };
}
