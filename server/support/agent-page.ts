import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { escapeHtml, sandboxPage } from '../sandbox/page.ts';
import type { HelpDeskStatus } from './helpdesk.ts';
import { sandboxAgent, SANDBOX_AGENT_NAME } from './sandbox-helpdesk.ts';
import { acceptFormBodies } from '../http/form-bodies.ts';

type Form = Record<string, string>;

const STATUSES: HelpDeskStatus[] = ['Open', 'On Hold', 'Closed', 'CLOSED-NO REPLY'];
const isStatus = (value: string): value is HelpDeskStatus => (STATUSES as string[]).includes(value);

const time = (date: Date) => `<time datetime="${date.toISOString()}">${escapeHtml(date.toISOString().replace('T', ' ').slice(0, 16))} UTC</time>`;

const html = (reply: FastifyReply, title: string, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').send(sandboxPage(title, body));

/** The sandbox ticket with this number, with its contact; undefined when none. */
async function ticketByNumber(db: Kysely<Database>, ticketNumber: string) {
  const number = Number(ticketNumber);
  if (!Number.isSafeInteger(number)) return undefined;
  return db.selectFrom('sandbox_helpdesk_tickets').selectAll().where('ticket_number', '=', number).executeTakeFirst();
}

/**
 * The sandbox help desk's agent desk (/sandbox/helpdesk): a tester sees every ticket customers wrote
 * and answers as the support agent, or closes a ticket, exactly as an agent would at the real desk.
 * The customer then sees the answer as new and unread under /messages. Registered only when
 * sandboxes are on.
 */
export async function helpDeskAgentPage(app: FastifyInstance, options: { db: Kysely<Database> }): Promise<void> {
  const { db } = options;
  acceptFormBodies(app);

  app.get('/sandbox/helpdesk', async (_request, reply) => {
    const tickets = await sandboxAgent.tickets(db);
    const rows = tickets
      .map(
        (ticket) => `<article>
  <h2><a href="/sandbox/helpdesk/tickets/${escapeHtml(ticket.ticketNumber)}">#${escapeHtml(ticket.ticketNumber)} ${escapeHtml(ticket.subject)}</a></h2>
  <p class="meta">${escapeHtml(ticket.contactName)} &lt;${escapeHtml(ticket.contactEmail)}&gt; · ${escapeHtml(ticket.status)} · ${
    ticket.lastThread?.to === 'desk' ? '<strong>waiting for an agent</strong>' : 'answered'
  } · ${time(ticket.updatedAt)}</p>
</article>`,
      )
      .join('\n');
    return html(
      reply,
      'Help desk',
      `<p>You are a support agent at the help desk. Open a ticket to answer the customer.</p>\n${rows || '<p>No tickets yet. Tickets customers write under Messages appear here.</p>'}`,
    );
  });

  app.get<{ Params: { ticketNumber: string } }>('/sandbox/helpdesk/tickets/:ticketNumber', async (request, reply) => {
    const ticket = await ticketByNumber(db, request.params.ticketNumber);
    if (!ticket) return html(reply, 'Ticket not found', '<p>No ticket has this number. <a href="/sandbox/helpdesk">Back to the tickets</a></p>', 404);
    const threads = await db
      .selectFrom('sandbox_helpdesk_threads')
      .select(['direction', 'author_name', 'content', 'attachment_name', 'created_at'])
      .where('ticket_id', '=', ticket.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const conversation = threads
      .map(
        (thread) => `<article>
  <h3>${thread.direction === 'in' ? 'Customer' : 'Agent'}: ${escapeHtml(thread.author_name)}</h3>
  <p class="meta">${time(thread.created_at)}${thread.attachment_name ? ` · attachment ${escapeHtml(thread.attachment_name)}` : ''}</p>
  <pre>${escapeHtml(thread.content)}</pre>
</article>`,
      )
      .join('\n');
    const options = STATUSES.map((status) => `<option${status === 'Open' ? ' selected' : ''}>${escapeHtml(status)}</option>`).join('');
    const action = `/sandbox/helpdesk/tickets/${ticket.ticket_number}`;
    const body = `<p><a href="/sandbox/helpdesk">All tickets</a></p>
<p class="meta">From ${escapeHtml(ticket.contact_name)} &lt;${escapeHtml(ticket.contact_email)}&gt; · status ${escapeHtml(ticket.status)} · customer read ${
      ticket.customer_read_at ? time(ticket.customer_read_at) : 'never'
    }</p>
${conversation}
<form method="post" action="${action}">
  <p><label for="content">Your answer</label><br><textarea id="content" name="content" rows="5" cols="60" required></textarea></p>
  <p><label for="authorName">Sign as</label><br><input id="authorName" name="authorName" value="${SANDBOX_AGENT_NAME}"></p>
  <p><label for="status">Ticket status after the answer</label><br><select id="status" name="status">${options}</select></p>
  <p><button class="primary" name="action" value="reply">Send answer</button></p>
</form>
<form method="post" action="${action}">
  <p><button name="action" value="close">Close ticket</button> <button class="danger" name="action" value="closeNoReply">Close without reply</button></p>
</form>`;
    return html(reply, `Ticket #${ticket.ticket_number}: ${ticket.subject}`, body);
  });

  app.post<{ Params: { ticketNumber: string }; Body: Form }>('/sandbox/helpdesk/tickets/:ticketNumber', async (request, reply) => {
    const ticket = await ticketByNumber(db, request.params.ticketNumber);
    if (!ticket) return html(reply, 'Ticket not found', '<p>No ticket has this number. <a href="/sandbox/helpdesk">Back to the tickets</a></p>', 404);
    const form = request.body ?? {};
    const action = (form.action ?? '').trim();
    if (action === 'reply') {
      const content = (form.content ?? '').trim();
      const status = (form.status ?? 'Open').trim();
      if (!content || !isStatus(status)) {
        return html(
          reply,
          'Answer not sent',
          `<p>Write an answer and choose a status. <a href="/sandbox/helpdesk/tickets/${ticket.ticket_number}">Back to the ticket</a></p>`,
          400,
        );
      }
      await sandboxAgent.reply(db, ticket.id, { authorName: (form.authorName ?? '').trim(), content, status });
    } else if (action === 'close' || action === 'closeNoReply') {
      await sandboxAgent.setStatus(db, ticket.id, action === 'close' ? 'Closed' : 'CLOSED-NO REPLY');
    }
    return reply.redirect(`/sandbox/helpdesk/tickets/${ticket.ticket_number}`, 303);
  });
}
