import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SandboxHelpdeskTicketsTable } from '../db/schema.ts';
import type { HelpDesk, HelpDeskStatus, HelpDeskThread, HelpDeskTicket, HelpDeskTicketField, HelpDeskUpload } from './helpdesk.ts';

/** The name the sandbox signs agent replies with when the tester leaves it empty. */
export const SANDBOX_AGENT_NAME = 'Support agent';

const choices = (...values: string[]) => values.map((value) => ({ value, label: value }));

/**
 * The sandbox desk's new-ticket form (GET /ticketsFields), as an administrator of a real desk sets it up:
 * a subject, a description and a category picklist the customer may leave empty.
 */
export const SANDBOX_TICKET_FIELDS: HelpDeskTicketField[] = [
  { name: 'subject', required: true, choices: [] },
  { name: 'description', required: true, choices: [] },
  { name: 'category', required: false, choices: choices('Accounts', 'Cards', 'Transfers', 'Verification', 'Other') },
];

/**
 * The subject the sandbox keeps: its tickets have no category column, so a chosen category leads the
 * subject ("[Cards] Card declined"), where the agent and the customer both see it.
 */
export const sandboxSubject = (subject: string, category?: string) => (category ? `[${category}] ${subject}` : subject);

type TicketRow = Selectable<SandboxHelpdeskTicketsTable>;

/** The newest thread of each ticket, by ticket id. */
async function lastThreads(db: Kysely<Database>, ticketIds: string[]): Promise<Map<string, { createdAt: Date; direction: 'in' | 'out' }>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sandbox_helpdesk_threads')
    .distinctOn('ticket_id')
    .select(['ticket_id', 'created_at', 'direction'])
    .where('ticket_id', 'in', ticketIds)
    .orderBy('ticket_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.ticket_id, { createdAt: row.created_at, direction: row.direction }]));
}

async function toTickets(db: Kysely<Database>, rows: TicketRow[]): Promise<HelpDeskTicket[]> {
  const last = await lastThreads(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const thread = last.get(row.id);
    return {
      id: row.id,
      ticketNumber: String(row.ticket_number),
      contactId: row.contact_id,
      subject: row.subject,
      status: row.status,
      lastThread: thread ? { createdAt: thread.createdAt, to: thread.direction === 'out' ? 'customer' : 'desk' } : null,
      customerReadAt: row.customer_read_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
}

/** Adds a thread and moves the ticket's update time (and status, when given) in one transaction. */
async function addThread(
  db: Kysely<Database>,
  ticketId: string,
  thread: { direction: 'in' | 'out'; authorName: string; content: string; attachment?: HelpDeskUpload | undefined },
  status?: HelpDeskStatus,
): Promise<HelpDeskThread> {
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const row = await trx
      .insertInto('sandbox_helpdesk_threads')
      .values({
        ticket_id: ticketId,
        direction: thread.direction,
        author_name: thread.authorName,
        content: thread.content,
        attachment_name: thread.attachment?.fileName ?? null,
        attachment_type: thread.attachment?.mediaType ?? null,
        attachment_content: thread.attachment?.content ?? null,
        created_at: now,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('sandbox_helpdesk_tickets')
      .set({ updated_at: now, ...(status ? { status } : {}) })
      .where('id', '=', ticketId)
      .execute();
    return {
      id: String(row.id),
      direction: thread.direction,
      authorName: thread.authorName,
      content: thread.content,
      attachment: thread.attachment ? { fileName: thread.attachment.fileName, mediaType: thread.attachment.mediaType } : null,
      createdAt: row.created_at,
    };
  });
}

/**
 * The sandbox help desk: tickets, threads and the customer's read timestamp in our database, so a
 * tester can answer as the agent on /sandbox/helpdesk and the customer sees it as from the real desk.
 *
 * @example
 * const desk = sandboxHelpDesk(db);
 * const ticket = await desk.createTicket(contact, { subject: 'Card', content: 'My card is blocked' });
 */
export function sandboxHelpDesk(db: Kysely<Database>): HelpDesk {
  return {
    async listTickets(contact, { from, limit }) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('sandbox_helpdesk_tickets')
          .selectAll()
          .where('contact_id', '=', contact.id)
          .orderBy('updated_at', 'desc')
          .orderBy('ticket_number', 'desc')
          .offset(from - 1)
          .limit(limit)
          .execute(),
        db
          .selectFrom('sandbox_helpdesk_tickets')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('contact_id', '=', contact.id)
          .executeTakeFirstOrThrow(),
      ]);
      return { tickets: await toTickets(db, rows), total: Number(count.n) };
    },

    async findTicket(_contact, ticketNumber) {
      const number = Number(ticketNumber);
      if (!Number.isSafeInteger(number)) return null;
      const row = await db.selectFrom('sandbox_helpdesk_tickets').selectAll().where('ticket_number', '=', number).executeTakeFirst();
      return row ? (await toTickets(db, [row]))[0]! : null;
    },

    async conversations(_contact, ticketId, limit) {
      const rows = await db
        .selectFrom('sandbox_helpdesk_threads')
        .select(['id', 'direction', 'author_name', 'content', 'attachment_name', 'attachment_type', 'created_at'])
        .where('ticket_id', '=', ticketId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map((row) => ({
        id: String(row.id),
        direction: row.direction,
        authorName: row.author_name,
        content: row.content,
        attachment: row.attachment_name ? { fileName: row.attachment_name, mediaType: row.attachment_type ?? 'application/octet-stream' } : null,
        createdAt: row.created_at,
      }));
    },

    async ticketFields() {
      return SANDBOX_TICKET_FIELDS;
    },

    async createTicket(contact, { subject, category, content, attachment }) {
      const id = randomUUID();
      await db
        .insertInto('sandbox_helpdesk_tickets')
        .values({ id, contact_id: contact.id, contact_email: contact.email, contact_name: contact.name, subject: sandboxSubject(subject, category) })
        .execute();
      await addThread(db, id, { direction: 'in', authorName: contact.name, content, attachment });
      const row = await db.selectFrom('sandbox_helpdesk_tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return (await toTickets(db, [row]))[0]!;
    },

    async addCustomerThread(ticketId, contact, message) {
      // The customer writing again reopens a ticket the desk had closed, as help desks do.
      return addThread(db, ticketId, { direction: 'in', authorName: contact.name, ...message }, 'Open');
    },

    async setCustomerReadAt(_contact, ticketId, readAt) {
      await db.updateTable('sandbox_helpdesk_tickets').set({ customer_read_at: readAt }).where('id', '=', ticketId).execute();
    },

    async attachment(_contact, ticketId, threadId) {
      if (!/^[0-9]{1,9}$/.test(threadId)) return null;
      const row = await db
        .selectFrom('sandbox_helpdesk_threads')
        .select(['attachment_name', 'attachment_type', 'attachment_content'])
        .where('ticket_id', '=', ticketId)
        .where('id', '=', Number(threadId))
        .executeTakeFirst();
      if (!row?.attachment_name || !row.attachment_content) return null;
      // PGlite answers a bytea as a Uint8Array, PostgreSQL as a Buffer.
      return { fileName: row.attachment_name, mediaType: row.attachment_type ?? 'application/octet-stream', content: Buffer.from(row.attachment_content) };
    },
  };
}

/** The agent's side of the sandbox desk, for the /sandbox/helpdesk page. */
export const sandboxAgent = {
  /** Every ticket, most recently active first, with its contact. */
  async tickets(db: Kysely<Database>, limit = 100) {
    const rows = await db
      .selectFrom('sandbox_helpdesk_tickets')
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('ticket_number', 'desc')
      .limit(limit)
      .execute();
    const tickets = await toTickets(db, rows);
    return rows.map((row, index) => ({ ...tickets[index]!, contactName: row.contact_name, contactEmail: row.contact_email }));
  },

  /** An agent answers; the ticket takes the status the agent chose (Open by default). */
  async reply(db: Kysely<Database>, ticketId: string, reply: { authorName: string; content: string; status: HelpDeskStatus }): Promise<HelpDeskThread> {
    return addThread(db, ticketId, { direction: 'out', authorName: reply.authorName || SANDBOX_AGENT_NAME, content: reply.content }, reply.status);
  },

  /** Changes a ticket's status without a message (close, close without reply, put on hold). */
  async setStatus(db: Kysely<Database>, ticketId: string, status: HelpDeskStatus): Promise<void> {
    await db.updateTable('sandbox_helpdesk_tickets').set({ status, updated_at: new Date() }).where('id', '=', ticketId).execute();
  },
};
