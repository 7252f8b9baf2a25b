/**
 * The webhook paths of the public API (issue 18 item 1): endpoints created (the signing secret answered
 * once), listed, changed and deleted through their declared REST paths; a ping answered by a local
 * receiver; the log of attempts paged by cursor with its filters; replay. And the outbound check (item 2):
 * URLs that reach private, loopback, link-local or metadata addresses are refused as TA1 on `url`; the
 * harness allows 127.0.0.1 (OUTBOUND_LOOPBACK_ALLOWED), a server without the flag refuses it too.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMessages } from '../../server/messaging/messages.ts';
import { deliverDueWebhooks, enqueueEvent } from '../../server/webhooks/index.ts';
import { ApiClient, type Json, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, TEST_PASSWORD } from './ledger-support.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local endpoint answering 200 "ok" and keeping every request. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const headersOf = (request: Received) => ({
  'webhook-id': String(request.headers['webhook-id']),
  'webhook-timestamp': String(request.headers['webhook-timestamp']),
  'webhook-signature': String(request.headers['webhook-signature']),
});

/** Addresses no customer URL may reach, whatever the flag. */
const ALWAYS_REFUSED = [
  'http://10.0.0.7/hooks',
  'http://192.168.1.10/hooks',
  'http://172.16.0.1/hooks',
  'http://169.254.169.254/latest/meta-data',
  'http://[fd00:ec2::254]/hooks',
  'http://[fe80::1]/hooks',
  'http://[::ffff:10.0.0.1]/hooks',
  'http://0.0.0.0/hooks',
];

for (const backend of BACKENDS) {
  describe(`webhook REST paths on ${backend.name}`, () => {
    let test: TestServer;
    let strict: TestServer;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let merchant: { customerId: number; tokens: Tokens };

    const call = async (server: TestServer, verb: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
      const response = await fetch(`${server.url}${path}`, {
        method: verb,
        headers: { authorization: `Bearer ${merchant.tokens.accessToken}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const manage = (verb: string, path: string, body?: unknown) => call(test, verb, path, body);
    const deliver = () => deliverDueWebhooks(test.server.db, { messages: sandboxMessages(test.server.db), now: new Date() });

    beforeAll(async () => {
      test = await startTestServer(backend);
      receiver = await startReceiver();
      const owner = await createPersonalCustomer(test.server.db, 'hooks');
      merchant = { customerId: owner.customerId, tokens: await new ApiClient(test.url).signIn(owner.email, TEST_PASSWORD) };
    }, 120_000);
    afterAll(async () => {
      await receiver?.close();
      await strict?.close();
      await test?.close();
    });

    it('creates an endpoint with its secret shown once, lists, disables, renames and deletes it', async () => {
      const created = await manage('POST', '/public-api/webhook', { customerId: merchant.customerId, name: 'Shop', url: receiver.url });
      expect(created.status).toBe(200);
      expect(created.body.secret).toMatch(/^whsec_/);
      expect(created.body.webhook).toMatchObject({ customerId: merchant.customerId, name: 'Shop', url: receiver.url, enabled: true });
      const id = created.body.webhook.id as number;

      const listed = await manage('GET', `/public-api/webhook?customerId=${merchant.customerId}`);
      expect(listed.status).toBe(200);
      expect(listed.body.webhooks).toEqual([created.body.webhook]);
      expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);

      const disabled = await manage('PUT', `/public-api/webhook/${id}`, { customerId: merchant.customerId, enabled: false, name: 'Shop hooks' });
      expect(disabled.status).toBe(200);
      expect(disabled.body.webhook).toMatchObject({ id, enabled: false, name: 'Shop hooks' });

      expect((await manage('PUT', '/public-api/webhook/999999', { customerId: merchant.customerId, enabled: true })).status).toBe(404);
      expect((await manage('DELETE', `/public-api/webhook/${id}?customerId=${merchant.customerId}`)).body).toEqual({ deleted: true });
      expect((await manage('DELETE', `/public-api/webhook/${id}?customerId=${merchant.customerId}`)).status).toBe(404);
      expect((await manage('GET', `/public-api/webhook?customerId=${merchant.customerId}`)).body.webhooks).toEqual([]);
    });

    it('refuses a create without a name or an http(s) URL as TA1 on its field', async () => {
      const noUrl = await manage('POST', '/public-api/webhook', { customerId: merchant.customerId, name: 'Shop' });
      expect(noUrl.status).toBe(400);
      expect(noUrl.body.errors.map((error: { field: string }) => error.field)).toContain('url');
      const ftp = await manage('POST', '/public-api/webhook', { customerId: merchant.customerId, name: 'Shop', url: 'ftp://shop.example/x' });
      expect(ftp.status).toBe(400);
      expect(ftp.body).toMatchObject({ responseCode: 'TA1', errors: [{ field: 'url' }] });
    });

    it('pings a URL and answers what the receiver said, signed with the endpoint secret', async () => {
      const { body } = await manage('POST', '/public-api/webhook', { customerId: merchant.customerId, name: 'Ping', url: receiver.url });
      receiver.received.length = 0;
      const ping = await manage('POST', '/public-api/webhook/ping', { customerId: merchant.customerId, url: receiver.url });
      expect(ping.status).toBe(200);
      expect(ping.body).toMatchObject({ delivered: true, status: 200, responseBody: 'ok' });
      expect(receiver.received).toHaveLength(1);
      const event = new Webhook(body.secret).verify(receiver.received[0]!.body, headersOf(receiver.received[0]!)) as { type: string };
      expect(event.type).toBe('webhook.ping');
      await manage('DELETE', `/public-api/webhook/${body.webhook.id}?customerId=${merchant.customerId}`);
    });

    it('refuses private, link-local and metadata addresses on create, update and ping', async () => {
      const { body } = await manage('POST', '/public-api/webhook', { customerId: merchant.customerId, name: 'Guarded', url: receiver.url });
      for (const url of ALWAYS_REFUSED) {
        for (const [verb, path, payload] of [
          ['POST', '/public-api/webhook', { customerId: merchant.customerId, name: 'Inside', url }],
          ['PUT', `/public-api/webhook/${body.webhook.id}`, { customerId: merchant.customerId, url }],
          ['POST', '/public-api/webhook/ping', { customerId: merchant.customerId, url }],
        ] as const) {
          const answer = await manage(verb, path, payload);
          expect({ url, verb, path, status: answer.status, body: answer.body }).toMatchObject({
            status: 400,
            body: { responseCode: 'TA1', errors: [{ field: 'url' }] },
          });
        }
      }
      const listed = await manage('GET', `/public-api/webhook?customerId=${merchant.customerId}`);
      expect(listed.body.webhooks).toEqual([expect.objectContaining({ name: 'Guarded', url: receiver.url })]);
      await manage('DELETE', `/public-api/webhook/${body.webhook.id}?customerId=${merchant.customerId}`);
    });

    it('refuses loopback too on a server without the loopback flag, by address and by a name that resolves to it', async () => {
      strict = await startTestServer(backend, { outboundLoopbackAllowed: false });
      const owner = await createPersonalCustomer(strict.server.db, 'strict');
      merchant = { customerId: owner.customerId, tokens: await new ApiClient(strict.url).signIn(owner.email, TEST_PASSWORD) };
      receiver.received.length = 0;
      try {
        for (const url of [receiver.url, 'http://127.1.2.3/hooks', 'http://[::1]/hooks', 'http://localhost/hooks', 'http://2130706433/hooks']) {
          const answer = await call(strict, 'POST', '/public-api/webhook', { customerId: owner.customerId, name: 'Loop', url });
          expect({ url, status: answer.status, errors: answer.body.errors }).toMatchObject({ status: 400, errors: [{ field: 'url' }] });
          const ping = await call(strict, 'POST', '/public-api/webhook/ping', { customerId: owner.customerId, url });
          expect({ url, status: ping.status }).toEqual({ url, status: 400 });
        }
        expect(receiver.received.filter((request) => request.body.includes('webhook.ping'))).toHaveLength(0);
      } finally {
        const again = await createPersonalCustomer(test.server.db, 'hooks-again');
        merchant = { customerId: again.customerId, tokens: await new ApiClient(test.url).signIn(again.email, TEST_PASSWORD) };
      }
      // A second server starts with its migrations and demo data: slow on a busy machine.
    }, 300_000);

    it('pages the log by cursor, 20 a page, with its filters, and replays an attempt', async () => {
      const { body } = await manage('POST', '/public-api/webhook', { customerId: merchant.customerId, name: 'Log', url: receiver.url });
      const events = Array.from({ length: 23 }, (_, index) => ({
        customerId: merchant.customerId,
        type: 'payment.received',
        data: { transferId: index + 1, accountId: 1, amount: '1.00', currencyCode: 'USD', payerName: `Payer ${index}`, receivedAt: new Date().toISOString() },
      }));
      await test.server.db.transaction().execute(async (trx) => {
        for (const event of events) await enqueueEvent(trx, event);
        await enqueueEvent(trx, {
          customerId: merchant.customerId,
          type: 'verification.finished',
          data: { verificationId: 'v-1', kind: 'identity', outcome: 'completed', finishedAt: new Date().toISOString() },
        });
      });
      receiver.received.length = 0;
      await deliver();
      expect(receiver.received).toHaveLength(24);

      const first = await manage('GET', `/public-api/webhookRequest?customerId=${merchant.customerId}`);
      expect(first.status).toBe(200);
      expect(first.body.items).toHaveLength(20);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const second = await manage('GET', `/public-api/webhookRequest?customerId=${merchant.customerId}&cursor=${encodeURIComponent(first.body.nextCursor)}`);
      expect(second.body.items).toHaveLength(4);
      expect(second.body.nextCursor).toBeUndefined();
      const ids = [...first.body.items, ...second.body.items].map((item: { id: string }) => item.id);
      expect(new Set(ids).size).toBe(24);

      const verification = await manage('GET', `/public-api/webhookRequest?customerId=${merchant.customerId}&query=verification`);
      expect(verification.body.items.map((item: { eventType: string }) => item.eventType)).toEqual(['verification.finished']);
      const small = await manage('GET', `/public-api/webhookRequest?customerId=${merchant.customerId}&query=payment.received&limit=5`);
      expect(small.body.items).toHaveLength(5);
      const today = new Date().toISOString().slice(0, 10);
      const future = await manage('GET', `/public-api/webhookRequest?customerId=${merchant.customerId}&fromDate=2999-01-01`);
      expect(future.body.items).toEqual([]);
      const todays = await manage('GET', `/public-api/webhookRequest?customerId=${merchant.customerId}&fromDate=${today}&toDate=${today}&limit=100`);
      expect(todays.body.items).toHaveLength(24);
      const badCursor = await manage('GET', `/public-api/webhookRequest?customerId=${merchant.customerId}&cursor=nonsense`);
      expect(badCursor).toMatchObject({ status: 400, body: { errors: [{ field: 'cursor' }] } });
      const badDate = await manage('GET', `/public-api/webhookRequest?customerId=${merchant.customerId}&fromDate=yesterday`);
      expect(badDate).toMatchObject({ status: 400, body: { errors: [{ field: 'fromDate' }] } });

      const attempt = verification.body.items[0] as { id: string; messageId: string; requestBody: string; responseBody: string };
      expect(attempt.responseBody).toBe('ok');
      receiver.received.length = 0;
      const replayed = await manage('POST', `/public-api/webhookRequest/${attempt.id}/replay`, { customerId: merchant.customerId });
      expect(replayed.status).toBe(200);
      expect(replayed.body.deliveryIds).toHaveLength(1);
      await deliver();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers['webhook-id']).toBe(attempt.messageId);
      expect(new Webhook(body.secret).verify(receiver.received[0]!.body, headersOf(receiver.received[0]!))).toMatchObject({ type: 'verification.finished' });
      const after = await manage('GET', `/public-api/webhookRequest?customerId=${merchant.customerId}&query=${attempt.messageId}`);
      expect(after.body.items).toHaveLength(2);

      expect((await manage('POST', '/public-api/webhookRequest/999999999/replay', { customerId: merchant.customerId })).status).toBe(404);
    });
  });
}
