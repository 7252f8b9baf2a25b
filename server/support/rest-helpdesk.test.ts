import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { HelpDeskUnavailable } from './helpdesk.ts';
import { restHelpDesk } from './rest-helpdesk.ts';

const contact = { id: '42', email: 'anna@example.com', name: 'Anna Novak' };
const gateway = { url: 'https://desk.example/api/v1', token: 'a-shared-secret-of-the-desk' };

/** A fake desk answering from a script of statuses, recording what it was sent. */
function scriptedDesk(statuses: number[], body: object = { data: [], count: 0 }) {
  const calls: { url: string; authorization: string }[] = [];
  const send = (async (url: string, init: RequestInit) => {
    calls.push({ url, authorization: (init.headers as Record<string, string>).authorization! });
    const status = statuses.shift() ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(status === 200 ? body : {}), { status, headers: status === 429 ? { 'retry-after': '30' } : {} });
  }) as typeof fetch;
  return { calls, send };
}

describe('restHelpDesk', () => {
  it('signs a JWT naming the contact with HELPDESK_TOKEN', async () => {
    const desk = scriptedDesk([200]);
    await restHelpDesk(gateway, desk.send).listTickets(contact, { from: 1, limit: 20 });
    const jwt = desk.calls[0]!.authorization.replace('Bearer ', '');
    const { payload } = await jwtVerify(jwt, new TextEncoder().encode(gateway.token));
    expect(payload).toMatchObject({ sub: '42', email: 'anna@example.com', name: 'Anna Novak' });
    expect(desk.calls[0]!.url).toBe('https://desk.example/api/v1/tickets?from=1&limit=20&sortBy=-modifiedTime&include=lastThread');
  });

  it('retries once with a fresh JWT after a 401', async () => {
    const desk = scriptedDesk([401, 200], {
      data: [
        {
          id: 't1',
          ticketNumber: '1001',
          subject: 'Card',
          status: 'Open',
          contactId: '42',
          createdTime: '2026-03-01T10:00:00Z',
          modifiedTime: '2026-03-02T10:00:00Z',
          lastThread: { createdTime: '2026-03-02T10:00:00Z', direction: 'out' },
          cf: { cf_customer_read_at: null },
        },
      ],
      count: 1,
    });
    const page = await restHelpDesk(gateway, desk.send).listTickets(contact, { from: 1, limit: 20 });
    expect(desk.calls).toHaveLength(2);
    expect(page).toMatchObject({ total: 1, tickets: [{ ticketNumber: '1001', contactId: '42', lastThread: { to: 'customer' }, customerReadAt: null }] });

    const twice = scriptedDesk([401, 401]);
    await expect(restHelpDesk(gateway, twice.send).listTickets(contact, { from: 1, limit: 20 })).rejects.toBeInstanceOf(HelpDeskUnavailable);
    expect(twice.calls).toHaveLength(2);
  });

  it('marks the desk failed on a 429 and cancels later calls until Retry-After', async () => {
    const desk = scriptedDesk([429, 200]);
    const adapter = restHelpDesk(gateway, desk.send);
    await expect(adapter.listTickets(contact, { from: 1, limit: 20 })).rejects.toMatchObject({ busy: true });
    await expect(adapter.findTicket(contact, '1001')).rejects.toMatchObject({ busy: true });
    expect(desk.calls).toHaveLength(1);
  });
});
