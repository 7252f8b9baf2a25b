import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SANDBOX_AGENT_NAME } from './sandbox-helpdesk.ts';

const DAY = 24 * 60 * 60 * 1000;

interface DemoTicket {
  subject: string;
  status: 'Open' | 'Closed';
  /** Messages, oldest first: who wrote, what, how many days before `now`. */
  threads: { from: 'customer' | 'agent'; content: string; ageDays: number }[];
}

const DEMO_TICKETS: DemoTicket[] = [
  {
    subject: 'Card delivery to my new address',
    status: 'Closed',
    threads: [
      { from: 'customer', content: 'I moved last week. Can you send my replacement card to my new address?', ageDays: 20 },
      {
        from: 'agent',
        content: 'Done: we updated the delivery address and sent the card by courier. It should arrive within five business days.',
        ageDays: 19,
      },
    ],
  },
  {
    subject: 'Limit on incoming transfers',
    status: 'Open',
    threads: [
      { from: 'customer', content: 'Is there a limit on how much I can receive in one month?', ageDays: 2 },
      {
        from: 'agent',
        content: 'Your verified account has no monthly limit on incoming transfers. Single transfers above 15,000 EUR may be checked before they are credited.',
        ageDays: 1,
      },
    ],
  },
];

/**
 * Two answered, already read support conversations of the personal demo customer in the sandbox help
 * desk: one closed and one answered yesterday (shown as new). An unread answer is made on
 * /sandbox/helpdesk, as a tester would.
 */
export async function seedSupportDemo(db: Kysely<Database>, personalLogin: string, now: Date): Promise<void> {
  const user = await db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select(['customers.id', 'customers.first_name', 'customers.last_name', 'users.email'])
    .where('users.email', '=', personalLogin)
    .executeTakeFirstOrThrow();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  for (const ticket of DEMO_TICKETS) {
    const id = randomUUID();
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    const last = ticket.threads[ticket.threads.length - 1]!;
    await db
      .insertInto('sandbox_helpdesk_tickets')
      .values({
        id,
        contact_id: String(user.id),
        contact_email: user.email,
        contact_name: name,
        subject: ticket.subject,
        status: ticket.status,
        customer_read_at: at(last.ageDays - 0.5),
        created_at: at(ticket.threads[0]!.ageDays),
        updated_at: at(last.ageDays),
      })
      .execute();
    for (const thread of ticket.threads) {
      await db
        .insertInto('sandbox_helpdesk_threads')
        .values({
          ticket_id: id,
          direction: thread.from === 'customer' ? 'in' : 'out',
          author_name: thread.from === 'customer' ? name : SANDBOX_AGENT_NAME,
          content: thread.content,
          created_at: at(thread.ageDays),
        })
        .execute();
    }
  }
}
