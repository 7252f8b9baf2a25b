import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { RpcRefusal } from '../../server/rpc/response-codes.ts';
import { HelpDeskUnavailable } from '../../server/support/helpdesk.ts';
import { restHelpDesk } from '../../server/support/rest-helpdesk.ts';
import { SANDBOX_DESK_API_PATH, SANDBOX_DESK_SECRET } from '../../server/support/sandbox-desk-api.ts';
import { SANDBOX_TICKET_FIELDS } from '../../server/support/sandbox-helpdesk.ts';
import { listSupportTickets, supportTicketFields } from '../../server/support/tickets.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

/** A tiny PNG as the browser's file picker sends it. */
const PNG = `data:image/png;name=screenshot.png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64')}`;

for (const backend of BACKENDS) {
  describe(`support messages on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;
    let admin: Tokens;
    let annaId: number;

    const as =
      (tokens: Tokens, customerId?: number) =>
      async (method: string, params: object = {}) =>
        (await client.rpc(method, params, { token: tokens.accessToken, ...(customerId ? { customerId } : {}) })).body;

    /** The support agent answers on the sandbox help desk's page, as a tester would. */
    const agentAnswers = async (ticketNumber: string, content: string, status = 'Open') => {
      const answer = await test.server.app.inject({
        method: 'POST',
        url: `/sandbox/helpdesk/tickets/${ticketNumber}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ action: 'reply', content, authorName: 'Maria from support', status }).toString(),
      });
      expect(answer.statusCode).toBe(303);
    };

    const threadCount = async () =>
      Number(
        (
          await test.server.db
            .selectFrom('sandbox_helpdesk_threads')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
      admin = await client.signIn(DEMO_LOGINS.admin);
      annaId = (await as(anna)('profileInquiry')).customer.customerId;
    });
    afterAll(() => test?.close());

    it('opens a ticket, lists it, and takes the customer reply', async () => {
      const call = as(anna);
      const seeded = await call('supportTicketList');
      expect(seeded).toMatchObject({ responseCode: '00', unreadTicketNumbers: [] });
      expect(seeded.tickets.map((t: { derivedStatus: string }) => t.derivedStatus).sort()).toEqual(['closed', 'new']);
      const before = seeded.results as number;

      expect(await call('supportTicketCreate', { subject: 'Hi', message: 'x' })).toMatchObject({ responseCode: 'TA1' });
      expect(await call('supportTicketCreate', { subject: 'Card payment', message: 'Declined', attachment: 'data:text/plain;base64,aGVsbG8=' })).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'attachment' }],
      });

      const created = await call('supportTicketCreate', {
        subject: 'Card payment declined',
        message: 'My payment to a shop was declined today.',
        attachment: PNG,
      });
      expect(created).toMatchObject({
        responseCode: '00',
        ticket: { subject: 'Card payment declined', status: 'Open', derivedStatus: 'open', unread: false, lastThread: { to: 'desk' } },
      });
      const { ticketNumber } = created.ticket;

      const list = await call('supportTicketList');
      expect(list.results).toBe(before + 1);
      expect(list.tickets[0]).toMatchObject({ ticketNumber, derivedStatus: 'open', unread: false });

      const reply = await call('supportTicketReply', { ticketNumber, message: 'It was a card ending 4242.' });
      expect(reply).toMatchObject({ responseCode: '00', thread: { direction: 'in', authorName: 'Anna Novak', content: 'It was a card ending 4242.' } });

      const full = await call('supportTicketGet', { ticketNumber });
      expect(full.conversations.map((thread: { content: string }) => thread.content)).toEqual([
        'My payment to a shop was declined today.',
        'It was a card ending 4242.',
      ]);
      expect(full.conversations[0].attachment).toEqual({ fileName: 'screenshot.png', mediaType: 'image/png' });
      const preview = await call('supportTicketGet', { ticketNumber, preview: true });
      expect(preview.conversations).toHaveLength(2);
    });

    it('shows an agent answer as new and unread until the customer reads it', async () => {
      const call = as(anna);
      const { ticket } = await call('supportTicketCreate', { subject: 'Statement for March', message: 'Where do I find my March statement?' });
      await agentAnswers(ticket.ticketNumber, 'Under Accounts, then Statements.');

      expect(await call('supportTicketStats')).toMatchObject({ responseCode: '00', unreadTicketNumbers: [ticket.ticketNumber] });
      const newOnes = await call('supportTicketList', { status: 'new' });
      expect(newOnes.tickets.every((t: { derivedStatus: string }) => t.derivedStatus === 'new')).toBe(true);
      expect(newOnes.tickets[0]).toMatchObject({ ticketNumber: ticket.ticketNumber, derivedStatus: 'new', unread: true, lastThread: { to: 'customer' } });
      expect(newOnes.results).toBeLessThan((await call('supportTicketList')).results);
      const conversation = await call('supportTicketGet', { ticketNumber: ticket.ticketNumber });
      expect(conversation.conversations.at(-1)).toMatchObject({
        direction: 'out',
        authorName: 'Maria from support',
        content: 'Under Accounts, then Statements.',
      });

      const read = await call('supportTicketMarkRead', { ticketNumber: ticket.ticketNumber });
      expect(read).toMatchObject({ responseCode: '00', ticket: { unread: false, derivedStatus: 'new' }, unreadTicketNumbers: [] });
      expect((await call('supportTicketStats')).unreadTicketNumbers).toEqual([]);

      // The agent closes it: closed whatever was read; the customer writing again reopens it.
      await agentAnswers(ticket.ticketNumber, 'Closing this, glad to help.', 'Closed');
      expect((await call('supportTicketList', { status: 'closed' })).tickets[0]).toMatchObject({
        ticketNumber: ticket.ticketNumber,
        derivedStatus: 'closed',
        unread: true,
      });
      const again = await call('supportTicketReply', { ticketNumber: ticket.ticketNumber, message: 'One more question.' });
      expect(again.ticket).toMatchObject({ status: 'Open', derivedStatus: 'open', unread: false });
    });

    it('takes a file with a reply and gives each file back under its own name and type, to its owner only', async () => {
      const call = as(anna);
      const { ticket } = await call('supportTicketCreate', { subject: 'Two files', message: 'The first file.', attachment: PNG });
      const pdf = Buffer.from('%PDF-1.4\n% statement\n');
      const tooLarge = `data:application/pdf;name=big.pdf;base64,${Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10_000_001)]).toString('base64')}`;
      expect(await call('supportTicketReply', { ticketNumber: ticket.ticketNumber, message: 'Big', attachment: tooLarge })).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'attachment' }],
      });
      const reply = await call('supportTicketReply', {
        ticketNumber: ticket.ticketNumber,
        message: 'The statement.',
        attachment: `data:application/pdf;name=${encodeURIComponent('März statement.pdf')};base64,${pdf.toString('base64')}`,
      });
      expect(reply).toMatchObject({ responseCode: '00', thread: { attachment: { fileName: 'März statement.pdf', mediaType: 'application/pdf' } } });

      const { conversations } = await call('supportTicketGet', { ticketNumber: ticket.ticketNumber });
      const [first, second] = conversations as { id: string }[];
      const png = await call('supportAttachmentDownload', { ticketNumber: ticket.ticketNumber, threadId: first!.id });
      expect(png).toMatchObject({ responseCode: '00', fileName: 'screenshot.png', mediaType: 'image/png' });
      expect(Buffer.from(png.content, 'base64')).toEqual(Buffer.from(PNG.split(',')[1]!, 'base64'));

      // The same file as a download over HTTP: its name, its type, saved rather than shown.
      const url = `/api/support/tickets/${ticket.ticketNumber}/attachments/${second!.id}`;
      const download = await test.server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${anna.accessToken}` } });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="M_rz statement.pdf"; filename*=UTF-8''${encodeURIComponent('März statement.pdf')}`,
      );
      expect(download.rawPayload).toEqual(pdf);

      // Nobody else gets it, nor a message without a file, nor without signing in.
      expect(await as(northwind)('supportAttachmentDownload', { ticketNumber: ticket.ticketNumber, threadId: first!.id })).toMatchObject({
        responseCode: '13',
      });
      const other = await test.server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${northwind.accessToken}` } });
      expect(other.statusCode).toBe(403);
      expect((await test.server.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const { thread } = await call('supportTicketReply', { ticketNumber: ticket.ticketNumber, message: 'No file this time.' });
      expect(await call('supportAttachmentDownload', { ticketNumber: ticket.ticketNumber, threadId: thread.id })).toMatchObject({ responseCode: '13' });
    });

    it("refuses another customer's ticket with 13 and changes nothing", async () => {
      const { ticket } = await as(anna)('supportTicketCreate', { subject: 'Private matter', message: 'Only for Anna.' });
      const other = as(northwind);
      const threads = await threadCount();
      for (const [method, params] of [
        ['supportTicketGet', { ticketNumber: ticket.ticketNumber }],
        ['supportTicketReply', { ticketNumber: ticket.ticketNumber, message: 'Not mine' }],
        ['supportTicketMarkRead', { ticketNumber: ticket.ticketNumber }],
        ['supportTicketGet', { ticketNumber: '999999' }],
      ] as const) {
        expect(await other(method, params)).toMatchObject({ responseCode: '13' });
      }
      expect(await threadCount()).toBe(threads);
      const row = await test.server.db
        .selectFrom('sandbox_helpdesk_tickets')
        .select(['customer_read_at', 'status'])
        .where('id', '=', ticket.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ customer_read_at: null, status: 'Open' });
      const theirs = await other('supportTicketList');
      expect(theirs.tickets.map((t: { ticketNumber: string }) => t.ticketNumber)).not.toContain(ticket.ticketNumber);
    });

    it('lets an admin viewing the customer read tickets but not write or mark them read', async () => {
      const { ticket } = await as(anna)('supportTicketCreate', { subject: 'Viewed by admin', message: 'Hello' });
      expect(await as(admin)('adminViewStart', { customerId: annaId })).toMatchObject({ responseCode: '00' });
      const viewing = as(admin, annaId);
      expect(await viewing('supportTicketGet', { ticketNumber: ticket.ticketNumber })).toMatchObject({
        responseCode: '00',
        ticket: { ticketNumber: ticket.ticketNumber },
      });
      expect((await viewing('supportTicketReply', { ticketNumber: ticket.ticketNumber, message: 'From the admin' })).responseCode).not.toBe('00');
      expect((await viewing('supportTicketMarkRead', { ticketNumber: ticket.ticketNumber })).responseCode).not.toBe('00');
    });

    it("offers the desk's categories (GET /ticketsFields) and files a ticket under one of them only", async () => {
      const call = as(anna);
      const { fields } = await call('supportTicketFields');
      expect(fields).toEqual(SANDBOX_TICKET_FIELDS);
      const category = fields.find((field: { name: string }) => field.name === 'category');
      expect(category.choices.map((choice: { value: string }) => choice.value)).toContain('Cards');

      const message = { subject: 'Card declined abroad', message: 'My card was declined in Lisbon.' };
      const tickets = await threadCount();
      expect(await call('supportTicketCreate', { ...message, category: 'Pets' })).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'category', description: 'Choose one of the categories offered.' }],
      });
      expect(await threadCount()).toBe(tickets);
      const created = await call('supportTicketCreate', { ...message, category: 'Cards' });
      expect(created).toMatchObject({ responseCode: '00', ticket: { subject: '[Cards] Card declined abroad' } });
      expect((await call('supportTicketCreate', message)).ticket.subject).toBe('Card declined abroad');
    });

    it('against the desk over REST: a 401 gets a fresh JWT and one retry; a 429 marks it failed and cancels calls until Retry-After, then a 200 clears it', async () => {
      const api = `${test.url}${SANDBOX_DESK_API_PATH}`;
      const desk = restHelpDesk({ url: api, token: SANDBOX_DESK_SECRET });
      const contact = { id: String(annaId), email: DEMO_LOGINS.personal, name: 'Anna Novak' };
      const requests = async () => ((await (await fetch(`${api}/sandbox/requests`)).json()) as { requests: number }).requests;
      const refuse = async (body: object) =>
        expect(
          (await fetch(`${api}/sandbox/refuse`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
        ).toBe(200);

      // Through the adapter the desk's fields and Anna's tickets read as the sandbox holds them.
      expect(await supportTicketFields(desk, contact)).toEqual(SANDBOX_TICKET_FIELDS);
      const direct = await as(anna)('supportTicketList');
      const overRest = await listSupportTickets(desk, contact, {});
      expect(overRest.results).toBe(direct.results);
      expect(overRest.tickets.map((ticket) => ticket.ticketNumber)).toEqual(direct.tickets.map((ticket: { ticketNumber: string }) => ticket.ticketNumber));

      // 401 once: the same call succeeds after one retry, two requests in all.
      await refuse({ status: 401, times: 1 });
      let before = await requests();
      expect((await supportTicketFields(desk, contact)).map((field) => field.name)).toContain('category');
      expect((await requests()) - before).toBe(2);
      // 401 twice: one retry only, then the desk is called unavailable.
      await refuse({ status: 401, times: 2 });
      before = await requests();
      await expect(desk.ticketFields(contact)).rejects.toBeInstanceOf(HelpDeskUnavailable);
      expect((await requests()) - before).toBe(2);

      // 429: the tickets answer failed (UE, busy), and later calls are cancelled without reaching the desk.
      await refuse({ status: 429, times: 1, retryAfterSeconds: 1 });
      before = await requests();
      const failed = await listSupportTickets(desk, contact, {}).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(RpcRefusal);
      expect(failed).toMatchObject({ code: 'UE', message: 'Support is busy right now. Try again in a minute; nothing was lost.' });
      await expect(supportTicketFields(desk, contact)).rejects.toMatchObject({ code: 'UE' });
      expect((await requests()) - before).toBe(1);
      // After Retry-After the desk is asked again, and its 200 clears the failure.
      await expect
        .poll(
          () =>
            listSupportTickets(desk, contact, {}).then(
              (page) => page.results,
              () => 'failed',
            ),
          { interval: 200, timeout: 10_000 },
        )
        .toBe(direct.results);
      expect((await supportTicketFields(desk, contact)).length).toBe(SANDBOX_TICKET_FIELDS.length);
    });

    it('shows the agent desk page with the tickets and a reply form', async () => {
      const page = await client.get('/sandbox/helpdesk');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Card payment declined');
      const list = await as(anna)('supportTicketList');
      const ticketPage = await client.get(`/sandbox/helpdesk/tickets/${list.tickets[0].ticketNumber}`);
      expect(ticketPage.text).toContain('Send answer');
      expect((await client.get('/sandbox/helpdesk/tickets/424242')).status).toBe(404);
    });
  });
}
