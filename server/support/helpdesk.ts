/**
 * The help desk as the product sees it (document 002 section 7, support): a third party holding the
 * customers' support tickets. The server reaches it only through this interface; the sandbox keeps
 * tickets in our database and the REST adapter calls the real desk. Both speak the desk's terms:
 * a ticket has an id (the desk's key) and a ticketNumber (what people quote), threads are messages.
 */

/** Who the tickets belong to: the acting customer as the desk's contact. */
export interface HelpDeskContact {
  /** Our customer id, as the desk's external contact id; tickets are matched to customers by it. */
  id: string;
  email: string;
  name: string;
}

/** The desk statuses the product reads; others read as open. */
export type HelpDeskStatus = 'Open' | 'On Hold' | 'Closed' | 'CLOSED-NO REPLY';

/** A ticket as the desk answers it. */
export interface HelpDeskTicket {
  id: string;
  ticketNumber: string;
  contactId: string;
  subject: string;
  status: string;
  /** The newest thread: when, and whether it was addressed to the customer (an agent wrote) or to the desk. */
  lastThread: { createdAt: Date; to: 'customer' | 'desk' } | null;
  /** The desk's custom field cf_customer_read_at: when the customer last read the ticket. */
  customerReadAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An attachment on a thread (its content is fetched separately, never listed). */
export interface HelpDeskAttachment {
  fileName: string;
  mediaType: string;
}

/** One message of a ticket's conversation. */
export interface HelpDeskThread {
  id: string;
  /** 'in': from the customer to the desk; 'out': from an agent to the customer. */
  direction: 'in' | 'out';
  authorName: string;
  content: string;
  attachment: HelpDeskAttachment | null;
  createdAt: Date;
}

/** A file sent with a message: already checked (type by content, size). */
export interface HelpDeskUpload extends HelpDeskAttachment {
  content: Buffer;
}

/**
 * A field of the desk's new-ticket form (GET /ticketsFields): its name, whether the desk requires it, and
 * for a picklist the values it takes (each with the desk's own wording); a free-text field has none.
 */
export interface HelpDeskTicketField {
  name: string;
  required: boolean;
  choices: { value: string; label: string }[];
}

/** A new message from the customer. */
export interface CustomerMessage {
  content: string;
  attachment?: HelpDeskUpload;
}

/**
 * The help desk's calls the product uses. Implementations: `sandboxHelpDesk` (our database) and
 * `restHelpDesk` (the real desk's REST API, HELPDESK_URL and HELPDESK_TOKEN).
 */
export interface HelpDesk {
  /** GET /tickets: the contact's tickets, most recently active first; `from` is 1-based. */
  listTickets(contact: HelpDeskContact, page: { from: number; limit: number }): Promise<{ tickets: HelpDeskTicket[]; total: number }>;
  /**
   * The ticket with this number, asked as `contact` (a real desk sees only that contact's tickets; the
   * sandbox answers any, so callers always compare `contactId` too); null when none.
   */
  findTicket(contact: HelpDeskContact, ticketNumber: string): Promise<HelpDeskTicket | null>;
  /** GET /tickets/{id}/conversations: the newest `limit` threads, oldest first. */
  conversations(contact: HelpDeskContact, ticketId: string, limit: number): Promise<HelpDeskThread[]>;
  /** GET /ticketsFields: the fields of the desk's new-ticket form, with the choices of its picklists. */
  ticketFields(contact: HelpDeskContact): Promise<HelpDeskTicketField[]>;
  /** POST /tickets (after POST /uploads for the attachment), with the category the desk offered, if any. */
  createTicket(contact: HelpDeskContact, ticket: { subject: string; category?: string | undefined } & CustomerMessage): Promise<HelpDeskTicket>;
  /** POST /tickets/{id}/threads: the customer writes again; a closed ticket reopens. */
  addCustomerThread(ticketId: string, contact: HelpDeskContact, message: CustomerMessage): Promise<HelpDeskThread>;
  /** PUT /tickets/{id} with cf_customer_read_at. */
  setCustomerReadAt(contact: HelpDeskContact, ticketId: string, readAt: Date): Promise<void>;
  /**
   * GET /tickets/{id}/threads/{threadId}, then its attachment's content as a blob: the file of one thread
   * of the ticket; null when the thread is not the ticket's or has no attachment.
   */
  attachment(contact: HelpDeskContact, ticketId: string, threadId: string): Promise<HelpDeskUpload | null>;
}

/**
 * The desk refused or could not be reached. `busy` is its 429 (too many requests): the product stops
 * calling it until `retryAt` instead of adding to the pile (document 002 section 8).
 */
export class HelpDeskUnavailable extends Error {
  override name = 'HelpDeskUnavailable';

  constructor(
    message: string,
    readonly busy = false,
    readonly retryAt?: Date,
  ) {
    super(message);
  }
}
