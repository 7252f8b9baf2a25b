/**
 * Webhooks (issue 18 item 3): events raised by real flows are delivered to a local receiver, signed so the
 * Standard Webhooks reference library verifies them; failures are retried by the schedule (the runner's
 * clock is moved, nothing waits), an endpoint failing through the whole schedule is disabled with an e-mail;
 * a replay is a new attempt; nothing is queued when the business transaction rolls back; a restart loses
 * nothing.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { sandboxMessages } from '../../server/messaging/messages.ts';
import {
  createEndpoint,
  deliverDueWebhooks,
  enqueueEvent,
  listEndpoints,
  listRequests,
  MAX_ATTEMPTS,
  replay,
  RETRY_DELAYS_MS,
  type WebhookEndpoint,
  type WebhookRequestPage,
} from '../../server/webhooks/index.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local endpoint: answers the statuses queued in `answers` in turn (200 once they run out) and keeps every request. */
async function startReceiver(): Promise<{ url: string; received: Received[]; answers: number[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'try later');
    });
  });
  // Kept-alive connections outlive a server restart, so a delivery after it never meets a socket just closed.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, answers, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const signed = (request: Received) => ({
  'webhook-id': String(request.headers['webhook-id']),
  'webhook-timestamp': String(request.headers['webhook-timestamp']),
  'webhook-signature': String(request.headers['webhook-signature']),
});

for (const backend of BACKENDS) {
  describe(`webhooks on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let annaCustomerId: number;
    let northwindId: number;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let demo: { endpoints: WebhookEndpoint[]; log: WebhookRequestPage };

    const db = () => test.server.db;
    const call = (method: string, params: Record<string, unknown>, tokens = anna) => client.rpc(method, params, { token: tokens.accessToken });
    const deliver = (now: Date) => deliverDueWebhooks(db(), { messages: sandboxMessages(db()), now });
    /** Anna pays Northwind by e-mail, sent at once (no second factor): a real transfer between two customers. */
    const payNorthwind = async (amount: string) => {
      const usd = (await call('balanceInquiry', {})).body.accounts.find((a: { currencyCode: string }) => a.currencyCode === 'USD');
      return call('p2pTransfer', { idempotencyKey: randomUUID(), accountId: usd.accountId, amount, toEmail: DEMO_LOGINS.business });
    };
    const messagesOf = (customerId: number) => db().selectFrom('webhook_messages').selectAll().where('customer_id', '=', customerId).execute();

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      const annaUser = await db().selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.personal).executeTakeFirstOrThrow();
      annaCustomerId = annaUser.customer_id!;
      await db().updateTable('customers').set({ transaction_approve_mode: null }).where('id', '=', annaCustomerId).execute();
      const northwindUser = await db().selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow();
      northwindId = northwindUser.customer_id!;
      demo = { endpoints: await listEndpoints(db(), northwindId), log: await listRequests(db(), northwindId) };
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver?.close();
      await test?.close();
    });
    beforeEach(async () => {
      // Each test has Northwind's one endpoint to itself (the demo endpoint included, all go).
      await db().deleteFrom('webhook_endpoints').where('customer_id', '=', northwindId).execute();
      receiver.received.length = 0;
      receiver.answers.length = 0;
    });

    it('has Northwind’s demo endpoint with a delivered event and one failed then delivered', () => {
      expect(demo.endpoints).toEqual([expect.objectContaining({ name: 'Northwind shop', enabled: true })]);
      expect(demo.log.items.map((item) => [item.eventType, item.outcome, item.responseStatus])).toEqual([
        ['payout.settled', 'delivered', 200],
        ['payout.settled', 'failed', 503],
        ['payment.received', 'delivered', 200],
      ]);
      expect(demo.log.nextCursor).toBeUndefined();
    });

    it('delivers a payment received by a real transfer, signed so the Standard Webhooks reference verifies it', async () => {
      const { endpoint, secret } = await createEndpoint(db(), northwindId, { name: 'Shop', url: receiver.url });
      expect(secret).toMatch(/^whsec_/);
      expect(JSON.stringify(await listEndpoints(db(), northwindId))).not.toContain(secret);
      const paid = await payNorthwind('12.50');
      expect(paid.body).toMatchObject({ responseCode: '00', status: 'completed' });

      expect(await deliver(new Date())).toMatchObject({ delivered: 1, retrying: 0 });
      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      const payload = new Webhook(secret).verify(request!.body, signed(request!)) as { type: string; data: Record<string, unknown> };
      expect(payload).toMatchObject({
        type: 'payment.received',
        data: { transferId: paid.body.operationId, amount: '12.50', currencyCode: 'USD', payerName: expect.any(String) },
      });
      // A byte changed in transit fails the reference check.
      expect(() => new Webhook(secret).verify(request!.body.replace('12.50', '99.50'), signed(request!))).toThrow();

      const log = await listRequests(db(), northwindId);
      expect(log.items[0]).toMatchObject({
        eventType: 'payment.received',
        endpointId: endpoint.id,
        outcome: 'delivered',
        responseStatus: 200,
        responseBody: 'ok',
      });
      expect(log.items[0]!.requestHeaders['webhook-id']).toBe(request!.headers['webhook-id']);
      // Nothing more is due.
      expect(await deliver(new Date(Date.now() + 60 * 60 * 1000))).toMatchObject({ delivered: 0, retrying: 0 });
      // Anna paid; she has no endpoint, and her own outgoing payment is no event for her.
      expect(await messagesOf(annaCustomerId)).toEqual([]);
    });

    it('retries a failing receiver by the schedule: failed twice, delivered on the third attempt', async () => {
      await createEndpoint(db(), northwindId, { name: 'Flaky', url: receiver.url });
      receiver.answers.push(500, 503);
      await payNorthwind('3.00');
      const start = new Date();
      expect(await deliver(start)).toMatchObject({ delivered: 0, retrying: 1 });
      // Not due before its delay is over.
      expect(await deliver(new Date(start.getTime() + RETRY_DELAYS_MS[1]! - 1000))).toMatchObject({ delivered: 0, retrying: 0 });
      const second = new Date(start.getTime() + RETRY_DELAYS_MS[1]!);
      expect(await deliver(second)).toMatchObject({ delivered: 0, retrying: 1 });
      expect(await deliver(new Date(second.getTime() + RETRY_DELAYS_MS[2]!))).toMatchObject({ delivered: 1 });
      expect(receiver.received).toHaveLength(3);
      // The same message each time: one webhook-id, one body.
      expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
      expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
      const log = await listRequests(db(), northwindId, { limit: 3 });
      expect(log.items.map((item) => [item.outcome, item.responseStatus])).toEqual([
        ['delivered', 200],
        ['failed', 503],
        ['failed', 500],
      ]);
      expect(log.items[2]!.nextAttemptAt).toBe(second.toISOString());
    });

    it('disables an endpoint failing through the whole schedule and tells the customer by e-mail', async () => {
      const { endpoint } = await createEndpoint(db(), northwindId, { name: 'Gone', url: receiver.url });
      receiver.answers.push(...Array.from({ length: MAX_ATTEMPTS }, () => 500));
      await payNorthwind('1.00');
      let now = new Date();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        now = new Date(now.getTime() + RETRY_DELAYS_MS[attempt - 1]!);
        const outcome = await deliver(now);
        expect(outcome).toMatchObject(attempt < MAX_ATTEMPTS ? { retrying: 1, disabled: 0 } : { failed: 1, disabled: 1 });
      }
      expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
      const [disabled] = await listEndpoints(db(), northwindId);
      expect(disabled).toMatchObject({ id: endpoint.id, enabled: false, disabledReason: 'failing' });
      const notices = await db().selectFrom('outbox_messages').select(['recipient', 'subject']).where('purpose', '=', 'webhookDisabled').execute();
      expect(notices).toContainEqual({ recipient: DEMO_LOGINS.business, subject: expect.stringContaining('Gone') });
      // A disabled endpoint is not sent to, and gets no new events.
      await payNorthwind('1.00');
      expect(await deliver(new Date(now.getTime() + 24 * 60 * 60 * 1000))).toMatchObject({ delivered: 0, retrying: 0, failed: 0 });
      expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    });

    it('replays a logged attempt as a new attempt of the same message', async () => {
      await createEndpoint(db(), northwindId, { name: 'Replayed', url: receiver.url });
      await payNorthwind('2.00');
      await deliver(new Date());
      const [first] = (await listRequests(db(), northwindId)).items;
      expect(await replay(db(), annaCustomerId, first!.id).catch((error: Error) => error.name)).toBe('RpcRefusal');
      expect(await replay(db(), northwindId, first!.id)).toHaveLength(1);
      expect(await deliver(new Date())).toMatchObject({ delivered: 1 });
      const log = await listRequests(db(), northwindId);
      expect(log.items[0]).toMatchObject({ messageId: first!.messageId, outcome: 'delivered' });
      expect(log.items[0]!.id).not.toBe(first!.id);
      expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([first!.messageId, first!.messageId]);
      // By message id, to every enabled endpoint.
      expect(await replay(db(), northwindId, first!.messageId)).toHaveLength(1);
    });

    it('queues nothing when the business transaction rolls back, or when the payment is refused', async () => {
      await createEndpoint(db(), northwindId, { name: 'Outbox', url: receiver.url });
      const before = (await messagesOf(northwindId)).length;
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            const id = await enqueueEvent(trx, { customerId: northwindId, type: 'webhook.ping', data: { message: 'inside' } });
            expect(id).toMatch(/^msg_/);
            throw new Error('the business change failed');
          }),
      ).rejects.toThrow('the business change failed');
      const refused = await payNorthwind('99999999.00');
      expect(refused.body.responseCode).not.toBe('00');
      expect(await messagesOf(northwindId)).toHaveLength(before);
      expect(await deliver(new Date())).toMatchObject({ delivered: 0 });
      expect(receiver.received).toHaveLength(0);
    });

    it('refuses event data that does not match its schema, and an unknown type', async () => {
      await db()
        .transaction()
        .execute(async (trx) => {
          await expect(enqueueEvent(trx, { customerId: northwindId, type: 'payment.received', data: { amount: 12 } })).rejects.toThrow(/does not match/);
          await expect(enqueueEvent(trx, { customerId: northwindId, type: 'nothing.happened', data: {} })).rejects.toThrow(/not declared/);
        });
    });

    it('delivers after a restart what was queued before it, and what a dead process had claimed', async () => {
      await createEndpoint(db(), northwindId, { name: 'Durable', url: receiver.url });
      await payNorthwind('4.00');
      await payNorthwind('5.00');
      // One delivery was taken by a process that died while sending: leased ahead, never recorded.
      const [claimed] = await db().selectFrom('webhook_deliveries').select('id').where('state', '=', 'pending').orderBy('id').execute();
      const leasedUntil = new Date(Date.now() + 70_000);
      await db().updateTable('webhook_deliveries').set({ next_attempt_at: leasedUntil }).where('id', '=', claimed!.id).execute();
      await test.restart();
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      const afterRestart = await deliver(new Date());
      expect(afterRestart, JSON.stringify((await listRequests(db(), northwindId, { limit: 1 })).items[0])).toMatchObject({ delivered: 1 });
      expect(await deliver(new Date(leasedUntil.getTime() + 1000))).toMatchObject({ delivered: 1 });
      const bodies = receiver.received.map((request) => JSON.parse(request.body).data.amount).sort();
      expect(bodies).toEqual(['4.00', '5.00']);
    });

    it('pages the log by an opaque cursor and refuses bad filters on their field', async () => {
      await createEndpoint(db(), northwindId, { name: 'Paged', url: receiver.url });
      for (let i = 0; i < 3; i++) await payNorthwind('1.00');
      await deliver(new Date());
      const all = await listRequests(db(), northwindId, { query: 'payment.received' });
      const first = await listRequests(db(), northwindId, { limit: 2, query: 'payment.received' });
      expect(first.items).toHaveLength(2);
      const second = await listRequests(db(), northwindId, { limit: 2, query: 'payment.received', cursor: first.nextCursor! });
      expect([...first.items, ...second.items].map((item) => item.id)).toEqual(
        all.items.slice(0, first.items.length + second.items.length).map((item) => item.id),
      );
      expect((await listRequests(db(), northwindId, { toDate: '2000-01-01' })).items).toEqual([]);
      expect((await listRequests(db(), annaCustomerId)).items).toEqual([]);
      const refusal = (promise: Promise<unknown>) =>
        promise.then(
          () => undefined,
          (error: { code: string; body: { validationErrors: Array<{ field: string }> } }) => [error.code, error.body.validationErrors[0]!.field],
        );
      expect(await refusal(listRequests(db(), northwindId, { limit: 101 }))).toEqual(['TA1', 'limit']);
      expect(await refusal(listRequests(db(), northwindId, { cursor: 'nonsense' }))).toEqual(['TA1', 'cursor']);
      expect(await refusal(listRequests(db(), northwindId, { fromDate: 'yesterday' }))).toEqual(['TA1', 'fromDate']);
      expect(await refusal(createEndpoint(db(), northwindId, { name: 'Bad', url: 'ftp://example.com' }))).toEqual(['TA1', 'url']);
    });
  });
}
