import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { escapeHtml, sandboxPage } from '../sandbox/page.ts';

/** How many messages the outbox shows at once. */
const OUTBOX_PAGE_SIZE = 50;

interface OutboxQuery {
  to?: string;
  purpose?: string;
}

/** The newest messages, optionally for one recipient and one purpose. */
async function latestMessages(db: Kysely<Database>, { to, purpose }: OutboxQuery) {
  let query = db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(OUTBOX_PAGE_SIZE);
  if (to) query = query.where('recipient', '=', to.toLowerCase().replace(/^\+/, ''));
  if (purpose) query = query.where('purpose', '=', purpose);
  return query.execute();
}

/**
 * The sandbox outbox: what the SMS and e-mail sandboxes "delivered", newest first, as a page a tester
 * reads (/sandbox/outbox?to=...) and as JSON for tests (/sandbox/outbox/messages?to=...&purpose=...).
 * Registered only when sandboxes are on (never in production).
 */
export async function outboxPage(app: FastifyInstance, options: { db: Kysely<Database> }): Promise<void> {
  app.get<{ Querystring: OutboxQuery }>('/sandbox/outbox/messages', async (request) => ({
    messages: (await latestMessages(options.db, request.query)).map((message) => ({
      id: message.id,
      channel: message.channel,
      to: message.recipient,
      subject: message.subject,
      body: message.body,
      purpose: message.purpose,
      createdAt: message.created_at.toISOString(),
    })),
  }));

  app.get<{ Querystring: OutboxQuery }>('/sandbox/outbox', async (request, reply) => {
    const messages = await latestMessages(options.db, request.query);
    const rows = messages
      .map(
        (message) => `<article class="message">
  <h2>${message.channel === 'sms' ? 'SMS' : 'E-mail'} to ${escapeHtml(message.recipient)}</h2>
  <p class="meta"><time datetime="${message.created_at.toISOString()}">${message.created_at.toISOString()}</time> · ${escapeHtml(message.purpose)}</p>
  ${message.subject ? `<h3>${escapeHtml(message.subject)}</h3>` : ''}
  <pre>${escapeHtml(message.body)}</pre>
</article>`,
      )
      .join('\n');
    const filter = `<form method="get"><label for="to">Recipient</label> <input id="to" name="to" value="${escapeHtml(request.query.to ?? '')}" placeholder="e-mail or phone"> <button>Show</button></form>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(sandboxPage('Outbox', `${filter}\n${rows || '<p>No messages yet. Messages the product sends by SMS or e-mail appear here.</p>'}`));
  });
}
